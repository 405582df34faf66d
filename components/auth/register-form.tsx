"use client";
/**
 * The registration form: creates the account (POST /api/account/register), then signs in with the same
 * credentials. The server applies the rules; the input attributes only spare a round trip.
 *
 * @example
 *   <RegisterForm callbackUrl="/" />
 */
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { postJson } from "./post-json";
import { signInWith } from "./sign-in";
import { FormError } from "@/components/ui/form-error";
import { NewPasswordFields, newPassword, useAuthAction } from "./use-auth-action";

export function RegisterForm({ callbackUrl }: { readonly callbackUrl: string }) {
  const t = useTranslations("auth");
  const { error, busy, attempt, setError } = useAuthAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "");
    const password = newPassword(form);
    if (password === null) return setError("ERR_PASSWORDS_DIFFER");
    void attempt(async () => {
      const created = await postJson("/api/account/register", { username, password });
      return created.ok ? signInWith("credentials", { username, password }) : created;
    }, callbackUrl);
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t("register")}>
      <div className="field">
        <label>
          {t("username")}
          <input name="username" autoComplete="username" required minLength={3} maxLength={20} pattern="[A-Za-z0-9_\-]{3,20}" aria-describedby="register-username-hint" />
        </label>
        <small id="register-username-hint">{t("usernameHint")}</small>
      </div>
      <NewPasswordFields hintId="register-password-hint" />
      <FormError error={error} />
      <button type="submit" disabled={busy}>
        {busy ? t("registering") : t("register")}
      </button>
    </form>
  );
}
