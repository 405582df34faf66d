// GET /api/matches/:id/export.mat[?invite=token] — a finished match as a GNU Backgammon .mat file, downloaded as an
// attachment, for anyone who may see the match (server/record/match-review.ts); 404 otherwise, 409 while it runs.
import { matExport } from "@/server/record/match-review";
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { errorBody, jsonResponse } from "@/server/http/json";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  const exported = await matExport(getDb(), id, await userFromRequest(request), invite);
  if (!exported.ok) {
    const status = exported.code === "ERR_NOT_FINISHED" ? 409 : 404;
    return jsonResponse(status, errorBody(exported.code, exported.values));
  }
  return new Response(exported.value.text, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": `attachment; filename="${exported.value.filename}"`,
      "cache-control": "no-store",
    },
  });
}
