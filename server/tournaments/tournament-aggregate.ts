/**
 * The tournament aggregate as the kernel runs it (server/kernel/kernel.ts): lib/tournament's pure parts, and the rows
 * its events project to in the same transaction — the Tournament row's status, version and winner, and one
 * TournamentEntry per player (the lists and profiles read them). The Tournament row itself, with the sealed draw
 * seed, is written with the `created` event (tournament-service.ts `create`).
 */
import { decideTournament, type TournamentCommand, type TournamentContext, type TournamentRefusalCode } from "@/lib/tournament/decide";
import { tournamentEventSchema } from "@/lib/tournament/event-schemas";
import { emptyTournament, evolveTournament, type TournamentEvent, type TournamentView } from "@/lib/tournament/tournament";
import type { Tx } from "@/server/db/db";
import type { Aggregate } from "@/server/kernel/kernel";

export const tournamentAggregate: Aggregate<TournamentView, TournamentCommand, TournamentEvent, TournamentContext, TournamentRefusalCode> = {
  name: "tournament",
  empty: emptyTournament,
  evolve: evolveTournament,
  decide: decideTournament,
  settle: { type: "settle" },
  parse: (payload) => tournamentEventSchema.parse(payload),
  project: projectTournament,
};

async function projectTournament(tx: Tx, before: TournamentView, after: TournamentView, events: readonly TournamentEvent[]): Promise<void> {
  const tournamentId = after.id;
  // The row is made with the first event (tournament-service.ts); every later append moves its projected columns.
  if (before.version > 0) await tx.tournament.update({ where: { id: tournamentId }, data: { version: after.version, status: after.status, winnerId: after.winner } });
  for (const event of events) {
    switch (event.type) {
      case "registered":
        await tx.tournamentEntry.upsert({ where: { tournamentId_userId: { tournamentId, userId: event.player.id } }, create: { tournamentId, userId: event.player.id }, update: { withdrawn: false } });
        break;
      case "unregistered":
        await tx.tournamentEntry.deleteMany({ where: { tournamentId, userId: event.playerId } });
        break;
      case "withdrawn":
        await tx.tournamentEntry.updateMany({ where: { tournamentId, userId: event.playerId }, data: { withdrawn: true } });
        break;
      case "result":
        await tx.tournamentEntry.updateMany({ where: { tournamentId, userId: event.winner }, data: { wins: { increment: 1 } } });
        break;
      case "finished":
        await tx.tournamentEntry.updateMany({ where: { tournamentId, userId: after.winner ?? "" }, data: { won: true } });
        break;
      default:
        break;
    }
  }
}
