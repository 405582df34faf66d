import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { AnalysisBoard } from "@/components/analysis/analysis-board";
import type { Ply } from "@/lib/analysis/types";
import "@/components/analysis/analysis-board.css";
import "@/components/review/review.css";
import "@/components/ui/ui.css";

export const generateMetadata = metaTitle("analysisBoard");

type Search = Promise<Record<string, string | string[] | undefined>>;

/** One query value as text, at most 64 characters (IDs are 14 and 12): anything else is the board's to refuse. */
function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")).slice(0, 64);
}

/**
 * The analysis board (components/analysis/analysis-board.tsx): any position from its URL — ?pos=<Position ID>
 * &match=<Match ID>&dice=31&ply=2[&played=8/5 6/5] — or the opening position, analysed on arrival when the address names
 * a position and a depth. Anyone may set up a position; asking the engine needs a
 * session (a guest's is enough), as the review's analysis does.
 */
export default async function AnalysisPage({ searchParams }: { searchParams: Search }) {
  const t = await getTranslations("analysisBoard");
  const query = await searchParams;
  const ply = one(query.ply);
  return (
    <article className="analysis-page">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <AnalysisBoard
        initial={{
          pos: one(query.pos),
          match: one(query.match),
          dice: one(query.dice),
          ply: ply === "0" || ply === "1" || ply === "3" ? (Number(ply) as Ply) : 2,
          played: one(query.played),
          // A link that names a position and its depth is a request for the analysis (the review's says ply=2).
          auto: one(query.pos) !== "" && ply !== "",
        }}
      />
    </article>
  );
}
