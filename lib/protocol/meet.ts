/**
 * What the lobby's "meet" commands answer with: who is online, and direct challenges by name (server/meet).
 */
import type { TimeControl } from "../match/clock";

export interface OnlinePlayer {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  /** The asker follows this player (they come first). */
  readonly following: boolean;
}

/** A direct challenge waiting for its answer: a private match `from` created for `to`. */
export interface ChallengeView {
  readonly id: string;
  readonly matchId: string;
  readonly from: { readonly id: string; readonly name: string };
  readonly to: { readonly id: string; readonly name: string };
  readonly matchLength: number;
  readonly rated: boolean;
  readonly timeControl: TimeControl | null;
  /** ms since the epoch. */
  readonly createdAt: number;
}

export interface ChallengeAnswered {
  readonly challengeId: string;
  readonly matchId: string;
  readonly accepted: boolean;
  /** The challenged player's name. */
  readonly by: string;
}

/** The refusals of the meet commands; `reason` tells them apart (messages: errors.ERR_CHALLENGE). */
export type MeetRefusalCode = "ERR_CHALLENGE";
