/**
 * One match's roll log for the admin console (`/admin/matches/[id]`): the match and its players, the commitment and
 * client seeds, every roll (nonce, dice, kind, player, time), the dice statistics of the match, and — once the match
 * is over and its seed revealed — the seed and the server-side verification.
 *
 * The sealed seed is never selected, and `revealedSeed` is null in the database until the reveal, so a running match's
 * seed cannot reach the page. The look is recorded ("view-roll-log" for the match) in the transaction that reads it.
 *
 * @example
 *   const view = await matchRollLog(db, admin.id, matchId); // null: no such match (nothing recorded)
 *   view?.seed.serverSeed;      // null until revealed
 *   view?.verification?.report; // lib/dice VerifyReport once revealed
 */
import { diceStats, type DiceStats } from "@/lib/dice/dice-stats";
import { ROLL_LOG_VIEW } from "@/server/db/admin";
import type { Db } from "@/server/db/client";
import { inTransaction } from "@/server/db/transaction";
import type { MatchStatus, RollRow, Seat, Visibility } from "@/server/db/types";
import { PUBLIC_SEED_COLUMNS, readRevealedRecord, verifyRecord, type MatchVerification } from "./verification";

export interface AdminMatchView {
  readonly match: {
    readonly id: string;
    readonly status: MatchStatus;
    readonly visibility: Visibility;
    readonly matchLength: number;
    readonly scoreWhite: number;
    readonly scoreBlack: number;
    readonly winner: Seat | null;
    readonly endReason: string | null;
    readonly white: string | null;
    readonly black: string | null;
    readonly createdAt: Date;
    readonly finishedAt: Date | null;
  };
  readonly seed: {
    readonly commitment: string;
    readonly clientSeeds: { readonly white: string | null; readonly black: string | null };
    /** null until the match is over and the seed revealed. */
    readonly serverSeed: string | null;
    readonly revealedAt: Date | null;
  };
  /** In nonce order. */
  readonly rolls: readonly RollRow[];
  readonly stats: DiceStats;
  /** null while the seed is secret. */
  readonly verification: MatchVerification | null;
}

export async function matchRollLog(db: Db, adminId: string, matchId: string): Promise<AdminMatchView | null> {
  const read = await inTransaction(db, async (tx) => {
    const match = await tx.match.findUnique({
      where: { id: matchId },
      select: {
        id: true,
        status: true,
        visibility: true,
        matchLength: true,
        scoreWhite: true,
        scoreBlack: true,
        winner: true,
        endReason: true,
        createdAt: true,
        finishedAt: true,
        white: { select: { username: true } },
        black: { select: { username: true } },
      },
    });
    if (!match) return null;
    await tx.adminAudit.create({ data: { adminId, action: ROLL_LOG_VIEW, matchId, details: JSON.stringify({ view: "match" }) } });
    const seed = await tx.matchSeed.findUnique({ where: { matchId }, select: PUBLIC_SEED_COLUMNS });
    const rolls = await tx.rollLog.findMany({
      where: { matchId },
      orderBy: { nonce: "asc" },
      select: { nonce: true, game: true, kind: true, player: true, die1: true, die2: true, createdAt: true },
    });
    const record = seed?.revealedSeed ? await readRevealedRecord(tx, matchId) : null;
    return { match, seed, rolls, record };
  });
  if (!read) return null;
  const { match, seed, rolls, record } = read;
  return {
    match: { ...match, white: match.white?.username ?? null, black: match.black?.username ?? null },
    seed: {
      commitment: seed?.commitment ?? "",
      clientSeeds: { white: seed?.whiteClientSeed ?? null, black: seed?.blackClientSeed ?? null },
      serverSeed: seed?.revealedSeed ?? null,
      revealedAt: seed?.revealedAt ?? null,
    },
    rolls,
    stats: diceStats(rolls.map((roll) => [roll.die1, roll.die2] as const)),
    verification: record ? verifyRecord(record) : null,
  };
}
