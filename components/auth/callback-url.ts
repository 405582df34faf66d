/**
 * Where to go after signing in: only a path on this site ("/account", "/match/abc?x=1"), never another origin, so a
 * crafted link cannot bounce a fresh session to someone else's page.
 *
 * @example
 *   safeCallbackUrl("/account");          // "/account"
 *   safeCallbackUrl("https://evil.test"); // "/"
 *   safeCallbackUrl("//evil.test");       // "/"
 */
export function safeCallbackUrl(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value;
}
