"use client";
/**
 * A tournament page's live copy of the tournament, on the page's shared socket: `tournament:watch` on every
 * connection (the first one and each reconnection) answers with the view now, and the server then pushes every event
 * it stores (`tournament:event`), applied in version order (tournament-sync.ts); missing versions ask for a fresh
 * view. No polling. Leaving the page closes the handle, which leaves the tournament's room (shared-socket.ts).
 *
 * @example
 *   const live = useTournamentView(serverView, PROTOCOL_VERSION);
 *   live.view.status; live.online; await send(live.socket!, "tournament:register", …); live.caughtUp(reply.version);
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { TournamentView } from "@/lib/tournament/tournament";
import { openSocket, send, type ClientSocket } from "@/components/socket/socket-client";
import { adoptView, receiveEvent, startSync, type SyncStep } from "./tournament-sync";

export interface LiveTournament {
  readonly view: TournamentView;
  /** null until the first connection is made or refused; then whether the page is connected. */
  readonly online: boolean | null;
  readonly socket: ClientSocket | null;
  /** A command of this page stored events up to `version`: if they have not come yet, a fresh view brings them. */
  readonly caughtUp: (version: number) => void;
}

export function useTournamentView(initial: TournamentView, protocol: number): LiveTournament {
  const sync = useRef(startSync(initial));
  const [view, setView] = useState(initial);
  const [online, setOnline] = useState<boolean | null>(null);
  const [socket, setSocket] = useState<ClientSocket | null>(null);
  const rewatch = useRef<() => void>(() => {});
  const id = initial.id;

  useEffect(() => {
    const connection = openSocket(protocol);
    setSocket(connection);
    let closed = false;
    let watching = false;
    let again = false;
    const take = (step: SyncStep) => {
      sync.current = step.synced;
      setView(step.synced.view);
    };
    const watch = async () => {
      if (watching) {
        again = true;
        return;
      }
      watching = true;
      const reply = await send(connection, "tournament:watch", { tournamentId: id });
      watching = false;
      if (closed) return;
      // A gap still open after a fresh view waits for the next event, rather than asking again at once.
      if (reply.ok) take(adoptView(sync.current, reply.view));
      if (again) {
        again = false;
        void watch();
      }
    };
    rewatch.current = () => void watch();
    connection.on("connect", () => {
      setOnline(true);
      void watch();
    });
    connection.on("disconnect", () => setOnline(false));
    connection.on("connect_error", () => setOnline(false));
    connection.on("tournament:event", (message) => {
      if (message.tournamentId !== id) return;
      const step = receiveEvent(sync.current, message);
      take(step);
      if (step.gap) void watch();
    });
    return () => {
      closed = true;
      rewatch.current = () => {};
      connection.close();
      setSocket(null);
    };
  }, [id, protocol]);

  const caughtUp = useCallback((version: number) => {
    if (sync.current.view.version < version) rewatch.current();
  }, []);

  return { view, online, socket, caughtUp };
}
