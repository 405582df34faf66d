"use client";
/**
 * Keep a guest account: choose a password (and optionally a new username; left empty, the guest name stays). The
 * account then signs in again with its new credentials, so the session shows it as registered.
 *
 * @example
 *   <ClaimForm currentName="guest-amber-otter-42" />
 */
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { postJson } from "./post-json";
import { signInWith } from "./sign-in";
import { FormError } from "@/components/ui/form-error";
import { NewPasswordFields, newPassword, useAuthAction } from "./use-auth-action";

export function ClaimForm({ currentName }: { readonly currentName: string }) {
  const t = useTranslations("auth");
  const { error, busy, attempt, setError } = useAuthAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = newPassword(form);
    if (password === null) return setError("ERR_PASSWORDS_DIFFER");
    void attempt(async () => {
      const claimed = await postJson("/api/account/claim", { username: String(form.get("username") ?? ""), password });
      return claimed.ok ? signInWith("credentials", { username: String(claimed.body.username), password }) : claimed;
    }, "/account");
  }

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t("keepAccount")}>
      <div className="field">
        <label>
          {t("username")}
          <input name="username" autoComplete="username" placeholder={currentName} maxLength={20} pattern="[A-Za-z0-9_\-]{3,20}" aria-describedby="claim-username-hint" />
        </label>
        <small id="claim-username-hint">{t("keepNameHint", { name: currentName })}</small>
      </div>
      <NewPasswordFields />
      <FormError error={error} />
      <button type="submit" disabled={busy}>
        {busy ? t("saving") : t("keepAccount")}
      </button>
    </form>
  );
}
