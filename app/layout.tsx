import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { UserMenu } from "@/components/auth/user-menu";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";
import { NoticeCenterSlot } from "@/components/notices/notice-center-slot";
import { NoticesProvider } from "@/components/notices/notices-provider";
import { accountKind, may } from "@/lib/access/may";
import { storedPreferences } from "@/lib/play/preferences";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { getCurrentUser } from "@/server/auth/session";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site");
  return { title: t("title"), description: t("description") };
}

/** Every page: the header (brand, language switcher, notice center, account corner) and the request's language and
 * messages (i18n/request.ts) for the client components. A registered player's pages follow what waits for their
 * answer (components/notices) over the page's one socket, which the page's own live parts share. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [user, locale, t] = await Promise.all([getCurrentUser(), getLocale(), getTranslations("site")]);
  // Only an account that can be challenged or enter a tournament (lib/access/may.ts) ever has anything waiting.
  const kind = user ? accountKind(user) : null;
  const noticed = kind !== null && (may(kind, "be-challenged") || may(kind, "enter-tournament"));
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <NoticesProvider protocol={PROTOCOL_VERSION} enabled={noticed} sound={storedPreferences(user?.preferences).sound}>
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
                <NoticeCenterSlot />
                <UserMenu user={user ? { username: user.username, role: user.role, isGuest: user.isGuest } : null} />
              </div>
            </header>
            <main id="main">{children}</main>
          </NoticesProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
