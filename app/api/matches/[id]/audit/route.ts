// GET /api/matches/:id/audit[?invite=token] — the match's audit document (for fair-dice-v2 a signed proof), for anyone
// who may see the match; the answer (statuses, headers, body) is server/http/audit-response.ts.
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { auditResponse } from "@/server/http/audit-response";
import { getProofKey } from "@/server/vault/proof-key";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  return auditResponse(getDb(), getProofKey(), id, invite, () => userFromRequest(request));
}
