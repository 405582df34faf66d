// GET /api/transparency/consistency?from=<m>&to=<n> — the proof that the head of m entries is a prefix of the head of n
// (docs/transparency-log.md, section 9b; the answer is server/http/transparency-response.ts).
import { consistencyResponse } from "@/server/http/transparency-response";
import { getTransparencyLog } from "@/server/transparency/process-log";

export function GET(request: Request): Promise<Response> {
  return consistencyResponse(getTransparencyLog(), new URL(request.url).searchParams);
}
