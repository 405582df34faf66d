"use client";
/**
 * Steps through a match record: the read-only board at each step, buttons and the ← → keys (Home and End for the
 * ends), a jump to each game, the game's move list in gnubg notation (click a line to go there), and the gnubg
 * Position ID and Match ID of the step with copy buttons, both pip counts and, in a bear-off race, the exact chances.
 * Given a match analysis, each step shows what the engine says of it, the move list carries the marks, and the board
 * can show the best play instead of the one made.
 *
 * @example
 *   <ReviewStepper data={toReviewData(reviewSteps(events))} viewer="white" names={{ white: "ann", black: "bob" }} analysis={null} />
 */
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { Board } from "@/components/board/board";
import type { AnalysisEntry, MatchAnalysis } from "@/lib/analysis/match-analysis";
import type { Color } from "@/lib/engine/types";
import type { ReviewData } from "./review-data";
import { ReviewMoveList } from "./review-move-list";
import { MarkBadge, StepAnalysis, worstMark } from "./step-analysis";
import { StepFacts } from "./step-facts";
import { stepText } from "./step-text";
import { useStepKeys } from "./use-step-keys";
import "./review.css";

export { stepText };

export function ReviewStepper({ data, viewer, names, analysis = null }: { data: ReviewData; viewer: Color; names: Record<Color, string>; analysis?: MatchAnalysis | null }) {
  const t = useTranslations("review");
  const [index, setIndex] = useState(0);
  const [showBest, setShowBest] = useState(false);
  const byAction = useMemo(() => {
    const map = new Map<number, AnalysisEntry[]>();
    for (const entry of analysis?.entries ?? []) map.set(entry.actionIndex, [...(map.get(entry.actionIndex) ?? []), entry]);
    return map;
  }, [analysis]);
  const last = data.steps.length - 1;
  const go = useCallback((to: number) => setIndex(Math.max(0, Math.min(last, to))), [last]);
  const listening = useStepKeys(last, setIndex);

  const step = data.steps[index];
  if (!step) return <p className="muted">{t("nothingYet")}</p>;
  const entries = step.actionIndex === null ? undefined : byAction.get(step.actionIndex);
  const best = showBest ? entries?.find((e) => e.kind === "move" && e.loss > 0) : undefined;

  return (
    <div className="review" data-keys={listening ? "on" : "off"}>
      <div className="review-main">
        <div className="review-controls" role="toolbar" aria-label={t("toolbar")}>
          <button type="button" onClick={() => go(0)} disabled={index === 0}>
            « {t("first")}
          </button>
          <button type="button" onClick={() => go(index - 1)} disabled={index === 0}>
            ← {t("previous")}
          </button>
          <span className="step-counter" data-testid="step-counter" aria-live="polite">
            {t("stepOf", { step: index + 1, total: data.steps.length, game: step.game })}
          </span>
          <button type="button" onClick={() => go(index + 1)} disabled={index === last}>
            {t("next")} →
          </button>
          <button type="button" onClick={() => go(last)} disabled={index === last}>
            {t("last")} »
          </button>
        </div>
        <p className="step-text" data-testid="step-text" data-kind={step.kind}>
          {stepText(t, step)} <MarkBadge mark={worstMark(entries)} />
        </p>
        <StepAnalysis entries={entries} showBest={showBest} onShowBest={setShowBest} />
        {best?.kind === "move" ? <p className="showing-best" data-testid="showing-best">{t("showingBest", { play: best.best })}</p> : null}
        <Board
          position={best?.kind === "move" ? best.bestPosition : step.position}
          viewer={viewer}
          dice={step.dice ? { values: step.dice.values, used: step.dice.values.map(() => false), side: step.dice.side } : null}
          cube={step.cube}
          input={null}
        />
        <StepFacts step={step} names={names} />
      </div>
      <ReviewMoveList data={data} index={index} names={names} byAction={byAction} go={go} />
    </div>
  );
}
