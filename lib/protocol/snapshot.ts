/**
 * What a client receives when it opens or resumes a match: the whole view at a version, plus what only the server
 * knows (who is connected, the client's own seat). The legal plays are not in it: they follow from the view's state,
 * and clients derive them with the same engine the server checks moves with (`currentLegalPlays`, `playTree`).
 */
import type { MatchView } from "../record/match-view";
import type { TimeControl } from "../record/clock";
import type { Visibility } from "../record/match-events";

export interface MatchSnapshot {
  readonly view: MatchView;
  readonly you: "white" | "black" | null;
  readonly connected: Readonly<Record<"white" | "black", boolean>>;
  readonly awaySince: Readonly<Record<"white" | "black", number | null>>;
  /** Only for the match's creator while it waits for an opponent. */
  readonly inviteToken: string | null;
  /** How long a player may be away before the opponent can claim the match, in milliseconds. */
  readonly abandonAfterMs: number;
  /** The server's clock when the snapshot was made (ms since the epoch): a browser shows the clocks by it. */
  readonly serverTime: number;
  /** A rematch asked for at the end of the match (server/match/rematch.ts); null when none is pending or made. */
  readonly rematch: RematchState | null;
}

/** The rematch of a finished match: offered by a seat, then made (its match id) or declined. */
export interface RematchState {
  readonly offeredBy: "white" | "black" | null;
  /** The new match, once the offer was accepted: both players' pages open it. */
  readonly matchId: string | null;
}

export interface ChallengeSummary {
  readonly matchId: string;
  readonly matchLength: number;
  readonly visibility: Visibility;
  /** Rated: only registered players may join (lib/protocol decideJoin). */
  readonly rated: boolean;
  readonly creator: { readonly id: string; readonly name: string };
  /** The colour the joiner would get. */
  readonly openColor: "white" | "black";
  /** null: untimed. */
  readonly timeControl: TimeControl | null;
  readonly createdAt: string;
}
