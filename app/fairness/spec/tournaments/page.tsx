import { metaTitle } from "@/components/i18n/meta-title";
import { SpecPage } from "../../spec-page";

export const generateMetadata = metaTitle("tournaments", "drawSpecTitle");

/** docs/tournaments.md, the tournament-draw-v1 protocol: how a draw is committed, revealed and recomputed. */
export default function TournamentDrawSpecPage() {
  return <SpecPage file="tournaments.md" />;
}
