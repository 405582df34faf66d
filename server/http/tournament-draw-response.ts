/**
 * GET /api/tournaments/:id/draw.json: a tournament's published draw (docs/tournaments.md) — the commitment, the
 * canonical entrants and their digest, the seed once revealed, every round's pairings and results, the withdrawals —
 * with the players' names beside their ids. What `verifyDraw`, the page's button, the CLI and tests/tournaments/
 * verify_draw.py check. Public: tournaments are. An id that is not one is 404; the seed is null until the start.
 *
 * @example
 *   const response = await tournamentDrawResponse(getDb(), id);
 */
import { drawRecordOf, isTournamentId } from "@/lib/tournament/tournament";
import type { Db } from "@/server/db/client";
import { jsonError } from "@/server/auth/route-guards";
import { loadTournament } from "@/server/tournaments/tournament-store";

export async function tournamentDrawResponse(db: Db, id: string): Promise<Response> {
  const loaded = isTournamentId(id) ? await loadTournament(db, id) : null;
  if (!loaded) return jsonError("ERR_NOT_FOUND", { reason: "tournament" });
  const { view } = loaded;
  const record = drawRecordOf(view);
  return Response.json(
    { ...record, tournament: { id: view.id, name: view.settings.name, status: view.status, swissRounds: view.settings.swissRounds }, names: view.names, matches: view.rounds.map((round) => round.matchIds) },
    { headers: { "cache-control": "no-store" } },
  );
}
