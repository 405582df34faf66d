"use client";
/**
 * "Play as guest": one click creates a guest account with a generated name and signs it in (next-auth's `guest`
 * provider). The guest can later keep the account by giving it a password (/account).
 *
 * @example
 *   <GuestButton callbackUrl="/" />
 */
import { useTranslations } from "next-intl";
import { signInWith } from "./sign-in";
import { FormError } from "@/components/ui/form-error";
import { useAuthAction } from "./use-auth-action";

export function GuestButton({ callbackUrl = "/" }: { readonly callbackUrl?: string }) {
  const t = useTranslations("auth");
  const { error, busy, attempt } = useAuthAction();

  return (
    <span className="guest-button">
      <button type="button" onClick={() => void attempt(() => signInWith("guest"), callbackUrl)} disabled={busy}>
        {busy ? t("starting") : t("guest")}
      </button>
      <FormError error={error} inline />
    </span>
  );
}
