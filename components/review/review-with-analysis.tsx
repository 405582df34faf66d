"use client";
/**
 * The review stepper with the match analysis around it: the "Analyse" controls and progress above, the stepper
 * annotated with the finished analysis at the chosen ply, and each player's totals below.
 *
 * @example
 *   <ReviewWithAnalysis data={data} viewer="white" names={names} matchId={id} invite={null} finished initial={stored} />
 */
import type { AnalysisView } from "@/lib/analysis/analysis-view";
import type { Color } from "@/lib/engine/types";
import { AnalysisControls, AnalysisSummary, useMatchAnalysis } from "./analysis-panel";
import type { ReviewData } from "./review-data";
import { ReviewStepper } from "./review-stepper";

export interface ReviewWithAnalysisProps {
  readonly data: ReviewData;
  readonly viewer: Color;
  readonly names: Record<Color, string>;
  readonly matchId: string;
  readonly invite: string | null;
  readonly finished: boolean;
  readonly initial: readonly AnalysisView[];
}

export function ReviewWithAnalysis({ data, viewer, names, matchId, invite, finished, initial }: ReviewWithAnalysisProps) {
  const analysis = useMatchAnalysis(matchId, invite, initial);
  const result = analysis.current?.status === "done" ? analysis.current.result : null;
  return (
    <>
      <AnalysisControls analysis={analysis} finished={finished} />
      <ReviewStepper data={data} viewer={viewer} names={names} analysis={result} />
      {result ? <AnalysisSummary result={result} names={names} /> : null}
    </>
  );
}
