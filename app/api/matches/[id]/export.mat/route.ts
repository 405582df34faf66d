// GET /api/matches/:id/export.mat[?invite=token] — a finished match as a GNU Backgammon .mat file with its signed
// proofs, downloaded as an attachment, for anyone who may see the match; the answer is server/http/mat-response.ts.
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { matResponse } from "@/server/http/mat-response";
import { getProofKey } from "@/server/vault/proof-key";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const invite = new URL(request.url).searchParams.get("invite") ?? undefined;
  return matResponse(getDb(), getProofKey(), id, invite, () => userFromRequest(request));
}
