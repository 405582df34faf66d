"use client";
/**
 * The review stepper with the match analysis around it: the "Analyse" controls and progress above, the stepper
 * annotated with the finished analysis at the chosen ply, and each player's totals below.
 *
 * @example
 *   <ReviewWithAnalysis data={data} viewer="white" names={names} matchId={id} invite={null} finished initial={stored} />
 */
import { useEffect, useRef } from "react";
import type { AnalysisView } from "@/lib/analysis/analysis-view";
import type { Color } from "@/lib/engine/types";
import { AnalysisControls } from "./analysis-panel";
import { AnalysisSummary } from "./analysis-summary";
import type { ReviewData } from "./review-data";
import { ReviewStepper } from "./review-stepper";
import { useMatchAnalysis } from "./use-match-analysis";

export interface ReviewWithAnalysisProps {
  readonly data: ReviewData;
  readonly viewer: Color;
  readonly names: Record<Color, string>;
  readonly matchId: string;
  readonly invite: string | null;
  readonly finished: boolean;
  readonly initial: readonly AnalysisView[];
  /** Start the analysis on arrival (the match page's "Analyse the match" link: ?analyse=1), unless one is stored. */
  readonly autoAnalyse?: boolean;
}

export function ReviewWithAnalysis({ data, viewer, names, matchId, invite, finished, initial, autoAnalyse = false }: ReviewWithAnalysisProps) {
  const analysis = useMatchAnalysis(matchId, invite, initial);
  // Once, on arrival: the link asked for the analysis, so the reader does not have to find the button.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !autoAnalyse || !finished) return;
    asked.current = true;
    if (analysis.current === null || analysis.current.status === "none") analysis.analyse();
  });
  const result = analysis.current?.status === "done" ? analysis.current.result : null;
  return (
    <>
      <AnalysisControls analysis={analysis} finished={finished} />
      <ReviewStepper data={data} viewer={viewer} names={names} analysis={result} />
      {result ? <AnalysisSummary result={result} names={names} /> : null}
    </>
  );
}
