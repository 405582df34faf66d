import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SpecPage } from "../../spec-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tournaments");
  return { title: t("drawSpecTitle") };
}

/** docs/tournaments.md, the tournament-draw-v1 protocol: how a draw is committed, revealed and recomputed. */
export default function TournamentDrawSpecPage() {
  return <SpecPage file="tournaments.md" />;
}
