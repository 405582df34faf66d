/**
 * What one match page holds, as its store (match-store.ts) keeps it: the view, the seat, presence, the connection,
 * the notice, the running log and the play being built — and what the page may ask of it.
 *
 * @example
 *   const view = useMatch((s: MatchPageState) => s.view);
 */
import type { CheckerMove, Color } from "@/lib/engine/types";
import type { ReceiveResult } from "@/lib/sync/match-sync";
import type { AnyMatchEvent } from "@/lib/match/events";
import type { MatchView } from "@/lib/match/view";
import type { MatchEventMessage, PresenceMessage } from "@/lib/protocol/protocol";
import type { MatchSnapshot } from "@/lib/protocol/snapshot";
import type { ShownError } from "@/components/i18n/error-text";

export type Connection = "connecting" | "online" | "offline";

export interface LogLine {
  readonly version: number;
  /** The event with the views around it; components/match/event-text.ts words it in the reader's language. */
  readonly before: MatchView;
  /** As published (an opening salt without its value); a test may give one as stored. */
  readonly event: AnyMatchEvent;
  readonly after: MatchView;
}

/** The page cannot show the match at all (unknown, private, or the server refused the connection). */
export type PageFailure = ShownError;

/** What the match page holds (not the rules' MatchState of lib/engine, which is `view.state`). */
export interface MatchPageState {
  readonly matchId: string;
  readonly invite: string | null;
  readonly view: MatchView | null;
  readonly you: Color | null;
  readonly connected: Readonly<Record<Color, boolean>>;
  readonly awaySince: Readonly<Record<Color, number | null>>;
  readonly inviteToken: string | null;
  readonly abandonAfterMs: number;
  /** The server's clock minus this browser's, from the last snapshot: the match clocks tick by the server's time. */
  readonly serverOffsetMs: number;
  readonly connection: Connection;
  readonly failure: PageFailure | null;
  /** The last refused command's code (`ERR_…`) and values, worded under the board; cleared by the next success. */
  readonly notice: ShownError | null;
  readonly busy: boolean;
  readonly log: readonly LogLine[];
  /** The steps of the play being built and the checker picked up, for the view's version only. */
  readonly steps: readonly CheckerMove[];
  readonly selected: number | null;
  /** The last game whose end this page has shown long enough (lib/play/game-break.ts): the next opening salt may go. */
  readonly breakOver: number;

  adopt(snapshot: MatchSnapshot): void;
  /**
   * The match's event log up to some version (GET /api/matches/:id/events), folded into log lines: the moves before
   * this page opened. Lines the page already has (by version) are kept as they are.
   */
  history(events: readonly { readonly version: number; readonly event: AnyMatchEvent }[]): void;
  /** Applies a stored event (a broadcast, or one in a command's answer); on a "gap" a resync is under way. */
  receive(message: MatchEventMessage): ReceiveResult;
  /** Fetches a fresh snapshot (on a reconnect, or when the server said the view is behind). */
  resync(): Promise<void>;
  presence(message: PresenceMessage): void;
  setConnection(connection: Connection): void;
  fail(failure: PageFailure): void;
  setNotice(notice: ShownError | null): void;
  setBusy(busy: boolean): void;
  select(location: number | null): void;
  step(move: CheckerMove): void;
  undo(): void;
  clearPlay(): void;
  /** The break after game `game` is over (its time ran out, or the player went on). */
  endBreak(game: number): void;
}
