/**
 * A review step in words: its sentence in the reader's language, and its line in the move list — the mover and the
 * move as gnubg writes it ("31: 8/5 6/5"), or the step's sentence — with the analysis's worst mark and the luck of
 * the roll.
 *
 * @example
 *   stepText(t, step);                                    // "White rolls 3-1."
 *   <MoveLine step={step} names={names} entries={entries} />
 */
import { useTranslations } from "next-intl";
import type { AnalysisEntry } from "@/lib/analysis/match-analysis";
import type { Color } from "@/lib/engine/types";
import type { ReviewStepData } from "./review-data";
import { LuckBadge, MarkBadge, luckOf, worstMark } from "./step-analysis";

type T = (key: string, values?: Record<string, string | number>) => string;

/** The step's sentence in the reader's language (`review.steps.<key>`, from lib/record/review.ts's `say`). */
export function stepText(t: T, step: ReviewStepData): string {
  return t(`steps.${step.say.key}`, { ...step.say.values });
}

export function MoveLine({ step, names, entries }: { step: ReviewStepData; names: Record<Color, string>; entries: readonly AnalysisEntry[] | undefined }) {
  const t = useTranslations("review");
  const mark = (
    <>
      <MarkBadge mark={worstMark(entries)} />
      <LuckBadge entry={luckOf(entries)} />
    </>
  );
  if (step.gnubg !== null && step.actor) {
    return (
      <>
        <span className={`who who-${step.actor}`}>{names[step.actor]}</span> <span className="gnubg-move">{step.gnubg}</span> {mark}
      </>
    );
  }
  return (
    <>
      <span className={`step-note step-${step.kind}`}>{stepText(t, step)}</span> {mark}
    </>
  );
}
