"use client";
/**
 * Keep a guest account: choose a password (and optionally a new username; left empty, the guest name stays). The
 * account then signs in again with its new credentials, so the session shows it as registered.
 *
 * @example
 *   <ClaimForm currentName="guest-amber-otter-42" />
 */
import { useState, type FormEvent } from "react";
import { postJson } from "./post-json";
import { signInWith } from "./sign-in";

export function ClaimForm({ currentName }: { readonly currentName: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      setError("The two passwords differ.");
      return;
    }
    setBusy(true);
    setError(null);
    const claimed = await postJson("/api/account/claim", { username: String(form.get("username") ?? ""), password });
    const problem = claimed.ok ? await signInWith("credentials", { username: String(claimed.body.username), password }) : claimed.message;
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    window.location.assign("/account");
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label="Keep this account">
      <div className="field">
        <label>
          Username
          <input name="username" autoComplete="username" placeholder={currentName} maxLength={20} pattern="[A-Za-z0-9_\-]{3,20}" aria-describedby="claim-username-hint" />
        </label>
        <small id="claim-username-hint">Leave empty to keep {currentName}.</small>
      </div>
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
      </label>
      <label>
        Password again
        <input name="confirm" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Keep this account"}
      </button>
    </form>
  );
}
