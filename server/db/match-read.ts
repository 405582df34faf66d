/**
 * Reading one match back: everything the match server needs to rebuild it after a restart (its row, its sealed
 * seed, its events, rolls and games in order, all from one consistent snapshot), and its fair-dice-v1 audit bundle
 * (docs/fair-dice-v1.md, section 6). The server seed appears only as `revealedSeed`, after the reveal; before it
 * the seed is only available sealed, for the vault.
 *
 * @example
 *   const loaded = await loadMatch(db, matchId); // null when there is no such match
 *   loaded?.events.map((e) => e.type);          // ["match-created", "player-joined", ...]
 *   const bundle = await auditBundle(db, matchId);
 *   if (bundle.ok) verify(bundle.value);         // lib/dice
 */
import type { AuditBundle } from "@/lib/dice";
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "./client";
import { readSnapshot, type Tx } from "./transaction";
import type { EventRow, GameRow, JsonValue, MatchRow, RollRow, SeedState } from "./types";

/** A match's row, sealed seed and events: what the match server rebuilds a live match from. */
export interface MatchLog {
  readonly match: MatchRow;
  readonly seed: SeedState;
  /** In sequence order, 1, 2, 3, … */
  readonly events: readonly EventRow[];
}

export interface LoadedMatch extends MatchLog {
  /** In nonce order. */
  readonly rolls: readonly RollRow[];
  /** In game-number order. */
  readonly games: readonly GameRow[];
}

const EVENT_COLUMNS = { sequence: true, type: true, payload: true, actorId: true, createdAt: true } as const;

function eventRow(event: Omit<EventRow, "payload"> & { readonly payload: string }): EventRow {
  return { ...event, payload: JSON.parse(event.payload) as JsonValue };
}

/** The match with its roll log and games too (exports, tests, audits). */
export async function loadMatch(db: Db, matchId: string): Promise<LoadedMatch | null> {
  return readSnapshot(db, async (tx) => {
    const log = await readMatchLog(tx, matchId);
    if (!log) return null;
    const rolls = await tx.rollLog.findMany({
      where: { matchId },
      orderBy: { nonce: "asc" },
      select: { nonce: true, game: true, kind: true, player: true, die1: true, die2: true, createdAt: true },
    });
    const games = await tx.game.findMany({
      where: { matchId },
      orderBy: { number: "asc" },
      select: { number: true, winner: true, points: true, resultType: true, endedBy: true, cubeValue: true, crawford: true, createdAt: true },
    });
    return { ...log, rolls, games };
  });
}

/** The match without its roll log and games, which the events already hold: three queries instead of five. */
export function loadMatchLog(db: Db, matchId: string): Promise<MatchLog | null> {
  return readSnapshot(db, (tx) => readMatchLog(tx, matchId));
}

async function readMatchLog(tx: Tx, matchId: string): Promise<MatchLog | null> {
  const match = await tx.match.findUnique({ where: { id: matchId } });
  const seed = await tx.matchSeed.findUnique({ where: { matchId } });
  if (!match || !seed) return null;
  const events = await tx.matchEvent.findMany({ where: { matchId }, orderBy: { sequence: "asc" }, select: EVENT_COLUMNS });
  return {
    match,
    seed: {
      commitment: seed.commitment,
      sealed: { ciphertext: seed.ciphertext, iv: seed.iv, tag: seed.tag },
      whiteClientSeed: seed.whiteClientSeed,
      blackClientSeed: seed.blackClientSeed,
      revealedSeed: seed.revealedSeed,
      revealedAt: seed.revealedAt,
    },
    events: events.map(eventRow),
  };
}

export type AuditBundleError = "ERR_MATCH_NOT_FOUND" | "ERR_CLIENT_SEEDS_PENDING";

/**
 * The match's audit bundle: commitment, client seeds, every logged roll, and the server seed once revealed (null
 * before). Refused while a client seed is still missing (there are no rolls yet then).
 */
export async function auditBundle(db: Db, matchId: string): Promise<Result<AuditBundle, AuditBundleError>> {
  const found = await readSnapshot(db, async (tx) => {
    const seed = await tx.matchSeed.findUnique({ where: { matchId } });
    const rolls = seed
      ? await tx.rollLog.findMany({ where: { matchId }, orderBy: { nonce: "asc" }, select: { nonce: true, game: true, kind: true, player: true, die1: true, die2: true } })
      : [];
    return { seed, rolls };
  });
  const { seed, rolls } = found;
  if (!seed) return err("ERR_MATCH_NOT_FOUND", `no match ${matchId}`);
  if (seed.whiteClientSeed === null || seed.blackClientSeed === null) {
    return err("ERR_CLIENT_SEEDS_PENDING", `match ${matchId} is still waiting for a client seed`);
  }
  return ok({
    protocol: "fair-dice-v1",
    matchId,
    commitment: seed.commitment,
    serverSeed: seed.revealedSeed,
    clientSeeds: { white: seed.whiteClientSeed, black: seed.blackClientSeed },
    rolls: rolls.map((roll) => ({ nonce: roll.nonce, game: roll.game, kind: roll.kind, player: roll.player, dice: [roll.die1, roll.die2] as const })),
  });
}
