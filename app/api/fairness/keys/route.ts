// GET /api/fairness/keys — every key the site has signed match proofs with (server/fairness/proof-keys.ts), the stable
// address verifiers take the site's public keys from (docs/fair-dice-v2.md, section 5b).
import { getDb } from "@/server/db/client";
import { proofKeysResponse } from "@/server/http/proof-keys-response";

export function GET(): Promise<Response> {
  return proofKeysResponse(getDb());
}
