// POST /api/account/register {username, password} → 201 {username}; the page then signs in through next-auth.
import { registerAccount } from "@/server/auth/accounts";
import { clientAddress } from "@/server/auth/client-address";
import { runtimeAccountDeps } from "@/server/auth/options";
import { jsonError, readJsonObject, refuseCrossSite } from "@/server/auth/route-guards";

export async function POST(request: Request): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const body = await readJsonObject(request);
  if (!body) return jsonError("ERR_BAD_REQUEST", { reason: "register" });
  const result = await registerAccount(runtimeAccountDeps(), { username: body.username, password: body.password, ip: clientAddress(request.headers) });
  if (!result.ok) return jsonError(result.code, result.values);
  return Response.json({ username: result.value.username }, { status: 201, headers: { "cache-control": "no-store" } });
}
