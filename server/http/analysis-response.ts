/**
 * POST /api/matches/:id/analysis[?invite=token] {"ply": 0|1|2|3} — the answer of its route handler
 * (app/api/matches/[id]/analysis/route.ts). Starting a job costs minutes of an engine worker, so it is for a
 * signed-in user (a guest too) on a page of this site (same-origin JSON, server/auth/route-guards.ts: a cross-site
 * form or text/plain fetch is refused before anything is read), and each user spends at most
 * ANALYSES_PER_USER_PER_HOUR points an hour on new jobs, a deeper job costing more (server/analysis/analysis-limit.ts).
 * 202 queued, 200 done already, 400 bad ply or body, 401 no session, 403 cross-site, 404 not visible, 409 not
 * finished, 415 not JSON, 429 limit.
 *
 * @example
 *   return startAnalysisResponse(getDb(), request, id, () => userFromRequest(request), analysisLimiter());
 */
import { requestAnalysis, type AnalysisErrorCode } from "@/server/analysis/analysis-jobs";
import type { AnalysisLimiter } from "@/server/analysis/analysis-limit";
import { refuseCrossSite } from "@/server/auth/route-guards";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { errorBody, jsonResponse } from "./json";

const STATUS: Record<AnalysisErrorCode, number> = { ERR_NOT_FOUND: 404, ERR_NOT_FINISHED: 409, ERR_BAD_PLY: 400, ERR_RATE_LIMITED: 429 };

export async function startAnalysisResponse(db: Db, request: Request, matchId: string, viewerOf: () => Promise<UserRow | null>, limiter: AnalysisLimiter): Promise<Response> {
  const crossSite = refuseCrossSite(request);
  if (crossSite) return crossSite;
  const viewer = await viewerOf();
  if (!viewer) return jsonResponse(401, errorBody("ERR_UNAUTHENTICATED", { reason: "analyse" }));
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || !("ply" in body)) return jsonResponse(400, errorBody("ERR_BAD_BODY", { reason: "ply" }));
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  const started = await requestAnalysis(db, { matchId, ply: body.ply, viewer, invite, admit: (ply) => limiter.take(viewer.id, ply) });
  if (!started.ok) return jsonResponse(STATUS[started.code], errorBody(started.code, started.values));
  return jsonResponse(started.value.status === "done" ? 200 : 202, started.value);
}
