"use client";
/**
 * The review's analysis controls: a ply selector (0 to 3; 3-ply takes minutes) and "Analyse", then the analysis's
 * progress — queued, how many decisions of how many and the minutes left, or why it failed — until it is done. The
 * analysis itself is use-match-analysis.ts's; its totals, analysis-summary.tsx's.
 *
 * @example
 *   const analysis = useMatchAnalysis(matchId, invite, initial);
 *   <AnalysisControls analysis={analysis} finished />
 */
import { useTranslations } from "next-intl";
import { DEEP_PLY, PlySelect } from "@/components/analysis/ply-select";
import { useErrorText } from "@/components/i18n/error-text";
import type { AnalysisView } from "@/lib/analysis/analysis-view";
import { busy, type MatchAnalysisState } from "./use-match-analysis";

function progressText(t: (key: string, values?: Record<string, string | number>) => string, view: AnalysisView): string {
  if (view.status === "queued") return t("queued");
  if (view.status === "running" && view.total > 0) {
    // Rounded to whole minutes: a review at 2-ply takes seconds and shows "less than a minute" at once.
    if (view.remainingMs !== null) return t("runningLeft", { done: view.done, total: view.total, minutes: Math.round(view.remainingMs / 60_000) });
    return t("running", { done: view.done, total: view.total });
  }
  if (view.status === "running") return t("runningNoTotal");
  if (view.status === "failed") return t("failed", { error: view.error ?? "?" });
  return "";
}

export function AnalysisControls({ analysis, finished }: { analysis: MatchAnalysisState; finished: boolean }) {
  const t = useTranslations("analysis");
  const errorText = useErrorText();
  const { ply, setPly, current, problem, analyse } = analysis;
  if (!finished) return <p className="muted">{t("notFinished")}</p>;
  const running = busy(current);
  return (
    <div className="analysis-controls">
      <PlySelect label={t("depth")} optionText={(p) => t(p === DEEP_PLY ? "plyDeep" : "ply", { ply: p })} ply={ply} onPly={setPly} testId="analysis-ply" />
      <button type="button" onClick={analyse} disabled={running || current?.status === "done"} data-testid="analyse-button">
        {current?.status === "done" ? t("analysed") : t("analyse")}
      </button>
      {current && current.status !== "done" && current.status !== "none" ? (
        <span className="analysis-progress" data-testid="analysis-progress" aria-live="polite">
          {progressText(t, current)}
          {running && current.total > 0 ? <progress max={current.total} value={current.done} /> : null}
        </span>
      ) : null}
      {problem ? <span role="alert">{errorText(problem.code, problem.values)}</span> : null}
    </div>
  );
}
