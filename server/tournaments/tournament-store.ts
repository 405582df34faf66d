/**
 * Tournament lists: the Tournament rows and TournamentEntry rows, projections of each tournament's event stream
 * (tournament-aggregate.ts), for the tournaments page, profiles and the clock's sweep.
 *
 * @example
 *   const { upcoming, running, finished } = await listTournaments(db);
 */
import { foldTournament, type TournamentView } from "@/lib/tournament/tournament";
import type { Db } from "@/server/db/client";
import { StreamStore } from "@/server/kernel/stream-store";
import { tournamentAggregate } from "./tournament-aggregate";

/**
 * A tournament as its stream says, for pages, the draw's JSON and the verifier: a read that never writes (what is
 * due is the kernel's, tournament-service.ts).
 */
export async function loadTournament(db: Db, id: string): Promise<{ readonly view: TournamentView } | null> {
  // The kernel's stream and schema (tournament-aggregate.ts), read without its queue or cache: a page's read.
  const events = await new StreamStore(db).read(`${tournamentAggregate.name}:${id}`, tournamentAggregate.parse);
  return events.length === 0 ? null : { view: foldTournament(id, events) };
}

/** Tournaments whose life is not over: the clock's work. */
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
