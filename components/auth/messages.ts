/**
 * The form-facing text for next-auth's sign-in error codes. Only known codes are shown: an `?error=` in a link is
 * chosen by whoever made the link, so unknown text is replaced by a generic message instead of being displayed.
 *
 * @example
 *   signInErrorMessage("CredentialsSignin"); // "Wrong username or password."
 */
const KNOWN: Record<string, string> = {
  CredentialsSignin: "Wrong username or password.",
  SessionRequired: "Please sign in to see that page.",
};

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return KNOWN[code] ?? "Signing in failed; please try again.";
}

/** The text of a failed signIn() call: next-auth's code, or the message our server attached (e.g. a rate limit). */
export function signInResultMessage(error: string): string {
  return KNOWN[error] ?? error;
}
