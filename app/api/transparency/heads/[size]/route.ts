// GET /api/transparency/heads/:size — the head signed for that many entries (docs/transparency-log.md, section 9b).
import { headOfSizeResponse } from "@/server/http/transparency-response";
import { getTransparencyLog } from "@/server/transparency/process-log";

export async function GET(_request: Request, { params }: { params: Promise<{ size: string }> }): Promise<Response> {
  return headOfSizeResponse(getTransparencyLog(), (await params).size);
}
