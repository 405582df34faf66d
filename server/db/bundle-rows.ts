/**
 * A match's audit bundle from its stored rows — the seed row's public columns, the roll log, and from the match's
 * stored events the protocol its `created` event names, the game seeds its `game-seed` events revealed and (for
 * fair-dice-v3) the chain heads its `chain-committed` events recorded — in the shape of its protocol
 * (docs/fair-dice-v1.md section 6, docs/fair-dice-v2.md section 5, docs/fair-dice-v3.md section 9a). One builder for
 * the audit route (match-read.ts) and the admin console's verification (server/admin/verification.ts), which read the
 * rows their own ways. The seed row cannot tell v2 from v3 (both seal the same seed chain): only the events can.
 *
 * @example
 *   const bundle = bundleFromRows(seedRow, match.matchLength, rollRows, bundleEventsOf(events), computerSeatOf(match));
 *   verify(bundle, record);
 */
import type { AuditBundle, AuditBundleV2, AuditBundleV3, BundleRoll, GameHeads } from "@/lib/dice";
import type { DiceProtocol } from "@/lib/match";
import type { RollInput } from "./types";
/** A match's audit bundle, in its protocol's shape. */
export type MatchBundle = AuditBundle | AuditBundleV2 | AuditBundleV3;

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

/** A roll-log row as a bundle reads it: its salts and values read as stored (null where a roll has none). */
export type BundleRollRow = RollInput & {
  readonly whiteSalt: string | null;
  readonly blackSalt: string | null;
  readonly whiteValue: string | null;
  readonly blackValue: string | null;
};

/** The roll-log columns `bundleFromRows` reads (a Prisma `select`). */
export const BUNDLE_ROLL_COLUMNS = { nonce: true, game: true, kind: true, player: true, die1: true, die2: true, whiteSalt: true, blackSalt: true, whiteValue: true, blackValue: true } as const;

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

/** The match's stored events as a bundle reads them (decoded events, or stored payloads with their protocol `type`). */
export interface BundleEventLike {
  readonly type: string;
  readonly game?: number;
  readonly seed?: string;
  readonly color?: string;
  readonly head?: string;
  readonly dice?: { readonly protocol: string };
}

/** What a bundle needs from a match's events: the protocol its `created` event names, its revealed seeds and heads. */
export interface BundleEvents {
  /** The `created` event's `dice.protocol`; undefined when it names none (a fair-dice-v1 match). */
  readonly protocol: Extract<DiceProtocol, "fair-dice-v2" | "fair-dice-v3"> | undefined;
  /** By game number in decimal (v2 and v3). */
  readonly gameSeeds: Readonly<Record<string, string>>;
  /** fair-dice-v3: each game's heads by player, in the order they were committed (renewals after the first). */
  readonly chains: Readonly<Record<string, GameHeads>>;
}

/** The protocol, game seeds and chain heads `events` (the match's, in log order) record. */
export function bundleEventsOf(events: readonly BundleEventLike[]): BundleEvents {
  const created = events.find((event) => event.type === "created" || event.type === "match-created");
  const named = created?.dice?.protocol;
  return {
    protocol: named === "fair-dice-v2" || named === "fair-dice-v3" ? named : undefined,
    gameSeeds: revealedGameSeeds(events),
    chains: committedChains(events),
  };
}

/** The heads the `chain-committed` events among `events` recorded: by game number, each player's in log order. */
export function committedChains(events: readonly BundleEventLike[]): Record<string, GameHeads> {
  const chains: Record<string, { white?: string[]; black?: string[] }> = {};
  for (const event of events) {
    if (event.type !== "chain-committed" || event.game === undefined || event.head === undefined) continue;
    if (event.color !== "white" && event.color !== "black") continue;
    const game = (chains[String(event.game)] ??= {});
    (game[event.color] ??= []).push(event.head);
  }
  return chains;
}

/**
 * The bundle of a match whose client seeds are both in; `events` what its stored events say (bundleEventsOf): the
 * protocol, the revealed game seeds (v2, v3) and the chain heads (v3); `computer` the seat the site's computer plays
 * (v2 and v3 name it: its salts and values come from the game seeds).
 */
export function bundleFromRows(
  seed: BundleSeedRow,
  matchLength: number,
  rolls: readonly BundleRollRow[],
  events: BundleEvents,
  computer: "white" | "black" | null,
): MatchBundle {
  const common = {
    matchId: seed.matchId,
    commitment: seed.commitment,
    serverSeed: seed.revealedSeed,
    clientSeeds: { white: seed.whiteClientSeed ?? "", black: seed.blackClientSeed ?? "" },
  };
  const dice = protocolOfSeedRow(seed);
  if (dice.protocol === "fair-dice-v1") return { protocol: "fair-dice-v1", ...common, rolls: rolls.map(bundleRoll) };
  const v2Rolls = rolls.map((row) => ({
    ...bundleRoll(row),
    salts: { ...(row.whiteSalt !== null && { white: row.whiteSalt }), ...(row.blackSalt !== null && { black: row.blackSalt }) },
  }));
  const chained = { ...common, matchLength, chainLength: dice.chainLength, gameSeeds: events.gameSeeds, computer };
  if (events.protocol !== "fair-dice-v3") return { protocol: "fair-dice-v2", ...chained, rolls: v2Rolls };
  return {
    protocol: "fair-dice-v3",
    ...chained,
    chains: events.chains,
    rolls: v2Rolls.map((roll, i) => {
      const row = rolls[i]!;
      return { ...roll, values: { ...(row.whiteValue !== null && { white: row.whiteValue }), ...(row.blackValue !== null && { black: row.blackValue }) } };
    }),
  };
}

/** The game seeds the `game-seed` events among `events` revealed, by game number. */
export function revealedGameSeeds(events: readonly { readonly type: string; readonly game?: number; readonly seed?: string }[]): Record<string, string> {
  return Object.fromEntries(events.flatMap((event) => (event.type === "game-seed" && event.game !== undefined && event.seed !== undefined ? [[String(event.game), event.seed]] : [])));
}
