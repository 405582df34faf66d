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
import { chainCommittedEventSchema, gameSeedEventSchema } from "@/lib/match";
import { BUNDLE_ROLL_COLUMNS, bundleEventsOf, bundleFromRows, COMPUTER_SEAT_COLUMNS, computerSeatOf, protocolOfSeedRow, type BundleEventLike, type MatchBundle } from "./bundle-rows";
import { STORED_EVENT_TYPES } from "./event-codec";
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "./client";
import type { MatchLog } from "./event-store";
import { readMatchLog } from "./prisma-event-store";
import { readSnapshot } from "./transaction";
import type { GameRow, RollRow } from "./types";

export type { MatchLog };

export interface LoadedMatch extends MatchLog {
  /** In nonce order. */
  readonly rolls: readonly RollRow[];
  /** In game-number order. */
  readonly games: readonly GameRow[];
}

/** The match with its roll log and games too (exports, tests, audits). */
export async function loadMatch(db: Db, matchId: string): Promise<LoadedMatch | null> {
  return readSnapshot(db, async (tx) => {
    const log = await readMatchLog(tx, matchId);
    if (!log) return null;
    const rolls = await tx.rollLog.findMany({
      where: { matchId },
      orderBy: { nonce: "asc" },
      select: { ...BUNDLE_ROLL_COLUMNS, createdAt: true },
    });
    const games = await tx.game.findMany({
      where: { matchId },
      orderBy: { number: "asc" },
      select: { number: true, winner: true, points: true, resultType: true, endedBy: true, cubeValue: true, crawford: true, createdAt: true },
    });
    return { ...log, rolls, games };
  });
}

export type AuditBundleError = "ERR_MATCH_NOT_FOUND" | "ERR_CLIENT_SEEDS_PENDING";

/**
 * The match's audit bundle: commitment, client seeds, every logged roll, and the server seed once revealed (null
 * before). Refused while a client seed is still missing (there are no rolls yet then).
 */
export async function auditBundle(db: Db, matchId: string): Promise<Result<MatchBundle, AuditBundleError>> {
  const found = await readSnapshot(db, async (tx) => {
    const seed = await tx.matchSeed.findUnique({ where: { matchId }, include: { match: { select: { matchLength: true, ...COMPUTER_SEAT_COLUMNS } } } });
    const rolls = seed ? await tx.rollLog.findMany({ where: { matchId }, orderBy: { nonce: "asc" }, select: BUNDLE_ROLL_COLUMNS }) : [];
    // fair-dice-v2 and v3: the protocol the match was created with (the seed row cannot tell them apart), each ended
    // game's seed from the event that revealed it, and (v3) each game's chain heads.
    const revealed =
      seed && protocolOfSeedRow(seed).protocol !== "fair-dice-v1"
        ? await tx.matchEvent.findMany({ where: { matchId, type: { in: [...BUNDLE_EVENT_TYPES] } }, orderBy: { sequence: "asc" }, select: { type: true, payload: true } })
        : [];
    return { seed, rolls, revealed };
  });
  const { seed, rolls, revealed } = found;
  if (!seed) return err("ERR_MATCH_NOT_FOUND", { matchId });
  if (seed.whiteClientSeed === null || seed.blackClientSeed === null) {
    return err("ERR_CLIENT_SEEDS_PENDING", { matchId });
  }
  const events = revealed.map(({ type, payload }) => bundleEventOfRow(type, typeof payload === "string" ? (JSON.parse(payload) as unknown) : payload));
  return ok(bundleFromRows(seed, seed.match.matchLength, rolls, bundleEventsOf(events), computerSeatOf(seed.match)));
}

/** The stored event types a bundle reads (bundle-rows.ts `bundleEventsOf`). */
const BUNDLE_EVENT_TYPES = [STORED_EVENT_TYPES.created, STORED_EVENT_TYPES["game-seed"], STORED_EVENT_TYPES["chain-committed"]] as const;

/** One of those rows' payloads, parsed with its event's schema (a `created` row keeps only its dice protocol). */
function bundleEventOfRow(type: string, payload: unknown): BundleEventLike {
  if (type === STORED_EVENT_TYPES["game-seed"]) return gameSeedEventSchema.parse(payload);
  if (type === STORED_EVENT_TYPES["chain-committed"]) return chainCommittedEventSchema.parse(payload);
  const dice = (payload as { dice?: { protocol?: unknown } } | null)?.dice;
  return { type: "created", ...(typeof dice?.protocol === "string" && { dice: { protocol: dice.protocol } }) };
}
