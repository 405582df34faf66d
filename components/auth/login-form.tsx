"use client";
/**
 * The sign-in form: username and password through next-auth's `credentials` provider. Errors (wrong password, too
 * many attempts) appear in the form; success loads `callbackUrl` afresh so the header shows the new session.
 *
 * @example
 *   <LoginForm callbackUrl="/account" initialError={null} />
 */
import { useState, type FormEvent } from "react";
import { signInWith } from "./sign-in";

export function LoginForm({ callbackUrl, initialError }: { readonly callbackUrl: string; readonly initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const problem = await signInWith("credentials", { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") });
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    window.location.assign(callbackUrl);
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label="Sign in">
      <label>
        Username
        <input name="username" autoComplete="username" required maxLength={64} />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
