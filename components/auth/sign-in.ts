/**
 * Signing in through next-auth from a form: returns null on success, else the error code to show (worded by
 * components/i18n/error-text.ts). next-auth's client fetches its CSRF token and posts it with the credentials, so the
 * sign-in is protected against cross-site posts. That client is loaded when someone signs in, not with the page: the
 * seat panel's "play as a guest" is on every match page, and next-auth's client weighs ~10 KB gzipped.
 *
 * @example
 *   const problem = await signInWith("credentials", { username, password });
 *   if (!problem) window.location.assign(callbackUrl);
 */
import { signInErrorCode } from "./messages";

export async function signInWith(provider: "credentials" | "guest", fields: Record<string, string> = {}): Promise<string | null> {
  try {
    const { signIn } = await import("next-auth/react");
    const result = await signIn(provider, { ...fields, redirect: false });
    if (!result) return "ERR_SIGNIN_FAILED";
    if (result.error) return signInErrorCode(result.error);
    // A refused CSRF token comes back as a redirect to the sign-in page, without an error code.
    if (!result.ok || (result.url ?? "").includes("csrf=true")) return "ERR_SIGNIN_RELOAD";
    return null;
  } catch {
    return "ERR_NETWORK";
  }
}
