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

/**
 * A direct challenge waiting for its answer (lib/challenge): `from` offers `to` a private match with these settings.
 * The match is made when `to` accepts, under `matchId` (fixed by the challenge), both players seated.
 */
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
  /** Unanswered by then, the challenge expires (ms since the epoch). */
  readonly expiresAt: number;
}

export interface ChallengeClosed {
  readonly challengeId: string;
  readonly matchId: string;
  readonly status: "accepted" | "declined" | "withdrawn" | "expired";
}

/** "Your tournament match is ready": made for this user, who has not begun it yet. */
export interface TournamentMatchNotice {
  readonly tournamentId: string;
  readonly name: string;
  readonly round: number;
  readonly matchId: string;
}

/** What waits for a user's answer, on any page (`notices:list`), kept until answered. */
export interface Notices {
  readonly received: readonly ChallengeView[];
  readonly sent: readonly ChallengeView[];
  readonly tournamentMatches: readonly TournamentMatchNotice[];
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
