"use client";
/**
 * Signs out (next-auth's CSRF-protected sign-out) and goes home. next-auth's client is loaded on the click: the button
 * is in every page's header (components/auth/sign-in.ts says why).
 *
 * @example
 *   <SignOutButton />
 */
import { useTranslations } from "next-intl";

export function SignOutButton() {
  const t = useTranslations("auth");
  return (
    <button type="button" className="link-button" onClick={() => void import("next-auth/react").then(({ signOut }) => signOut({ callbackUrl: "/" }))}>
      {t("signOut")}
    </button>
  );
}
