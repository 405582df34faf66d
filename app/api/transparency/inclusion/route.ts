// GET /api/transparency/inclusion?match=<id>&kind=<match-created|match-ended>[&size=<n>] — the proof of a match's entry in a head
// (docs/transparency-log.md, section 9b; the answer is server/http/transparency-response.ts).
import { inclusionResponse } from "@/server/http/transparency-response";
import { getTransparencyLog } from "@/server/transparency/process-log";

export function GET(request: Request): Promise<Response> {
  return inclusionResponse(getTransparencyLog(), new URL(request.url).searchParams);
}
