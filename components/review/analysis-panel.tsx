"use client";
/**
 * The review's analysis controls and summary: a ply selector (0, 1 or 2) and "Analyse", which asks the server for the
 * analysis (POST /api/matches/:id/analysis) and polls its progress once a second until it is done; and, once done,
 * each player's totals (decisions, equity lost, error rate per decision in thousandths, marks, gnubg's rating).
 * Analyses already stored come with the page, so a second view shows them at once.
 *
 * @example
 *   const analysis = useMatchAnalysis(matchId, invite, initial);
 *   <AnalysisControls analysis={analysis} finished />
 *   {analysis.current?.result ? <AnalysisSummary result={analysis.current.result} names={names} /> : null}
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { errorOfBody, useErrorText, type ShownError } from "@/components/i18n/error-text";
import type { AnalysisView } from "@/lib/analysis/analysis-view";
import { gnubgRating } from "@/lib/analysis/gnubg-rating";
import type { MatchAnalysis } from "@/lib/analysis/match-analysis";
import type { Ply } from "@/lib/analysis/types";
import type { Color } from "@/lib/engine/types";

const PLIES: readonly Ply[] = [0, 1, 2];
const POLL_MS = 1000;

export interface MatchAnalysisState {
  readonly ply: Ply;
  setPly(ply: Ply): void;
  readonly current: AnalysisView | null;
  readonly problem: ShownError | null;
  analyse(): void;
}

function busy(view: AnalysisView | null): boolean {
  return view?.status === "queued" || view?.status === "running";
}

export function useMatchAnalysis(matchId: string, invite: string | null, initial: readonly AnalysisView[]): MatchAnalysisState {
  const [views, setViews] = useState<Partial<Record<Ply, AnalysisView>>>(() => Object.fromEntries(initial.map((v) => [v.ply, v])));
  // The deepest analysis already done, else 1 ply (seconds for a short match on this machine).
  const [ply, setPly] = useState<Ply>(() => [...initial].reverse().find((v) => v.status === "done")?.ply ?? 1);
  const [problem, setProblem] = useState<ShownError | null>(null);
  const current = views[ply] ?? null;
  const url = `/api/matches/${encodeURIComponent(matchId)}/analysis`;
  const inviteQuery = invite ? `invite=${encodeURIComponent(invite)}` : "";

  const store = useCallback((view: AnalysisView) => setViews((all) => ({ ...all, [view.ply]: view })), []);

  const analyse = useCallback(() => {
    setProblem(null);
    void fetch(`${url}${inviteQuery ? `?${inviteQuery}` : ""}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ply }) })
      .then(async (response) => {
        const body = (await response.json()) as AnalysisView | { error: string };
        if ("status" in body) store(body);
        else setProblem(errorOfBody(body));
      })
      .catch(() => setProblem({ code: "ERR_NETWORK" }));
  }, [url, inviteQuery, ply, store]);

  useEffect(() => {
    if (!busy(current)) return;
    const timer = setTimeout(() => {
      void fetch(`${url}?ply=${ply}${inviteQuery ? `&${inviteQuery}` : ""}`, { cache: "no-store" })
        .then(async (response) => {
          const body = (await response.json()) as AnalysisView | { error: string };
          if ("status" in body) store(body);
          else setProblem(errorOfBody(body));
        })
        .catch(() => store({ ...(current as AnalysisView) })); // try again at the next tick
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current, url, inviteQuery, ply, store]);

  return { ply, setPly, current, problem, analyse };
}

function progressText(t: (key: string, values?: Record<string, string | number>) => string, view: AnalysisView): string {
  if (view.status === "queued") return t("queued");
  if (view.status === "running") return view.total > 0 ? t("running", { done: view.done, total: view.total }) : t("runningNoTotal");
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
      <label>
        {t("depth")}{" "}
        <select value={ply} onChange={(e) => setPly(Number(e.target.value) as Ply)} data-testid="analysis-ply">
          {PLIES.map((p) => (
            <option key={p} value={p}>
              {t("ply", { ply: p })}
            </option>
          ))}
        </select>
      </label>
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

const COLORS: readonly Color[] = ["white", "black"];

export function AnalysisSummary({ result, names }: { result: MatchAnalysis; names: Record<Color, string> }) {
  const t = useTranslations("analysis");
  const rows: [string, (c: Color) => string | number][] = [
    [t("rowDecisions"), (c) => `${result.totals[c].decisions} (${result.totals[c].moves} + ${result.totals[c].cubeDecisions})`],
    [t("rowForced"), (c) => result.totals[c].forcedMoves],
    [t("rowLoss"), (c) => `${result.totals[c].checkerLoss.toFixed(3)} / ${result.totals[c].cubeLoss.toFixed(3)}`],
    [t("rowErrorRate"), (c) => result.totals[c].errorRate.toFixed(1)],
    [t("rowDoubtful"), (c) => result.totals[c].marks.doubtful],
    [t("rowErrors"), (c) => result.totals[c].marks.error],
    [t("rowBlunders"), (c) => result.totals[c].marks.blunder],
    // From the error rate, so an analysis stored with an English label before the label became a key reads the same.
    [t("rowRating"), (c) => (result.totals[c].decisions === 0 ? t("ratingNone") : t(`rating.${gnubgRating(result.totals[c].errorRate / 1000)}`))],
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
          {rows.map(([label, value]) => (
            <tr key={label}>
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
        {t("marksNote")}
      </p>
    </section>
  );
}
