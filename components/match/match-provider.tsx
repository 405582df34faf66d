"use client";
/**
 * Gives a match page its own store and socket: it opens the connection, watches the match (again after every
 * reconnect), feeds events and presence into the store (whose MatchSync resyncs from a snapshot on a version gap),
 * and offers `run` to send commands with their answers turned into notices and the events in them fed to the store.
 *
 * @example
 *   <MatchProvider matchId={id} invite={token} protocol={PROTOCOL_VERSION}><MatchScreen signedIn /></MatchProvider>
 *   const view = useMatch((s) => s.view);
 *   const run = useRun(); await run("match:roll", { matchId, expectedVersion });
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import type { CommandName, CommandPayload } from "@/lib/protocol/protocol";
import { openSocket, send, type ClientSocket, type Reply } from "@/components/socket/socket-client";
import { markRematch } from "@/components/fairness/rematch-mark";
import { createMatchStore, type MatchPageState, type MatchStore } from "./match-store";
import { breakHolds } from "@/lib/play/game-break";
import { owesOpeningSalt, rollPayload } from "./roll-payload";
import { useContributions } from "./use-contributions";
import { KeptProblemNotice } from "./kept-problem-notice";

type Run = <C extends CommandName>(command: C, payload: CommandPayload<C>) => Promise<Reply<C>>;

const StoreContext = createContext<MatchStore | null>(null);
const RunContext = createContext<Run | null>(null);
/** The page's socket, for the parts that speak more than the match's commands (the chat). */
const SocketContext = createContext<ClientSocket | null>(null);

export interface MatchProviderProps {
  readonly matchId: string;
  readonly invite: string | null;
  /** PROTOCOL_VERSION, from the server component (see components/socket/socket-client.ts). */
  readonly protocol: number;
  readonly children: ReactNode;
}

export function MatchProvider({ matchId, invite, protocol, children }: MatchProviderProps) {
  const socket = useRef<ClientSocket | null>(null);
  const [liveSocket, setLiveSocket] = useState<ClientSocket | null>(null);
  const [store] = useState(() =>
    createMatchStore(matchId, invite, () => {
      const current = socket.current;
      if (!current) return Promise.resolve({ ok: false, code: "ERR_NO_ANSWER" });
      // With the invite token, so a spectator who came by an invite link may see a private match.
      return send(current, "match:watch", invite ? { matchId, inviteToken: invite } : { matchId });
    }),
  );

  useEffect(() => {
    const connection = openSocket(protocol);
    socket.current = connection;
    setLiveSocket(connection);
    const state = store.getState;
    connection.on("connect", () => {
      state().setConnection("online");
      // A new connection is in no room yet: match:watch joins the match's room and answers with a fresh snapshot.
      void state().resync();
    });
    connection.on("disconnect", () => state().setConnection("offline"));
    connection.on("connect_error", (error) => {
      state().setConnection("offline");
      // A refused handshake's message starts with its code (server/match/failure.ts `refusedConnection`).
      if (error.message.startsWith("ERR_PROTOCOL_VERSION")) state().fail({ code: "ERR_PROTOCOL_VERSION" });
    });
    // A version gap makes the store's sync resync by itself.
    connection.on("match:event", (message) => state().receive(message));
    connection.on("match:presence", (message) => state().presence(message));
    // The rematch was made while this page showed the match: both players' pages open it, once it exists.
    connection.on("match:rematch-ready", (ready) => {
      if (ready.matchId !== matchId || store.getState().you === null) return;
      markRematch(ready.rematchId);
      window.location.assign(`/match/${ready.rematchId}`);
    });
    return () => {
      connection.close();
      socket.current = null;
      setLiveSocket(null);
    };
  }, [store, matchId, invite, protocol]);

  const run = useCallback<Run>(
    async (command, payload) => {
      const current = socket.current;
      const state = store.getState;
      if (!current) return { ok: false, code: "ERR_NO_ANSWER" };
      state().setBusy(true);
      const reply = await send(current, command, payload);
      state().setBusy(false);
      // The notice is the refusal's code and values: the page words it in the reader's language (components/i18n/error-text.ts).
      state().setNotice(reply.ok ? null : { code: reply.code, ...(reply.values && { values: reply.values }) });
      // The events the command stored come with its answer; this socket is left out of their broadcast (protocol 3).
      if (reply.ok && "events" in reply) for (const message of reply.events) state().receive(message);
      if (!reply.ok && (reply.code === "ERR_STALE_VERSION" || reply.code === "ERR_CONFLICT")) void state().resync();
      return reply;
    },
    [store],
  );

  // fair-dice-v2: the opening roll waits for both players' salts; this page sends its player's as soon as it is owed
  // (once per version, and again after a reconnection: the salt kept for that nonce, so the roll cannot change) —
  // after a game's end, once the break that shows its result is over (lib/play/game-break.ts).
  useEffect(() => {
    // The nonce whose salt is on its way: not sent again until its answer came (or the connection was lost).
    let inFlight: number | null = null;
    return store.subscribe((now) => {
      if (now.connection !== "online") inFlight = null;
      const { view, you } = now;
      if (!view || now.connection !== "online" || !owesOpeningSalt(view, you) || inFlight === view.rolls.length) return;
      if (breakHolds(view, now.breakOver)) return;
      const nonce = view.rolls.length;
      inFlight = nonce;
      void run("match:roll", rollPayload(view)).finally(() => {
        if (inFlight === nonce) inFlight = null;
      });
    });
  }, [store, run]);

  // fair-dice-v3: the chain head and the values the match waits for from this browser, and what it found wrong.
  const keptProblem = useContributions(store, run);

  return (
    <StoreContext.Provider value={store}>
      <RunContext.Provider value={run}>
        <SocketContext.Provider value={liveSocket}>
          <KeptProblemNotice problem={keptProblem} />
          {children}
        </SocketContext.Provider>
      </RunContext.Provider>
    </StoreContext.Provider>
  );
}

export function useMatch<T>(selector: (state: MatchPageState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useMatch outside a MatchProvider");
  return useStore(store, selector);
}

export function useRun(): Run {
  const run = useContext(RunContext);
  if (!run) throw new Error("useRun outside a MatchProvider");
  return run;
}

/** The match page's socket (null before it opens). */
export function useMatchSocket(): ClientSocket | null {
  return useContext(SocketContext);
}
