/**
 * What a client receives when it opens or resumes a match: the whole view at a version, plus what only the server
 * knows (who is connected, the client's own seat). The legal plays are not in it: they follow from the view's state,
 * and clients derive them with the same engine the server checks moves with (`currentLegalPlays`, `playTree`).
 */
import type { MatchView, TimeControl, Visibility } from "../match";

export interface MatchSnapshot {
  /** The published view (lib/match/published.ts `publicView`): no pending opening salt's value. */
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
}

export interface OpenMatchSummary {
  readonly matchId: string;
  readonly matchLength: number;
  readonly visibility: Visibility;
  /** Rated: only registered players may join (lib/match/seating.ts). */
  readonly rated: boolean;
  readonly creator: { readonly id: string; readonly name: string };
  /** The colour the joiner would get. */
  readonly openColor: "white" | "black";
  /** null: untimed. */
  readonly timeControl: TimeControl | null;
  readonly createdAt: string;
}
