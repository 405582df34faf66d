import { getLocale, getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { redirect } from "next/navigation";
import { isLocale, LOCALE_NAMES, type Locale } from "@/i18n/locales";
import { ClaimForm } from "@/components/auth/claim-form";
import { PlayPreferencesProvider } from "@/components/play/play-preferences";
import { PlaySettings } from "@/components/play/play-settings";
import { storedPreferences } from "@/lib/play/preferences";
import { getCurrentUser } from "@/server/auth/session";

export const generateMetadata = metaTitle("account");

export default async function AccountPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=%2Faccount");
  const [t, locale] = await Promise.all([getTranslations("account"), getLocale()]);
  return (
    <section className="auth-page">
      <h1>{t("title")}</h1>
      <dl className="account-facts">
        <dt>{t("username")}</dt>
        <dd data-testid="account-username">{user.username}</dd>
        <dt>{t("role")}</dt>
        <dd data-testid="account-role">{user.role === "ADMIN" ? t("admin") : t("player")}</dd>
        <dt>{t("kind")}</dt>
        <dd data-testid="account-kind">{user.isGuest ? t("guest") : t("registered")}</dd>
        <dt>{t("language")}</dt>
        <dd data-testid="account-language">
          {LOCALE_NAMES[isLocale(user.locale) ? user.locale : (locale as Locale)]}
          <span className="muted"> · {user.locale ? t("languageSaved") : t("languageBrowser")}</span>
        </dd>
      </dl>
      <p className="muted">{t("settings")}</p>
      <PlayPreferencesProvider initial={storedPreferences(user.preferences)} signedIn>
        <PlaySettings />
      </PlayPreferencesProvider>
      {user.isGuest ? (
        <>
          <h2>{t("keepTitle")}</h2>
          <p>
            {t("keepText")}
          </p>
          <ClaimForm currentName={user.username} />
        </>
      ) : null}
    </section>
  );
}
