"use client";
/**
 * Signs out (next-auth's CSRF-protected sign-out) and goes home.
 *
 * @example
 *   <SignOutButton />
 */
import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button type="button" className="link-button" onClick={() => void signOut({ callbackUrl: "/" })}>
      Sign out
    </button>
  );
}
