"use client";
/**
 * The sign-in form: username and password through next-auth's `credentials` provider. Errors (wrong password, too
 * many attempts) appear in the form; success loads `callbackUrl` afresh so the header shows the new session.
 *
 * @example
 *   <LoginForm callbackUrl="/account" initialError={null} />
 */
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { signInWith } from "./sign-in";
import { FormError } from "@/components/ui/form-error";
import { useAuthAction } from "./use-auth-action";

export function LoginForm({ callbackUrl, initialError }: { readonly callbackUrl: string; readonly initialError: string | null }) {
  const t = useTranslations("auth");
  const { error, busy, attempt } = useAuthAction(initialError);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") };
    void attempt(() => signInWith("credentials", credentials), callbackUrl);
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t("signIn")}>
      <label>
        {t("username")}
        <input name="username" autoComplete="username" required maxLength={64} />
      </label>
      <label>
        {t("password")}
        <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
      </label>
      <FormError error={error} />
      <button type="submit" disabled={busy}>
        {busy ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}
