/**
 * One match's client state as a zustand store: the match view folded from the server's events (lib/protocol), the
 * presence lights, the connection state, a running log, and the steps of the play being built on the board. The
 * store holds no rules of its own: it applies what the server sent and says when it saw a version gap so the caller
 * resyncs; the board asks lib/engine's play tree (the engine the server checks moves with) what may be played.
 *
 * Made per match page by `createMatchStore` (see match-provider.tsx), never a global singleton.
 *
 * @example
 *   const store = createMatchStore("m1", null);
 *   store.getState().adopt(snapshot);
 *   store.getState().receive(message); // "applied" | "ignored" | "gap"
 */
import { createStore } from "zustand/vanilla";
import type { CheckerMove, Color } from "@/lib/engine/types";
import { applyMatchEvent, type MatchView } from "@/lib/record/match-view";
import type { MatchEventMessage, PresenceMessage } from "@/lib/protocol/protocol";
import type { MatchSnapshot } from "@/lib/protocol/snapshot";
import { describeEvent } from "./event-text";

export type Connection = "connecting" | "online" | "offline";

export interface LogLine {
  readonly version: number;
  readonly text: string;
}

/** The page cannot show the match at all (unknown, private, or the server refused the connection). */
export interface PageFailure {
  readonly code: string;
  readonly message: string;
}

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
  readonly connection: Connection;
  readonly failure: PageFailure | null;
  /** The last refused command, in words; cleared by the next success. */
  readonly notice: string | null;
  readonly busy: boolean;
  readonly log: readonly LogLine[];
  /** The steps of the play being built and the checker picked up, for the view's version only. */
  readonly steps: readonly CheckerMove[];
  readonly selected: number | null;

  adopt(snapshot: MatchSnapshot): void;
  /** Applies a broadcast event; "gap" means events were missed and a snapshot is needed. */
  receive(message: MatchEventMessage): "applied" | "ignored" | "gap";
  presence(message: PresenceMessage): void;
  setConnection(connection: Connection): void;
  fail(failure: PageFailure): void;
  setNotice(notice: string | null): void;
  setBusy(busy: boolean): void;
  select(location: number | null): void;
  step(move: CheckerMove): void;
  undo(): void;
  clearPlay(): void;
}

const LOG_LIMIT = 200;

export function createMatchStore(matchId: string, invite: string | null) {
  return createStore<MatchPageState>()((set, get) => ({
    matchId,
    invite,
    view: null,
    you: null,
    connected: { white: false, black: false },
    awaySince: { white: null, black: null },
    inviteToken: null,
    abandonAfterMs: 0,
    connection: "connecting",
    failure: null,
    notice: null,
    busy: false,
    log: [],
    steps: [],
    selected: null,

    adopt(snapshot) {
      const current = get().view;
      if (current && snapshot.view.version < current.version) return;
      const sameTurn = current?.version === snapshot.view.version;
      set({
        view: snapshot.view,
        you: snapshot.you,
        connected: snapshot.connected,
        awaySince: snapshot.awaySince,
        inviteToken: snapshot.inviteToken ?? get().inviteToken,
        abandonAfterMs: snapshot.abandonAfterMs,
        failure: null,
        ...(sameTurn ? {} : { steps: [], selected: null }),
      });
    },

    receive(message) {
      const view = get().view;
      if (!view || message.matchId !== view.matchId || message.version <= view.version) return "ignored";
      if (message.version !== view.version + 1) return "gap";
      let next: MatchView;
      try {
        next = applyMatchEvent(view, message.version, message.event);
      } catch {
        return "gap"; // an event that does not fit this view: start again from a fresh snapshot
      }
      const line = { version: message.version, text: describeEvent(view, message.event, next) };
      set({
        view: next,
        log: [...get().log, line].slice(-LOG_LIMIT),
        steps: [],
        selected: null,
        // The creator's invite link is only needed while the match waits for an opponent.
        inviteToken: next.status === "waiting" ? get().inviteToken : null,
      });
      return "applied";
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
  }));
}

export type MatchStore = ReturnType<typeof createMatchStore>;
