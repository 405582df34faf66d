/**
 * POST /api/analysis {"positionId", "matchId"?, "dice"?, "ply"?} — the analysis board's answer
 * (app/api/analysis/route.ts): the engine's ranked plays and cube decision for any position
 * (lib/analysis/position-analysis.ts), searched in an engine worker (server/analysis/board-engine.ts).
 *
 * A search holds an analysis worker for up to a second at 2-ply and several at 3-ply, so it is for a signed-in user (a
 * guest too) on a page of this site (same-origin JSON: a cross-site form or fetch is refused before anything is read),
 * BOARD_ANALYSES_PER_MINUTE points a user, counted across nodes, a 3-ply search costing BOARD_DEEP_COST of them. 200 the analysis; 400 a bad Position ID, Match ID, dice or ply (the rules' own error codes);
 * 401 no session; 403 cross-site; 415 not JSON; 429 too many; 503 no engine on this node.
 *
 * @example
 *   export const POST = (request: Request) => positionAnalysisResponse(request, () => userFromRequest(request), boardLimiter(), boardEngine());
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { parsePositionRequest } from "@/lib/analysis/position-request";
import type { BoardEngine } from "@/server/analysis/board-engine";
import { refuseCrossSite } from "@/server/auth/route-guards";
import type { UserRow } from "@/server/db/types";
import { routeLimiter, takePoints } from "@/server/rate-limiter";
import { errorBody, jsonResponse } from "./json";

export const BOARD_ANALYSES_PER_MINUTE = 30;
/**
 * A 3-ply search's cost: it takes about ten times a 2-ply one (a median ~3 s against ~0.3 s on this machine, the
 * position, the cube and the plays all 3-ply deep), so a user may ask three a minute.
 */
export const BOARD_DEEP_COST = 10;
const NO_STORE = { "cache-control": "no-store" };

export function boardLimiter(): RateLimiterAbstract {
  return routeLimiter("board-analysis-user", { limit: BOARD_ANALYSES_PER_MINUTE, windowMs: 60_000 });
}

export async function positionAnalysisResponse(
  request: Request,
  viewerOf: () => Promise<UserRow | null>,
  limiter: RateLimiterAbstract,
  engine: BoardEngine | null,
): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const viewer = await viewerOf();
  if (!viewer) return jsonResponse(401, errorBody("ERR_UNAUTHENTICATED", { reason: "analyse" }), NO_STORE);
  const text = await request.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text.length <= 4096 ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return jsonResponse(400, errorBody("ERR_BAD_BODY", { reason: "position" }), NO_STORE);
  const parsed = parsePositionRequest(body as Record<string, unknown>);
  if (!parsed.ok) return jsonResponse(400, errorBody(parsed.code, parsed.values), NO_STORE);
  if ((await takePoints(limiter, viewer.id, parsed.value.ply === 3 ? BOARD_DEEP_COST : 1)) > 0) return jsonResponse(429, errorBody("ERR_RATE_LIMITED", { reason: "commands" }), NO_STORE);
  if (!engine) return jsonResponse(503, errorBody("ERR_UNAVAILABLE", { reason: "engine" }), NO_STORE);
  return jsonResponse(200, await engine(parsed.value), NO_STORE);
}
