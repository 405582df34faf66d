// The analysis of a finished match (server/analysis/analysis-jobs.ts), for anyone who may see its review:
//   POST /api/matches/:id/analysis[?invite=token]  {"ply": 0|1|2|3}  starts it (or returns the one queued, running or done)
//   GET  /api/matches/:id/analysis?ply=N[&invite=token]           where it stands, with the result once done
// 404 for a match the viewer may not see, 409 while it is not finished, 400 for a bad ply. The review page polls GET
// about once a second while the job runs: the job may run on another node, and the row is the truth. Who may start
// one, and how often: server/http/analysis-response.ts.
import { analysisStatus, type AnalysisErrorCode } from "@/server/analysis/analysis-jobs";
import { analysisLimiter } from "@/server/analysis/analysis-limit";
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { startAnalysisResponse } from "@/server/http/analysis-response";
import { errorBody, jsonResponse } from "@/server/http/json";

const STATUS: Record<AnalysisErrorCode, number> = { ERR_NOT_FOUND: 404, ERR_NOT_FINISHED: 409, ERR_BAD_PLY: 400, ERR_RATE_LIMITED: 429 };

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  const found = await analysisStatus(getDb(), { matchId: id, ply: query.get("ply"), viewer: await userFromRequest(request), invite: query.get("invite") ?? undefined });
  if (!found.ok) return jsonResponse(STATUS[found.code], errorBody(found.code, found.values));
  return jsonResponse(200, found.value);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  return startAnalysisResponse(getDb(), request, id, () => userFromRequest(request), analysisLimiter());
}
