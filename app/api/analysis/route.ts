// The analysis board's engine: POST /api/analysis {"positionId", "matchId"?, "dice"?, "ply"?} → ranked plays and the
// cube decision (server/http/position-analysis-response.ts says who may ask, how often, and every answer).
import { boardEngine } from "@/server/analysis/board-engine";
import { userFromRequest } from "@/server/auth/session";
import { boardLimiter, positionAnalysisResponse } from "@/server/http/position-analysis-response";

export async function POST(request: Request): Promise<Response> {
  return positionAnalysisResponse(request, () => userFromRequest(request), boardLimiter(), boardEngine());
}
