/**
 * Tournaments in the database: the event log (TournamentEvent, append-only) is the record; the Tournament row's
 * columns and the TournamentEntry rows are projections of it, written in the same transaction. Every append names
 * the version it was decided on and fails with ERR_CONFLICT if another node appended first — so two nodes never both
 * close registration, start a round or record a result.
 *
 * @example
 *   const loaded = await loadTournament(db, id);         // { view, stored } | null
 *   const appended = await appendTournamentEvents(db, id, loaded.view.version, closeEvents(loaded.view));
 */
import { err, ok, type Result } from "@/lib/engine/types";
import { evolveTournament, foldTournament, type TournamentEvent, type TournamentSettings, type TournamentView } from "@/lib/tournament/tournament";
import type { Db } from "@/server/db/client";
import type { Tx } from "@/server/db/db";
import { writeTransaction } from "@/server/db/transaction";
import type { StoredSeed } from "@/server/vault";

export interface LoadedTournament {
  readonly view: TournamentView;
  /** The sealed draw seed and its commitment (the vault reveals it at the start). */
  readonly stored: StoredSeed;
}

export async function createTournament(db: Db, input: { id: string; settings: TournamentSettings; createdBy: { id: string; name: string }; stored: StoredSeed; at: Date }): Promise<TournamentView> {
  const event: TournamentEvent = { type: "created", settings: input.settings, commitment: input.stored.commitment, createdBy: input.createdBy };
  await db.prisma.$transaction([
    db.prisma.tournament.create({
      data: {
        id: input.id,
        name: input.settings.name,
        format: input.settings.format,
        matchLength: input.settings.matchLength,
        rated: input.settings.rated,
        maxPlayers: input.settings.maxPlayers,
        closesAt: new Date(input.settings.closesAt),
        startsAt: new Date(input.settings.startsAt),
        commitment: input.stored.commitment,
        sealedSeed: JSON.stringify(input.stored),
        version: 1,
        createdById: input.createdBy.id,
        createdAt: input.at,
      },
    }),
    db.prisma.tournamentEvent.create({ data: { tournamentId: input.id, version: 1, type: event.type, payload: JSON.stringify(event), createdAt: input.at } }),
  ]);
  return foldTournament(input.id, [event]);
}

export async function loadTournament(db: Db, id: string): Promise<LoadedTournament | null> {
  const row = await db.prisma.tournament.findUnique({ where: { id }, select: { sealedSeed: true } });
  if (!row) return null;
  const events = await db.prisma.tournamentEvent.findMany({ where: { tournamentId: id }, orderBy: { version: "asc" }, select: { payload: true } });
  return { view: foldTournament(id, events.map((event) => JSON.parse(event.payload) as TournamentEvent)), stored: JSON.parse(row.sealedSeed) as StoredSeed };
}

/** Appends `events` after version `expected`, with their projections; ERR_CONFLICT when the log has moved on. */
export async function appendTournamentEvents(db: Db, id: string, expected: TournamentView, events: readonly TournamentEvent[], at: Date): Promise<Result<TournamentView, "ERR_CONFLICT">> {
  if (events.length === 0) return ok(expected);
  const after = events.reduce(evolveTournament, expected);
  return writeTransaction(
    db,
    async (tx) => {
      const claimed = await tx.tournament.updateMany({
        where: { id, version: expected.version },
        data: { version: expected.version + events.length, status: after.status, winnerId: after.winner },
      });
      if (claimed.count !== 1) return err("ERR_CONFLICT");
      await tx.tournamentEvent.createMany({
        data: events.map((event, i) => ({ tournamentId: id, version: expected.version + i + 1, type: event.type, payload: JSON.stringify(event), createdAt: at })),
      });
      for (const event of events) await project(tx, id, after, event);
      return ok(after);
    },
    () => err("ERR_CONFLICT"),
  );
}

/** The entries' columns for one event (the Tournament row's are written with the version). */
async function project(tx: Tx, tournamentId: string, after: TournamentView, event: TournamentEvent): Promise<void> {
  switch (event.type) {
    case "registered":
      await tx.tournamentEntry.upsert({ where: { tournamentId_userId: { tournamentId, userId: event.player.id } }, create: { tournamentId, userId: event.player.id }, update: { withdrawn: false } });
      return;
    case "unregistered":
      await tx.tournamentEntry.deleteMany({ where: { tournamentId, userId: event.playerId } });
      return;
    case "withdrawn":
      await tx.tournamentEntry.updateMany({ where: { tournamentId, userId: event.playerId }, data: { withdrawn: true } });
      return;
    case "result":
      await tx.tournamentEntry.updateMany({ where: { tournamentId, userId: event.winner }, data: { wins: { increment: 1 } } });
      return;
    case "finished":
      await tx.tournamentEntry.updateMany({ where: { tournamentId, userId: after.winner ?? "" }, data: { won: true } });
      return;
    default:
      return;
  }
}

/** Tournaments whose life is not over: the runner's work. */
export async function activeTournamentIds(db: Db): Promise<string[]> {
  const rows = await db.prisma.tournament.findMany({ where: { status: { in: ["registering", "closed", "running"] } }, select: { id: true }, orderBy: { startsAt: "asc" }, take: 200 });
  return rows.map((row) => row.id);
}

export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly format: string;
  readonly status: string;
  readonly matchLength: number;
  readonly rated: boolean;
  readonly maxPlayers: number;
  readonly closesAt: Date;
  readonly startsAt: Date;
  readonly entries: number;
  readonly winner: string | null;
}

/** Upcoming (registering or closed), running and finished tournaments, newest start first within each. */
export async function listTournaments(db: Db): Promise<{ upcoming: TournamentSummary[]; running: TournamentSummary[]; finished: TournamentSummary[] }> {
  const rows = await db.prisma.tournament.findMany({
    select: { id: true, name: true, format: true, status: true, matchLength: true, rated: true, maxPlayers: true, closesAt: true, startsAt: true, winnerId: true, _count: { select: { entries: true } } },
    orderBy: [{ startsAt: "desc" }, { id: "asc" }],
    take: 300,
  });
  const winners = await db.prisma.user.findMany({ where: { id: { in: rows.flatMap((row) => (row.winnerId ? [row.winnerId] : [])) } }, select: { id: true, username: true } });
  const names = new Map(winners.map((user) => [user.id, user.username]));
  const summary = (row: (typeof rows)[number]): TournamentSummary => ({ ...row, entries: row._count.entries, winner: row.winnerId ? (names.get(row.winnerId) ?? null) : null });
  return {
    upcoming: rows.filter((row) => row.status === "registering" || row.status === "closed").map(summary).reverse(),
    running: rows.filter((row) => row.status === "running").map(summary),
    finished: rows.filter((row) => row.status === "finished" || row.status === "cancelled").map(summary).slice(0, 50),
  };
}

/** A player's tournaments, newest first, for their profile. */
export async function tournamentsOf(db: Db, userId: string): Promise<{ id: string; name: string; status: string; wins: number; won: boolean; withdrawn: boolean; startsAt: Date }[]> {
  const rows = await db.prisma.tournamentEntry.findMany({
    where: { userId },
    select: { wins: true, won: true, withdrawn: true, tournament: { select: { id: true, name: true, status: true, startsAt: true } } },
    orderBy: { tournament: { startsAt: "desc" } },
    take: 50,
  });
  return rows.map((row) => ({ ...row.tournament, wins: row.wins, won: row.won, withdrawn: row.withdrawn }));
}
