/**
 * Analysis jobs as the review page sees them: ask for a match's analysis at a ply (0 to 3), read its progress, and
 * read the stored results. Asking writes a MatchAnalysis row (queued) and wakes this node's runner
 * (analysis-runner.ts), which does the work in the engine pool; the page polls `analysisStatus` for the progress.
 *
 * Rules: only a finished match, for anyone who may see its review (server/record/match-review.ts); one row per match,
 * ply and engine, so asking again while it runs or once it is done returns that row (a second view is instant) and a
 * failed job is queued again. Bad input (a malformed or unknown match, one not finished, a ply other than 0–3) is
 * refused with an ERR_ code and writes nothing.
 *
 * @example
 *   const asked = await requestAnalysis(db, { matchId, ply: 1, viewer, invite });
 *   if (asked.ok) asked.value.status; // "queued" the first time, "done" once analysed
 */
import { remainingMs, type AnalysisStatus, type AnalysisView } from "@/lib/analysis/analysis-view";
import type { MatchAnalysis } from "@/lib/analysis/match-analysis";
import type { Ply } from "@/lib/analysis/types";
import { err, ok, type Result } from "@/lib/engine/types";
import { reviewableMatch } from "@/server/record/match-review";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { analysisEngineId } from "./engine-id";

export type { AnalysisStatus, AnalysisView };

export type AnalysisErrorCode = "ERR_NOT_FOUND" | "ERR_NOT_FINISHED" | "ERR_BAD_PLY" | "ERR_RATE_LIMITED";

export interface AnalysisRequest {
  readonly matchId: string;
  /** As given: a number or a numeric string; anything but 0, 1, 2 or 3 is refused. */
  readonly ply: unknown;
  readonly viewer: UserRow | null;
  readonly invite?: string;
  /**
   * Asked before a new job is queued (not when the job exists already), with the job's depth: 0 to go ahead, else the
   * milliseconds until the requester may start it (analysis-limit.ts: deeper jobs cost more). Absent: no limit.
   */
  readonly admit?: (ply: Ply) => Promise<number>;
}

export function parsePly(input: unknown): Ply | null {
  const n = typeof input === "number" ? input : typeof input === "string" && /^[0-9]$/.test(input) ? Number(input) : NaN;
  return n === 0 || n === 1 || n === 2 || n === 3 ? n : null;
}

interface Row {
  readonly matchId: string;
  readonly ply: number;
  readonly engine: string;
  readonly status: Exclude<AnalysisStatus, "none">;
  readonly done: number;
  readonly total: number;
  readonly result: string | null;
  readonly error: string | null;
  readonly startedAt: Date | null;
}

function viewOf(row: Row): AnalysisView {
  const running = row.status === "running" && row.startedAt !== null;
  return {
    matchId: row.matchId,
    ply: row.ply as Ply,
    engine: row.engine,
    status: row.status,
    done: row.done,
    total: row.total,
    result: row.status === "done" && row.result !== null ? (JSON.parse(row.result) as MatchAnalysis) : null,
    error: row.error,
    remainingMs: running ? remainingMs(row.done, row.total, Date.now() - (row.startedAt as Date).getTime()) : null,
  };
}

/** Process-wide, like the database handle: the route handlers (bundled by Next.js) reach the runner the server started. */
const processWide = globalThis as typeof globalThis & { __fairgammonAnalysisWake?: () => void };

export function setAnalysisWakeHook(wake: (() => void) | undefined): void {
  processWide.__fairgammonAnalysisWake = wake;
}

async function checked(db: Db, request: AnalysisRequest): Promise<Result<{ ply: Ply; engine: string }, AnalysisErrorCode>> {
  const ply = parsePly(request.ply);
  if (ply === null) return err("ERR_BAD_PLY");
  const found = await reviewableMatch(db, request.matchId, request.viewer, request.invite);
  if (!found.ok) return found;
  if (found.value.view.status !== "finished") return err("ERR_NOT_FINISHED", { reason: "analyse" });
  return ok({ ply, engine: analysisEngineId() });
}

const key = (matchId: string, ply: Ply, engine: string) => ({ matchId_ply_engine: { matchId, ply, engine } });

/** Starts the analysis, or returns the one already queued, running or done. */
export async function requestAnalysis(db: Db, request: AnalysisRequest): Promise<Result<AnalysisView, AnalysisErrorCode>> {
  const allowed = await checked(db, request);
  if (!allowed.ok) return allowed;
  const { ply, engine } = allowed.value;
  const { matchId } = request;
  const existing = await db.prisma.matchAnalysis.findUnique({ where: key(matchId, ply, engine) });
  if (existing && existing.status !== "failed") return ok(viewOf(existing));
  const wait = (await request.admit?.(ply)) ?? 0;
  if (wait > 0) {
    return err("ERR_RATE_LIMITED", { reason: "analyses", minutes: Math.max(1, Math.ceil(wait / 60_000)) });
  }
  if (existing) {
    await db.prisma.matchAnalysis.updateMany({
      where: { id: existing.id, status: "failed" },
      data: { status: "queued", done: 0, total: 0, error: null, heartbeat: null, startedAt: null, finishedAt: null },
    });
  } else {
    try {
      await db.prisma.matchAnalysis.create({ data: { matchId, ply, engine } });
    } catch (error) {
      // Two requests at once: the other one created the row (unique match, ply and engine); read it below.
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
  }
  processWide.__fairgammonAnalysisWake?.();
  const row = await db.prisma.matchAnalysis.findUnique({ where: key(matchId, ply, engine) });
  if (!row) throw new Error("the analysis row vanished right after it was written");
  return ok(viewOf(row));
}

/** Where the analysis at that ply stands; status "none" when nobody asked for it yet. */
export async function analysisStatus(db: Db, request: AnalysisRequest): Promise<Result<AnalysisView, AnalysisErrorCode>> {
  const allowed = await checked(db, request);
  if (!allowed.ok) return allowed;
  const { ply, engine } = allowed.value;
  const row = await db.prisma.matchAnalysis.findUnique({ where: key(request.matchId, ply, engine) });
  if (row) return ok(viewOf(row));
  return ok({ matchId: request.matchId, ply, engine, status: "none", done: 0, total: 0, result: null, error: null, remainingMs: null });
}

/**
 * The current engine's analyses of a match at every ply, with the results of finished ones, for a page that has
 * already checked the viewer may see the match: it sends them with its first render, so a second view is instant.
 */
export async function storedAnalyses(db: Db, matchId: string): Promise<AnalysisView[]> {
  const rows = await db.prisma.matchAnalysis.findMany({ where: { matchId, engine: analysisEngineId() }, orderBy: { ply: "asc" } });
  return rows.map(viewOf);
}
