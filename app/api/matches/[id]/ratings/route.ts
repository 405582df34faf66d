// GET /api/matches/:id/ratings[?invite=token] — what a rated match did to its players' ratings, for anyone who may see
// the match; the answer is server/http/ratings-response.ts.
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { ratingsResponse } from "@/server/http/ratings-response";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  return ratingsResponse(getDb(), id, invite, () => userFromRequest(request));
}
