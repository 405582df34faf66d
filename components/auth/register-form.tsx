"use client";
/**
 * The registration form: creates the account (POST /api/account/register), then signs in with the same
 * credentials. The server applies the rules; the input attributes only spare a round trip.
 *
 * @example
 *   <RegisterForm callbackUrl="/" />
 */
import { useState, type FormEvent } from "react";
import { postJson } from "./post-json";
import { signInWith } from "./sign-in";

export function RegisterForm({ callbackUrl }: { readonly callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      setError("The two passwords differ.");
      return;
    }
    setBusy(true);
    setError(null);
    const created = await postJson("/api/account/register", { username, password });
    const problem = created.ok ? await signInWith("credentials", { username, password }) : created.message;
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    window.location.assign(callbackUrl);
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label="Register">
      <div className="field">
        <label>
          Username
          <input name="username" autoComplete="username" required minLength={3} maxLength={20} pattern="[A-Za-z0-9_\-]{3,20}" aria-describedby="register-username-hint" />
        </label>
        <small id="register-username-hint">3–20 letters, digits, _ or -; not case-sensitive.</small>
      </div>
      <div className="field">
        <label>
          Password
          <input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} aria-describedby="register-password-hint" />
        </label>
        <small id="register-password-hint">At least 8 characters.</small>
      </div>
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
        {busy ? "Creating the account…" : "Register"}
      </button>
    </form>
  );
}
