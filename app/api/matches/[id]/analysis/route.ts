// The analysis of a finished match (server/analysis/analysis-jobs.ts), for anyone who may see its review:
//   POST /api/matches/:id/analysis[?invite=token]  {"ply": 0|1|2}  starts it (or returns the one queued, running or done)
//   GET  /api/matches/:id/analysis?ply=N[&invite=token]           where it stands, with the result once done
// 404 for a match the viewer may not see, 409 while it is not finished, 400 for a bad ply or body. The review page
// polls GET about once a second while the job runs: the job may run on another node, and the row is the truth.
import { analysisStatus, requestAnalysis, type AnalysisErrorCode } from "@/server/analysis/analysis-jobs";
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";

const STATUS: Record<AnalysisErrorCode, number> = { ERR_NOT_FOUND: 404, ERR_NOT_FINISHED: 409, ERR_BAD_PLY: 400 };
const headers = { "cache-control": "no-store" };

function refused(code: AnalysisErrorCode | "ERR_BAD_BODY", message: string): Response {
  return Response.json({ error: code, message }, { status: code === "ERR_BAD_BODY" ? 400 : STATUS[code], headers });
}

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  const found = await analysisStatus(getDb(), { matchId: id, ply: query.get("ply"), viewer: await userFromRequest(request), invite: query.get("invite") ?? undefined });
  if (!found.ok) return refused(found.code, found.message);
  return Response.json(found.value, { headers });
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || !("ply" in body)) return refused("ERR_BAD_BODY", 'Send {"ply": 0, 1 or 2}.');
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  const started = await requestAnalysis(getDb(), { matchId: id, ply: body.ply, viewer: await userFromRequest(request), invite });
  if (!started.ok) return refused(started.code, started.message);
  return Response.json(started.value, { status: started.value.status === "done" ? 200 : 202, headers });
}
