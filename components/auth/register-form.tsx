"use client";
/**
 * The registration form: creates the account (POST /api/account/register), then signs in with the same
 * credentials. The server applies the rules; the input attributes only spare a round trip.
 *
 * @example
 *   <RegisterForm callbackUrl="/" />
 */
import { useTranslations } from "next-intl";
import { postJson } from "./post-json";
import { signInWith } from "./sign-in";
import { FormError } from "@/components/ui/form-error";
import { HintedField } from "@/components/ui/hinted-field";
import { NewPasswordFields, useNewAccountSubmit } from "./use-auth-action";

export function RegisterForm({ callbackUrl }: { readonly callbackUrl: string }) {
  const t = useTranslations("auth");
  const { error, busy, submit } = useNewAccountSubmit(async (username, password) => {
    const created = await postJson("/api/account/register", { username, password });
    return created.ok ? signInWith("credentials", { username, password }) : created;
  }, callbackUrl);

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t("register")}>
      <HintedField label={t("username")} hint={t("usernameHint")} hintId="register-username-hint">
        <input name="username" autoComplete="username" required minLength={3} maxLength={20} pattern="[A-Za-z0-9_\-]{3,20}" aria-describedby="register-username-hint" />
      </HintedField>
      <NewPasswordFields hintId="register-password-hint" />
      <FormError error={error} />
      <button type="submit" disabled={busy}>
        {busy ? t("registering") : t("register")}
      </button>
    </form>
  );
}
