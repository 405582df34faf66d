/**
 * One match's client state as a zustand store: the match view kept in step with the server by lib/protocol's
 * `MatchSync` (events applied by version, one snapshot at a time on a gap), the presence lights, the connection
 * state, a running log, and the steps of the play being built on the board. The store holds no rules of its own and
 * no socket: the page's provider hands it the function that asks the server for a snapshot; the board asks
 * lib/engine's play tree (the engine the server checks moves with) what may be played.
 *
 * Made per match page by `createMatchStore` (see match-provider.tsx), never a global singleton.
 *
 * @example
 *   const store = createMatchStore("m1", null, () => send(socket, "match:watch", { matchId: "m1" }));
 *   store.getState().adopt(snapshot);
 *   store.getState().receive(message); // "applied" | "ignored" | "gap" (and a resync under way)
 */
import { createStore } from "zustand/vanilla";
import type { CheckerMove, Color } from "@/lib/engine/types";
import { MatchSync, type MatchSyncChange, type ReceiveResult } from "@/lib/sync/match-sync";
import type { AnyMatchEvent } from "@/lib/match/events";
import { emptyMatchView, evolve, type MatchView } from "@/lib/match/view";
import type { MatchEventMessage, PresenceMessage } from "@/lib/protocol/protocol";
import type { MatchSnapshot } from "@/lib/protocol/snapshot";
import type { ShownError } from "@/components/i18n/error-text";
import type { Reply } from "@/components/socket/socket-client";

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


/** `watch` asks the server for a fresh snapshot of the match (match:watch, with the page's invite token if any). */
export function createMatchStore(matchId: string, invite: string | null, watch: () => Promise<Reply<"match:watch">>) {
  return createStore<MatchPageState>()((set, get) => {
    const sync = new MatchSync({
      matchId,
      fetchSnapshot: async () => {
        const reply = await watch();
        if (reply.ok) return reply.snapshot;
        // No answer is not a verdict: the reconnect tries again. A refusal is: the page cannot show the match.
        if (reply.code !== "ERR_NO_ANSWER") get().fail({ code: reply.code, ...(reply.values && { values: reply.values }) });
        return null;
      },
      onChange: (change) => set(changedState(change, get())),
      isOnline: () => get().connection === "online",
    });
    return {
      matchId,
      invite,
      view: null,
      you: null,
      connected: { white: false, black: false },
      awaySince: { white: null, black: null },
      inviteToken: null,
      abandonAfterMs: 0,
      serverOffsetMs: 0,
      connection: "connecting",
      failure: null,
      notice: null,
      busy: false,
      log: [],
      steps: [],
      selected: null,
      breakOver: 0,

      adopt(snapshot) {
        sync.adopt(snapshot);
      },

      history(events) {
        const lines: LogLine[] = [];
        let view = emptyMatchView(get().matchId);
        for (const { version, event } of events) {
          const after = evolve(view, event);
          lines.push({ version, before: view, event, after: { ...after, version } });
          view = after;
        }
        const known = new Set(get().log.map((line) => line.version));
        const merged = [...lines.filter((line) => !known.has(line.version)), ...get().log].sort((a, b) => a.version - b.version);
        set({ log: merged });
      },

      receive(message) {
        return sync.receive(message);
      },

      resync() {
        return sync.resync();
      },

      presence(message) {
        if (message.matchId !== get().matchId) return;
        set({ connected: message.connected, awaySince: message.awaySince });
      },

      setConnection(connection) {
        set({ connection });
      },

      fail(failure) {
        set({ failure });
      },

      setNotice(notice) {
        set({ notice });
      },

      setBusy(busy) {
        set({ busy });
      },

      select(location) {
        set({ selected: location });
      },

      step(move) {
        set({ steps: [...get().steps, move], selected: null, notice: null });
      },

      undo() {
        set({ steps: get().steps.slice(0, -1), selected: null });
      },

      clearPlay() {
        set({ steps: [], selected: null });
      },

      endBreak(game) {
        if (game > get().breakOver) set({ breakOver: game });
      },
    };
  });
}

/** What the store shows after the sync changed the view. */
function changedState(change: MatchSyncChange, state: MatchPageState): Partial<MatchPageState> {
  if (change.kind === "snapshot") {
    const { snapshot } = change;
    return {
      view: snapshot.view,
      you: snapshot.you,
      connected: snapshot.connected,
      awaySince: snapshot.awaySince,
      inviteToken: snapshot.inviteToken ?? state.inviteToken,
      abandonAfterMs: snapshot.abandonAfterMs,
      serverOffsetMs: snapshot.serverTime - Date.now(),
      failure: null,
      // The same version again (a resync that found nothing new): keep the play being built.
      ...(change.sameVersion ? {} : { steps: [], selected: null }),
    };
  }
  const { message, before, view } = change;
  const line = { version: message.version, before, event: message.event, after: view };
  return {
    view,
    log: [...state.log, line],
    steps: [],
    selected: null,
    // The creator's invite link is only needed while the match waits for an opponent.
    inviteToken: view.status === "waiting" ? state.inviteToken : null,
  };
}

export type MatchStore = ReturnType<typeof createMatchStore>;
