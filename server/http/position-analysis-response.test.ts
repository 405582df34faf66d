/**
 * The analysis board's route, attacked as an outsider would: another site, no session, text that is not JSON, hostile
 * or malformed IDs, bad dice and depths, a flood from one user, no engine; and a good request reaches the engine
 * with exactly the position asked for and returns its answer.
 */
import { describe, expect, it } from "vitest";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { analysePosition, type PositionRequest } from "@/lib/analysis/position-analysis";
import type { UserRow } from "@/server/db/types";
import { createLimiter } from "@/server/rate-limiter";
import { BOARD_DEEP_COST, positionAnalysisResponse } from "./position-analysis-response";

const SITE = "http://localhost:3000";
const sameSite = { host: "localhost:3000", origin: SITE, "content-type": "application/json" };
const START = "4HPwATDgc/ABMA";
const me = { id: "user-1", username: "ada", isGuest: true } as UserRow;
const as = (user: UserRow | null) => async () => user;
const generous = () => createLimiter({ limit: 1000, windowMs: 60_000 }, `test:${Math.random()}`);
const evaluator = createEvaluator();

function post(body: unknown, headers: Record<string, string> = sameSite): Request {
  return new Request(`${SITE}/api/analysis`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

describe("positionAnalysisResponse", () => {
  it("answers a position and dice with the engine's ranked plays and cube decision", async () => {
    const seen: PositionRequest[] = [];
    const engine = async (request: PositionRequest) => {
      seen.push(request);
      return analysePosition(request, evaluator);
    };
    const answer = await positionAnalysisResponse(post({ positionId: START, dice: [3, 1], ply: 0 }), as(me), generous(), engine);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = (await answer.json()) as { plays: { notation: string }[]; cube: { double: boolean }; positionId: string };
    expect(body.positionId).toBe(START);
    expect(body.plays[0]?.notation).toBe("8/5 6/5");
    expect(body.cube.double).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.dice).toEqual([3, 1]);
  });

  it("refuses another site, a visitor, text that is not JSON, and bad IDs, dice or depths, without asking the engine", async () => {
    let asked = 0;
    const engine = async (request: PositionRequest) => {
      asked++;
      return analysePosition(request, evaluator);
    };
    const cases: [Request, UserRow | null, number, string | null][] = [
      [post({ positionId: START }, { ...sameSite, origin: "https://evil.test" }), me, 403, "ERR_CROSS_SITE"],
      [post({ positionId: START }, { ...sameSite, "sec-fetch-site": "cross-site" }), me, 403, "ERR_CROSS_SITE"],
      [post({ positionId: START }, { host: "localhost:3000", origin: SITE, "content-type": "text/plain" }), me, 415, null],
      [post({ positionId: START }), null, 401, "ERR_UNAUTHENTICATED"],
      [post("{not json"), me, 400, "ERR_BAD_BODY"],
      [post([START]), me, 400, "ERR_BAD_BODY"],
      [post({ positionId: "x".repeat(5000) }), me, 400, "ERR_BAD_BODY"],
      [post({ positionId: "<script>alert(1)</script>" }), me, 400, "ERR_BAD_POSITION_ID"],
      [post({ positionId: START, matchId: "nope" }), me, 400, "ERR_BAD_MATCH_ID"],
      [post({ positionId: START, dice: [7, 1] }), me, 400, "ERR_BAD_BODY"],
      [post({ positionId: START, dice: "66x" }), me, 400, "ERR_BAD_BODY"],
      [post({ positionId: START, ply: 4 }), me, 400, "ERR_BAD_PLY"],
      [post({ positionId: START, ply: -1 }), me, 400, "ERR_BAD_PLY"],
      [post({ positionId: START, ply: "2" }), me, 400, "ERR_BAD_PLY"],
    ];
    for (const [req, viewer, status, code] of cases) {
      const answer = await positionAnalysisResponse(req, as(viewer), generous(), engine);
      expect(answer.status, JSON.stringify([status, code])).toBe(status);
      if (code) expect(((await answer.json()) as { error: string }).error).toBe(code);
    }
    expect(asked).toBe(0);
  });

  it("charges a 3-ply search more of the minute, and a refused one nothing", async () => {
    const limiter = createLimiter({ limit: 2 * BOARD_DEEP_COST + 2, windowMs: 60_000 }, `test:${Math.random()}`);
    const plies: number[] = [];
    // The depth reaches the engine; the search itself is the 0-ply one, as the limit is what is tested.
    const engine = async (request: PositionRequest) => {
      plies.push(request.ply);
      return analysePosition({ ...request, ply: 0 }, evaluator);
    };
    const ask = async (ply: number) => (await positionAnalysisResponse(post({ positionId: START, ply }), as(me), limiter, engine)).status;
    // Two deep searches fit, a third does not, and its refusal leaves the last two points for shallow ones.
    expect([await ask(3), await ask(3), await ask(3), await ask(2), await ask(0), await ask(1)]).toEqual([200, 200, 429, 200, 200, 429]);
    expect(plies).toEqual([3, 3, 2, 0]);
  });

  it("holds a user to the limit and answers 503 with no engine", async () => {
    const limiter = createLimiter({ limit: 2, windowMs: 60_000 }, `test:${Math.random()}`);
    const engine = async (request: PositionRequest) => analysePosition(request, evaluator);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await positionAnalysisResponse(post({ positionId: START }), as(me), limiter, engine)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const none = await positionAnalysisResponse(post({ positionId: START }), as(me), generous(), null);
    expect(none.status).toBe(503);
    expect(((await none.json()) as { error: string }).error).toBe("ERR_UNAVAILABLE");
  });
});
