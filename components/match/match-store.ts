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
import { MatchSync } from "@/lib/sync/match-sync";
import type { Reply } from "@/components/socket/socket-client";
import type { MatchPageState } from "./match-page-state";
import { changedState, withHistory } from "./match-store-changes";

export type { Connection, LogLine, MatchPageState, PageFailure } from "./match-page-state";

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
        set({ log: withHistory(get().matchId, events, get().log) });
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

export type MatchStore = ReturnType<typeof createMatchStore>;
