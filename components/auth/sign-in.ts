/**
 * Signing in through next-auth from a form: returns null on success, else the message to show. next-auth's client
 * fetches its CSRF token and posts it with the credentials, so the sign-in is protected against cross-site posts.
 *
 * @example
 *   const problem = await signInWith("credentials", { username, password });
 *   if (!problem) window.location.assign(callbackUrl);
 */
import { signIn } from "next-auth/react";
import { signInResultMessage } from "./messages";

export async function signInWith(provider: "credentials" | "guest", fields: Record<string, string> = {}): Promise<string | null> {
  try {
    const result = await signIn(provider, { ...fields, redirect: false });
    if (!result) return "Signing in failed; please try again.";
    if (result.error) return signInResultMessage(result.error);
    // A refused CSRF token comes back as a redirect to the sign-in page, without an error code.
    if (!result.ok || (result.url ?? "").includes("csrf=true")) return "Signing in failed; please reload the page and try again.";
    return null;
  } catch {
    return "The server could not be reached; check your connection and try again.";
  }
}
