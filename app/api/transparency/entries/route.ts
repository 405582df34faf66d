// GET /api/transparency/entries?start=<i>[&count=<k ≤ 256>] — a page of the log's entries, for monitors
// (docs/transparency-log.md, section 9b; the answer is server/http/transparency-response.ts).
import { entriesResponse } from "@/server/http/transparency-response";
import { getTransparencyLog } from "@/server/transparency/process-log";

export function GET(request: Request): Promise<Response> {
  return entriesResponse(getTransparencyLog(), new URL(request.url).searchParams);
}
