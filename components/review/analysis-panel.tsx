"use client";
/**
 * The review's analysis controls and summary: a ply selector (0 to 3; 3-ply takes minutes) and "Analyse", which asks
 * the server for the analysis (POST /api/matches/:id/analysis) and polls its progress once a second until it is done;
 * and, once done, each player's totals (decisions, equity lost, error rate per decision in thousandths — also checker
 * play and cube apart, with gnubg's band in words —, marks, gnubg's rating, and the luck of the rolls per game and for
 * the match). Analyses already stored come with the page, so a second view shows them at once.
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
import { formatEquity } from "./step-analysis";

const PLIES: readonly Ply[] = [0, 1, 2, 3];
/** From this depth a long match takes minutes (docs/benchmarks.md): the option says so. */
const DEEP_PLY: Ply = 3;
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
      <label>
        {t("depth")}{" "}
        <select value={ply} onChange={(e) => setPly(Number(e.target.value) as Ply)} data-testid="analysis-ply">
          {PLIES.map((p) => (
            <option key={p} value={p}>
              {t(p >= DEEP_PLY ? "plyDeep" : "ply", { ply: p })}
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
