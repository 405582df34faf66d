import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { UserMenu } from "@/components/auth/user-menu";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";
import { getCurrentUser } from "@/server/auth/session";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site");
  return { title: t("title"), description: t("description") };
}

/** Every page: the header (brand, language switcher, account corner) and the request's language and messages
 * (i18n/request.ts) for the client components. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [user, locale, t] = await Promise.all([getCurrentUser(), getLocale(), getTranslations("site")]);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <a href="#main" className="skip-link">
            {t("skip")}
          </a>
          <header className="site-header">
            <a href="/" className="brand">
              {t("name")}
            </a>
            <nav className="site-nav" aria-label={t("nav")}>
              <a href="/leaderboard">{t("leaderboard")}</a>
              <a href="/tournaments">{t("tournaments")}</a>
              <a href="/learn">{t("learn")}</a>
              <a href="/analysis" className="nav-wide">
                {t("analysisBoard")}
              </a>
            </nav>
            <div className="header-tools">
              <LocaleSwitcher />
              <UserMenu user={user ? { username: user.username, role: user.role, isGuest: user.isGuest } : null} />
            </div>
          </header>
          <main id="main">{children}</main>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
