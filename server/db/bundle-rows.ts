/**
 * A match's audit bundle from its stored rows — the seed row's public columns, the roll log, and for fair-dice-v2 the
 * game seeds its `game-seed` events revealed — in the shape of its protocol (docs/fair-dice-v1.md section 6,
 * docs/fair-dice-v2.md section 5). One builder for the audit route (match-read.ts) and the admin console's
 * verification (server/admin/verification.ts), which read the rows their own ways.
 *
 * @example
 *   const bundle = bundleFromRows(seedRow, match.matchLength, rollRows, { 1: "…" }, computerSeatOf(match));
 *   verify(bundle, record);
 */
import type { AuditBundle, AuditBundleV2, BundleRoll } from "@/lib/dice";
import type { DiceProtocol } from "@/lib/match";
import type { RollInput } from "./types";

/** The seed row's columns a bundle shows (never the sealed seed). */
export interface BundleSeedRow {
  readonly matchId: string;
  readonly commitment: string;
  readonly whiteClientSeed: string | null;
  readonly blackClientSeed: string | null;
  readonly revealedSeed: string | null;
  /** null: a fair-dice-v1 match. */
  readonly chainLength: number | null;
}

/** A seed row's dice protocol by name, with the chain's length where it has one. */
export type SeedRowProtocol = { readonly protocol: Extract<DiceProtocol, "fair-dice-v1"> } | { readonly protocol: Extract<DiceProtocol, "fair-dice-v2">; readonly chainLength: number };

/**
 * Which protocol a seed row serves: its `chainLength` column holds a fair-dice-v2 chain's length, and is null for a
 * fair-dice-v1 seed. Every check of a seed row's protocol asks this (server/vault `protocolOfSeed` for a sealed one).
 */
export function protocolOfSeedRow(row: { readonly chainLength: number | null }): SeedRowProtocol {
  return row.chainLength === null ? { protocol: "fair-dice-v1" } : { protocol: "fair-dice-v2", chainLength: row.chainLength };
}

/** A roll-log row as a bundle reads it: its salts read as stored (null for a fair-dice-v1 roll). */
export type BundleRollRow = RollInput & { readonly whiteSalt: string | null; readonly blackSalt: string | null };

/** The roll-log columns `bundleFromRows` reads (a Prisma `select`). */
export const BUNDLE_ROLL_COLUMNS = { nonce: true, game: true, kind: true, player: true, die1: true, die2: true, whiteSalt: true, blackSalt: true } as const;

function bundleRoll(row: BundleRollRow): BundleRoll {
  return { nonce: row.nonce, game: row.game, kind: row.kind, player: row.player, dice: [row.die1, row.die2] };
}

/** The players' columns that tell a computer's seat (a Prisma `select` on the match). */
export const COMPUTER_SEAT_COLUMNS = { white: { select: { computerLevel: true } }, black: { select: { computerLevel: true } } } as const;

/** The seat the site's computer plays, from the match's players, or null in a match of two people. */
export function computerSeatOf(match: { readonly white: { readonly computerLevel: string | null } | null; readonly black: { readonly computerLevel: string | null } | null }): "white" | "black" | null {
  if (match.white?.computerLevel) return "white";
  if (match.black?.computerLevel) return "black";
  return null;
}

/**
 * The bundle of a match whose client seeds are both in; `gameSeeds` are its revealed game seeds (v2), by game, and
 * `computer` the seat the site's computer plays (v2 names it: its salts come from the game seeds).
 */
export function bundleFromRows(
  seed: BundleSeedRow,
  matchLength: number,
  rolls: readonly BundleRollRow[],
  gameSeeds: Readonly<Record<string, string>>,
  computer: "white" | "black" | null,
): AuditBundle | AuditBundleV2 {
  const common = {
    matchId: seed.matchId,
    commitment: seed.commitment,
    serverSeed: seed.revealedSeed,
    clientSeeds: { white: seed.whiteClientSeed ?? "", black: seed.blackClientSeed ?? "" },
  };
  const dice = protocolOfSeedRow(seed);
  if (dice.protocol === "fair-dice-v1") return { protocol: "fair-dice-v1", ...common, rolls: rolls.map(bundleRoll) };
  return {
    protocol: "fair-dice-v2",
    ...common,
    matchLength,
    chainLength: dice.chainLength,
    gameSeeds,
    computer,
    rolls: rolls.map((row) => ({
      ...bundleRoll(row),
      salts: { ...(row.whiteSalt !== null && { white: row.whiteSalt }), ...(row.blackSalt !== null && { black: row.blackSalt }) },
    })),
  };
}

/** The game seeds the `game-seed` events among `events` revealed, by game number. */
export function revealedGameSeeds(events: readonly { readonly type: string; readonly game?: number; readonly seed?: string }[]): Record<string, string> {
  return Object.fromEntries(events.flatMap((event) => (event.type === "game-seed" && event.game !== undefined && event.seed !== undefined ? [[String(event.game), event.seed]] : [])));
}
