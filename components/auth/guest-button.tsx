"use client";
/**
 * "Play as guest": one click creates a guest account with a generated name and signs it in (next-auth's `guest`
 * provider). The guest can later keep the account by giving it a password (/account).
 *
 * @example
 *   <GuestButton callbackUrl="/" />
 */
import { useState } from "react";
import { signInWith } from "./sign-in";

export function GuestButton({ callbackUrl = "/" }: { readonly callbackUrl?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function play() {
    setBusy(true);
    setError(null);
    const problem = await signInWith("guest");
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    window.location.assign(callbackUrl);
  }

  return (
    <span className="guest-button">
      <button type="button" onClick={play} disabled={busy}>
        {busy ? "Starting…" : "Play as guest"}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
