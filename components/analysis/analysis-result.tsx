/**
 * What the engine said of a position on the analysis board: the side on roll's chances, the cube decision with its
 * equities, and the plays of the dice ranked best first — the review's play (`played`) marked among them, or named
 * under them when the engine did not rank it.
 *
 * @example
 *   <AnalysisResult result={analysis} played="8/5 6/5" />
 */
import { useFormatter, useTranslations } from "next-intl";
import { formatEquity } from "@/components/review/step-analysis";
import { ColumnHeads } from "@/components/ui/column-heads";
import type { PositionAnalysis } from "@/lib/analysis/position-analysis";

/** `played`: the play to mark, "" for none. */
export function AnalysisResult({ result, played }: { result: PositionAnalysis; played: string }) {
  const t = useTranslations("analysisBoard");
  const format = useFormatter();
  const percent = (p: number) => format.number(p, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const { cube } = result;
  const cubeAction = !cube.available
    ? t("cubeNotAvailable")
    : cube.double
      ? t(cube.take ? "doubleTake" : "doublePass")
      : cube.tooGood
        ? t("tooGood")
        : t(cube.take ? "noDoubleTake" : "noDoublePass");

  return (
    <section className="panel" data-testid="board-result" aria-live="polite">
      <h2>{t("resultTitle", { ply: result.ply, side: result.onRoll })}</h2>
      <p data-testid="board-chances">
        {t("chances", { win: percent(result.probabilities.win), winGammon: percent(result.probabilities.winGammon), loseGammon: percent(result.probabilities.loseGammon) })}
      </p>
      <p data-testid="board-cube">
        {t("cube", { ply: cube.ply, noDouble: formatEquity(cube.noDouble), take: formatEquity(cube.doubleTake), pass: formatEquity(cube.doublePass) })}{" "}
        <strong>{cubeAction}</strong>
      </p>
      {result.dice ? (
        result.plays.length === 0 ? (
          <p>{t("noPlay")}</p>
        ) : (
          <table className="board-plays" data-testid="board-plays">
            <caption>{t("playsCaption", { dice: `${result.dice[0]}-${result.dice[1]}`, shown: result.plays.length, total: result.legalPlays })}</caption>
            <ColumnHeads labels={["#", t("play"), t("equity"), t("loss"), t("win")]} />
            <tbody>
              {result.plays.map((play, i) => (
                <tr key={play.notation} className={play.notation === played ? "played" : undefined} data-played={play.notation === played ? "yes" : undefined}>
                  <td>{i + 1}</td>
                  <td>
                    <code>{play.notation}</code>
                    {play.notation === played ? <strong className="played-mark"> {t("playedMark")}</strong> : null}
                  </td>
                  <td>{formatEquity(play.equity)}</td>
                  <td>{i === 0 ? "" : formatEquity(-play.loss)}</td>
                  <td>{percent(play.probabilities.win)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : (
        <p className="muted">{t("setDice")}</p>
      )}
      {played && result.dice && !result.plays.some((p) => p.notation === played) ? <p data-testid="played-elsewhere">{t("playedElsewhere", { play: played })}</p> : null}
    </section>
  );
}
