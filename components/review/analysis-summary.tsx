/**
 * A match analysis's totals for each player: decisions, equity lost, the error rate per decision in thousandths —
 * also checker play and cube apart, with gnubg's band in words —, marks, gnubg's rating, and the luck of the rolls
 * per game and for the match.
 *
 * @example
 *   {analysis.current?.result ? <AnalysisSummary result={analysis.current.result} names={names} /> : null}
 */
import { useTranslations } from "next-intl";
import { gnubgRating } from "@/lib/analysis/gnubg-rating";
import type { MatchAnalysis } from "@/lib/analysis/match-analysis";
import type { Color } from "@/lib/engine/types";
import { formatEquity } from "./step-analysis";

const COLORS: readonly Color[] = ["white", "black"];

export function AnalysisSummary({ result, names }: { result: MatchAnalysis; names: Record<Color, string> }) {
  const t = useTranslations("analysis");
  const totals = (c: Color) => result.totals[c];
  const rated = (rate: number | undefined, count: number) =>
    rate === undefined || count === 0 ? t("ratingNone") : `${rate.toFixed(1)} · ${t(`rating.${gnubgRating(rate / 1000)}`)}`;
  const rows: [string, (c: Color) => string | number, string][] = [
    [t("rowDecisions"), (c) => `${totals(c).decisions} (${totals(c).moves} + ${totals(c).cubeDecisions})`, "decisions"],
    [t("rowForced"), (c) => totals(c).forcedMoves, "forced"],
    [t("rowLoss"), (c) => `${totals(c).checkerLoss.toFixed(3)} / ${totals(c).cubeLoss.toFixed(3)}`, "loss"],
    [t("rowErrorRate"), (c) => totals(c).errorRate.toFixed(1), "error-rate"],
    // PR-style: checker play and cube apart, each with gnubg's band for its rate.
    [t("rowCheckerRate"), (c) => rated(totals(c).checkerErrorRate, totals(c).moves), "checker-rate"],
    [t("rowCubeRate"), (c) => rated(totals(c).cubeErrorRate, totals(c).cubeDecisions), "cube-rate"],
    [t("rowDoubtful"), (c) => totals(c).marks.doubtful, "doubtful"],
    [t("rowErrors"), (c) => totals(c).marks.error, "errors"],
    [t("rowBlunders"), (c) => totals(c).marks.blunder, "blunders"],
    // From the error rate, so an analysis stored with an English label before the label became a key reads the same.
    [t("rowRating"), (c) => (totals(c).decisions === 0 ? t("ratingNone") : t(`rating.${gnubgRating(totals(c).errorRate / 1000)}`)), "rating"],
    // Analyses stored before luck was measured have none: they say so rather than show a zero.
    [t("rowLuck"), (c) => (totals(c).luck === undefined ? t("ratingNone") : t("luckTotal", { luck: formatEquity(totals(c).luck ?? 0), rolls: totals(c).rolls ?? 0 })), "luck"],
    [
      t("rowLuckByGame"),
      (c) => {
        const byGame = totals(c).luckByGame;
        if (!byGame) return t("ratingNone");
        return Object.entries(byGame)
          .map(([game, luck]) => t("luckGame", { game, luck: formatEquity(luck) }))
          .join(" · ");
      },
      "luck-by-game",
    ],
  ];
  return (
    <section className="panel analysis-summary" aria-labelledby="analysis-summary-title" data-testid="analysis-summary">
      <h2 id="analysis-summary-title">{t("summaryTitle", { ply: result.ply })}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t("measure")}</span>
            </th>
            {COLORS.map((c) => (
              <th key={c} scope="col">
                {names[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value, id]) => (
            <tr key={label} data-row={id}>
              <th scope="row">{label}</th>
              {COLORS.map((c) => (
                <td key={c} data-testid={`summary-${c}`}>
                  {value(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {t("marksNote")} {t("luckNoteMarks")}
      </p>
    </section>
  );
}
