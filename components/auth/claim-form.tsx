"use client";
/**
 * Keep a guest account: choose a password (and optionally a new username; left empty, the guest name stays). The
 * account then signs in again with its new credentials, so the session shows it as registered.
 *
 * @example
 *   <ClaimForm currentName="guest-amber-otter-42" />
 */
import { useTranslations } from "next-intl";
import { postJson } from "./post-json";
import { signInWith } from "./sign-in";
import { FormError } from "@/components/ui/form-error";
import { HintedField } from "@/components/ui/hinted-field";
import { NewPasswordFields, useNewAccountSubmit } from "./use-auth-action";

export function ClaimForm({ currentName }: { readonly currentName: string }) {
  const t = useTranslations("auth");
  const { error, busy, submit } = useNewAccountSubmit(async (username, password) => {
    const claimed = await postJson("/api/account/claim", { username, password });
    return claimed.ok ? signInWith("credentials", { username: String(claimed.body.username), password }) : claimed;
  }, "/account");

  return (
    <form className="auth-form" onSubmit={submit} aria-label={t("keepAccount")}>
      <HintedField label={t("username")} hint={t("keepNameHint", { name: currentName })} hintId="claim-username-hint">
        <input name="username" autoComplete="username" placeholder={currentName} maxLength={20} pattern="[A-Za-z0-9_\-]{3,20}" aria-describedby="claim-username-hint" />
      </HintedField>
      <NewPasswordFields />
      <FormError error={error} />
      <button type="submit" disabled={busy}>
        {busy ? t("saving") : t("keepAccount")}
      </button>
    </form>
  );
}
