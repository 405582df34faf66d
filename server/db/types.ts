/**
 * Shapes the data layer takes and returns. Rows come back as plain objects with `Date` times; JSON columns
 * (MatchEvent.payload, AdminAudit.details) are parsed.
 *
 * @example
 *   const roll: RollInput = { nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 5 };
 */
import type { GameResultType, MatchStatus, Role, Seat, Visibility } from "@/generated/prisma/client";
import type { RollKind } from "@/lib/dice/types";
import type { MatchColumns } from "@/lib/match/columns";

export type { GameResultType, MatchStatus, Role, Seat, Visibility };
/** One definition, fair-dice-v1's: the roll log stores the kinds the audit bundle names. */
export type { RollKind };

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string | null;
  readonly role: Role;
  readonly isGuest: boolean;
  /** The language chosen for the site (i18n/locales.ts), or null to follow the browser. */
  readonly locale: string | null;
  /** The play settings the player chose, as JSON text (lib/play/preferences.ts reads it); null: none. */
  readonly preferences: string | null;
  readonly createdAt: Date;
}

export interface PlayerRef {
  readonly id: string;
  readonly username: string;
}

export interface MatchRow {
  readonly id: string;
  readonly creatorId: string;
  readonly whiteId: string | null;
  readonly blackId: string | null;
  readonly matchLength: number;
  readonly status: MatchStatus;
  readonly visibility: Visibility;
  readonly rated: boolean;
  readonly inviteToken: string | null;
  readonly scoreWhite: number;
  readonly scoreBlack: number;
  readonly winner: Seat | null;
  readonly endReason: string | null;
  readonly version: number;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly updatedAt: Date;
  readonly reserveMs: number | null;
  readonly delayMs: number | null;
  readonly rematchOfferBy: Seat | null;
  readonly rematchId: string | null;
}

/** The seed vault's output for a new match (server/vault `draw()`): the commitment and the sealed seed. */
export interface SealedSeedInput {
  readonly commitment: string;
  readonly sealed: { readonly ciphertext: string; readonly iv: string; readonly tag: string };
  /** fair-dice-v2: the seed chain's length; absent for a fair-dice-v1 seed. */
  readonly chainLength?: number;
}

/** A match's seed row as the data layer hands it out: sealed, never in clear before the reveal. */
export interface SeedState {
  readonly commitment: string;
  readonly sealed: { readonly ciphertext: string; readonly iv: string; readonly tag: string };
  /** fair-dice-v2: the seed chain's length; absent for a fair-dice-v1 seed. */
  readonly chainLength?: number;
  readonly whiteClientSeed: string | null;
  readonly blackClientSeed: string | null;
  /** null until the reveal. */
  readonly revealedSeed: string | null;
  readonly revealedAt: Date | null;
}

export interface NewEvent {
  readonly type: string;
  readonly payload: JsonValue;
  readonly actorId?: string | null;
}

export interface EventRow {
  readonly sequence: number;
  readonly type: string;
  readonly payload: JsonValue;
  readonly actorId: string | null;
  readonly createdAt: Date;
}

export interface RollInput {
  readonly nonce: number;
  readonly game: number;
  readonly kind: RollKind;
  /** Who rolled; null for an opening roll. */
  readonly player: Seat | null;
  readonly die1: number;
  readonly die2: number;
  /** fair-dice-v2: the salts the roll mixed (both for an opening roll, the roller's for a turn roll). */
  readonly whiteSalt?: string | null;
  readonly blackSalt?: string | null;
  /** fair-dice-v3: the chain values the roll mixed (both for an opening roll, the opponent's for a turn roll). */
  readonly whiteValue?: string | null;
  readonly blackValue?: string | null;
}

/** A client seed stored along with its event (MatchSeed.whiteClientSeed / blackClientSeed). */
export interface ClientSeedInput {
  readonly color: Seat;
  readonly seed: string;
}

export interface RollRow extends RollInput {
  readonly createdAt: Date;
}

/**
 * Columns of Match an event may change along with it: those lib/protocol matchColumns projects from the events (the
 * column `endReason` itself is free text).
 */
export interface MatchUpdate extends Omit<MatchColumns, "endReason"> {
  readonly endReason?: string | null;
}

export interface GameInput {
  readonly number: number;
  readonly winner: Seat;
  readonly points: number;
  readonly resultType: GameResultType;
  readonly endedBy: string;
  readonly cubeValue: number;
  readonly crawford: boolean;
}

export interface GameRow extends GameInput {
  readonly createdAt: Date;
}

export interface MatchSummary {
  readonly id: string;
  readonly status: MatchStatus;
  readonly visibility: Visibility;
  readonly rated: boolean;
  readonly matchLength: number;
  readonly scoreWhite: number;
  readonly scoreBlack: number;
  readonly winner: Seat | null;
  readonly endReason: string | null;
  /** The time control's reserve and delay in ms; null for an untimed match. */
  readonly reserveMs: number | null;
  readonly delayMs: number | null;
  readonly creator: PlayerRef;
  readonly white: PlayerRef | null;
  readonly black: PlayerRef | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly updatedAt: Date;
}

export interface PageRequest {
  /** 1-based. */
  readonly page?: number;
  /** 1..100; 20 when left out. */
  readonly pageSize?: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}
