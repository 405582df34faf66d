// GET /api/tournaments/:id/draw.json — the tournament's published draw, to verify (server/http/tournament-draw-response.ts).
import { getDb } from "@/server/db/client";
import { tournamentDrawResponse } from "@/server/http/tournament-draw-response";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return tournamentDrawResponse(getDb(), id);
}
