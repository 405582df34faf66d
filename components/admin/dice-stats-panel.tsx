/**
 * The dice statistics of a selection of rolls (lib/dice/dice-stats.ts) next to their charts: face and outcome counts
 * against fair dice, both chi-square tests with their p-values, and the doubles rate against 1/6. Server-rendered.
 *
 * @example
 *   <DiceStatsPanel stats={diceStats(rolls)} />
 */
import { useTranslations } from "next-intl";
import type { ChiSquareTest, DiceStats } from "@/lib/dice/dice-stats";
import { DiceHistogram } from "./dice-histogram";
import "./admin.css";
import { ColumnHeads } from "@/components/ui/column-heads";

/** A p-value as the statistics tables show it: four decimals, or scientific below 0.001. */
export function pValueText(p: number): string {
  if (p === 0) return "< 1e-300";
  return p < 0.001 ? p.toExponential(2) : p.toFixed(4);
}

function TestLine({ name, test }: { name: "faces" | "outcomes"; test: ChiSquareTest | null }) {
  const t = useTranslations("admin.stats");
  if (!test) return null;
  return (
    <tr data-testid={`${name}-test`}>
      <th scope="row">{t(name)}</th>
      <td data-testid={`${name}-chi-square`}>{test.statistic.toFixed(3)}</td>
      <td>{test.dof}</td>
      <td data-testid={`${name}-p-value`}>{pValueText(test.pValue)}</td>
      <td>{t(test.reliable ? (test.pValue < 0.001 ? "suspicious" : "consistent") : "tooFew")}</td>
    </tr>
  );
}

export function DiceStatsPanel({ stats }: { stats: DiceStats }) {
  const t = useTranslations("admin.stats");
  const faceBars = stats.faces.map((count, i) => ({ label: String(i + 1), count, expected: (2 * stats.rolls) / 6 }));
  const outcomeBars = stats.outcomes.map((o) => ({ label: o.label, count: o.count, expected: stats.rolls * o.probability }));
  const rate = stats.doubles.rate;
  return (
    <section className="panel dice-stats" aria-labelledby="dice-stats-title" data-testid="dice-stats">
      <h2 id="dice-stats-title">{t("title")}</h2>
      {stats.rolls === 0 ? (
        <p className="muted">{t("noRolls")}</p>
      ) : (
        <>
          <p>
            {t.rich("summary", {
              rolls: stats.rolls,
              dice: 2 * stats.rolls,
              doubles: stats.doubles.count,
              rate: rate === null ? "—" : `${(rate * 100).toFixed(2)}%`,
              fair: `${(stats.doubles.expected * 100).toFixed(2)}%`,
              n: (chunks) => <strong data-testid="stats-rolls">{chunks}</strong>,
              d: (chunks) => <strong data-testid="doubles-count">{chunks}</strong>,
              r: (chunks) => <span data-testid="doubles-rate">{chunks}</span>,
            })}
          </p>
          <table className="stats-table">
            <caption>{t("chiCaption")}</caption>
            {/* χ²: the statistic's symbol, the same in every language. */}
            <ColumnHeads labels={[t("countsOf"), "χ²", t("dof"), t("pValue"), t("reading")]} />
            <tbody>
              <TestLine name="faces" test={stats.faceTest} />
              <TestLine name="outcomes" test={stats.outcomeTest} />
            </tbody>
          </table>
          <div className="stats-charts">
            <div className="stats-chart">
              <DiceHistogram title={t("facesTitle")} bars={faceBars} />
              <table className="counts-table" data-testid="face-counts">
                <tbody>
                  <tr>
                    <th scope="row">{t("face")}</th>
                    {faceBars.map((b) => (
                      <td key={b.label}>{b.label}</td>
                    ))}
                  </tr>
                  <tr>
                    <th scope="row">{t("count")}</th>
                    {faceBars.map((b) => (
                      <td key={b.label} data-face={b.label}>
                        {b.count}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
            <div className="stats-chart">
              <DiceHistogram title={t("outcomesTitle")} bars={outcomeBars} barWidth={22} />
              <ul className="outcome-counts" data-testid="outcome-counts">
                {outcomeBars.map((b) => (
                  <li key={b.label}>
                    <strong>{b.label}</strong> <span data-outcome={b.label}>{b.count}</span> <span className="muted">{t("fair", { expected: b.expected.toFixed(1) })}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
