/**
 * What a client receives when it opens or resumes a match: the whole view at a version, plus what only the server
 * decides (the legal plays for the dice, who is connected, the client's own seat).
 */
import type { CheckerMove } from "../engine/types";
import type { MatchView } from "./match-view";
import type { Visibility } from "./match-events";

/** One legal play for the dice on the board, as the server offers it; the client may only submit one of these. */
export interface PlayOption {
  readonly notation: string;
  readonly moves: readonly CheckerMove[];
}

export interface MatchSnapshot {
  readonly view: MatchView;
  readonly legalPlays: readonly PlayOption[];
  readonly you: "white" | "black" | null;
  readonly connected: Readonly<Record<"white" | "black", boolean>>;
  readonly awaySince: Readonly<Record<"white" | "black", number | null>>;
  /** Only for the match's creator while it waits for an opponent. */
  readonly inviteToken: string | null;
  /** How long a player may be away before the opponent can claim the match, in milliseconds. */
  readonly abandonAfterMs: number;
}

export interface ChallengeSummary {
  readonly matchId: string;
  readonly matchLength: number;
  readonly visibility: Visibility;
  readonly creator: { readonly id: string; readonly name: string };
  /** The colour the joiner would get. */
  readonly openColor: "white" | "black";
  readonly createdAt: string;
}
