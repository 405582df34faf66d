/**
 * The error code a sign-in form shows for next-auth's answer; the form words it through `errors.<code>`
 * (components/i18n/error-text.ts). Only known codes pass: an `?error=` in a link is chosen by whoever made the link,
 * so anything else becomes the generic ERR_SIGNIN_FAILED instead of being displayed.
 *
 * @example
 *   signInErrorCode("CredentialsSignin"); // "ERR_INVALID_CREDENTIALS"
 *   signInErrorCode("<script>");          // "ERR_SIGNIN_FAILED"
 */
const KNOWN: Record<string, string> = {
  CredentialsSignin: "ERR_INVALID_CREDENTIALS",
  SessionRequired: "ERR_SESSION_REQUIRED",
  // The credentials and guest providers throw the code of a rate-limit refusal (server/auth/options.ts).
  ERR_RATE_LIMITED: "ERR_RATE_LIMITED",
};

export function signInErrorCode(code: string | null | undefined): string | null {
  if (!code) return null;
  return KNOWN[code] ?? "ERR_SIGNIN_FAILED";
}
