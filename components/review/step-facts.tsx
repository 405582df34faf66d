/**
 * What the review shows of a step under its board: the score and cube, both pip counts (and, in a bear-off race, the
 * side on roll's exact chances), the gnubg Position ID and Match ID with copy buttons, and the way to the analysis
 * board for this position.
 *
 * @example
 *   <StepFacts step={step} names={{ white: "ann", black: "bob" }} />
 */
import { useFormatter, useTranslations } from "next-intl";
import type { Color } from "@/lib/engine/types";
import { CopyButton } from "./copy-button";
import { analysisHref, type ReviewStepData } from "./review-data";

function RaceLine({ step }: { step: ReviewStepData }) {
  const t = useTranslations("review");
  const format = useFormatter();
  const percent = (p: number) => format.number(p, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p className="review-pips" data-testid="pip-counts">
      {t("pips", { white: step.pips.white, black: step.pips.black })}
      {step.race ? (
        <span data-testid="race-chances">
          {" "}
          · {t("race", { player: step.race.onRoll, win: percent(step.race.win) })}
          {step.race.winGammon > 0 || step.race.loseGammon > 0 ? ` ${t("raceGammons", { win: percent(step.race.winGammon), lose: percent(step.race.loseGammon) })}` : ""}
          {t("raceExact")}
        </span>
      ) : null}
    </p>
  );
}

export function StepFacts({ step, names }: { step: ReviewStepData; names: Record<Color, string> }) {
  const t = useTranslations("review");
  return (
    <>
      <p className="review-score">
        {t("score", { white: names.white, black: names.black, whiteScore: step.score.white, blackScore: step.score.black, cube: step.cube.value, owner: step.cube.owner ?? "none" })}
      </p>
      <RaceLine step={step} />
      <dl className="gnubg-ids">
        <dt>{t("positionId")}</dt>
        <dd>
          <code data-testid="position-id">{step.positionId}</code> <CopyButton text={step.positionId} label={t("copyPositionId")} />
        </dd>
        <dt>{t("matchId")}</dt>
        <dd>
          <code data-testid="gnubg-match-id">{step.gnubgMatchId}</code> <CopyButton text={step.gnubgMatchId} label={t("copyMatchId")} />
        </dd>
      </dl>
      <p className="muted">{t("gnubgHint")}</p>
      <p>
        <a href={analysisHref(step.analysis)} data-testid="analyse-here">
          {t("analyseHere")}
        </a>
      </p>
    </>
  );
}
