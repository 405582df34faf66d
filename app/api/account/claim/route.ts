// POST /api/account/claim {username?, password} → 200 {username}: the signed-in guest becomes a registered user.
import { claimGuestAccount } from "@/server/auth/accounts";
import { clientAddress } from "@/server/auth/client-address";
import { runtimeAccountDeps } from "@/server/auth/options";
import { jsonError, readJsonObject, refuseCrossSite } from "@/server/auth/route-guards";
import { userFromRequest } from "@/server/auth/session";

export async function POST(request: Request): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = await userFromRequest(request);
  if (!user) return jsonError("ERR_UNAUTHENTICATED", { reason: "claim" });
  const body = await readJsonObject(request);
  if (!body) return jsonError("ERR_BAD_REQUEST", { reason: "claim" });
  const result = await claimGuestAccount(runtimeAccountDeps(), {
    userId: user.id,
    username: body.username,
    password: body.password,
    ip: clientAddress(request.headers),
  });
  if (!result.ok) return jsonError(result.code, result.values);
  return Response.json({ username: result.value.username }, { headers: { "cache-control": "no-store" } });
}
