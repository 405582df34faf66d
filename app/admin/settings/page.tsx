import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { AdminNav } from "@/components/admin/admin-nav";
import { SettingsForm } from "@/components/admin/settings-form";
import { playerTournamentsAllowed } from "@/server/admin/site-settings";
import { requireAdminPage } from "@/server/auth/require-admin";
import { parseEnv } from "@/server/config/env";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

export const generateMetadata = metaTitle("admin.settings");

/** The site settings administrators change: whether players may create tournaments. */
export default async function SettingsPage() {
  await requireAdminPage();
  const t = await getTranslations("admin.settings");
  const allowed = await playerTournamentsAllowed(getDb(), parseEnv(process.env).PLAYER_TOURNAMENTS);
  return (
    <section>
      <h1>{t("title")}</h1>
      <AdminNav current="settings" />
      <SettingsForm playerTournaments={allowed} />
    </section>
  );
}
