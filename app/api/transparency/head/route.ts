// GET /api/transparency/head — the log's latest signed tree head and the key it verifies with (docs/transparency-log.md,
// section 9b); the answer is server/http/transparency-response.ts.
import { transparencyHeadResponse } from "@/server/http/transparency-response";
import { getTransparencyLog } from "@/server/transparency/process-log";
import { getProofKey } from "@/server/vault/proof-key";

// Never prerendered at build time: the head is read at each request.
export const dynamic = "force-dynamic";

export function GET(): Promise<Response> {
  return transparencyHeadResponse(getTransparencyLog(), getProofKey());
}
