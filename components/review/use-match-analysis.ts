/**
 * A match's analysis as the review page follows it: one per depth (ply), the ones already stored given with the page
 * (so a second view shows them at once), "Analyse" asking the server for the chosen depth (POST
 * /api/matches/:id/analysis), and its progress polled once a second until it is done or failed.
 *
 * @example
 *   const analysis = useMatchAnalysis(matchId, invite, initial);
 *   analysis.analyse(); // then analysis.current?.status: "queued" → "running" → "done"
 */
import { useCallback, useEffect, useState } from "react";
import { errorOfBody, type ShownError } from "@/components/i18n/error-text";
import type { AnalysisView } from "@/lib/analysis/analysis-view";
import type { Ply } from "@/lib/analysis/types";

const POLL_MS = 1000;

export interface MatchAnalysisState {
  readonly ply: Ply;
  setPly(ply: Ply): void;
  readonly current: AnalysisView | null;
  readonly problem: ShownError | null;
  analyse(): void;
}

/** Whether the analysis is still to come: queued, or running. */
export function busy(view: AnalysisView | null): boolean {
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
