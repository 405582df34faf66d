"use client";
/**
 * Signs out (next-auth's CSRF-protected sign-out) and goes home.
 *
 * @example
 *   <SignOutButton />
 */
import { useTranslations } from "next-intl";
import { signOut } from "next-auth/react";

export function SignOutButton() {
  const t = useTranslations("auth");
  return (
    <button type="button" className="link-button" onClick={() => void signOut({ callbackUrl: "/" })}>
      {t("signOut")}
    </button>
  );
}
