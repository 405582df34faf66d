// GET /api/matches/:id/events[?invite=token] — the match's event log for anyone who may see the match; the answer is
// server/http/events-response.ts.
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { eventsResponse } from "@/server/http/events-response";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  return eventsResponse(getDb(), id, invite, () => userFromRequest(request));
}
