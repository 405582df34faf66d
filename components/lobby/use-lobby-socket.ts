/**
 * The lobby's socket: the open matches, kept current by `lobby:list` on every connection and `lobby:changed`,
 * and the matchmaking queue's state — a pairing opens its match, a pairing that could not start says why, and a lost
 * connection leaves the queue (the server drops a disconnected player from it).
 *
 * @example
 *   const lobby = useLobbySocket(PROTOCOL_VERSION);
 *   lobby.list.status; // "loading" | "ready" | "offline"
 */
import { useEffect, useRef, useState } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import { openSocket, send, type ClientSocket } from "@/components/socket/socket-client";
import type { OpenMatchSummary } from "@/lib/protocol/snapshot";
import { matchHref } from "./lobby-choices";

export type ListState = { status: "loading" } | { status: "ready"; matches: readonly OpenMatchSummary[] } | { status: "offline" };

export type QueueState = { status: "idle" } | { status: "waiting"; rating: number; rated: boolean; matchLength: number };

export function useLobbySocket(protocol: number) {
  const errorText = useErrorText();
  const socket = useRef<ClientSocket | null>(null);
  const [liveSocket, setLiveSocket] = useState<ClientSocket | null>(null);
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [queue, setQueue] = useState<QueueState>({ status: "idle" });
  const [queueError, setQueueError] = useState<string | null>(null);

  useEffect(() => {
    const connection = openSocket(protocol);
    socket.current = connection;
    setLiveSocket(connection);
    const refresh = async () => {
      const reply = await send(connection, "lobby:list", {});
      if (reply.ok) setList({ status: "ready", matches: reply.openMatches });
    };
    connection.on("connect", () => void refresh());
    connection.on("lobby:changed", () => void refresh());
    connection.on("queue:result", (result) => {
      if (result.ok) {
        window.location.assign(matchHref(result.matchId, null));
        return;
      }
      setQueue({ status: "idle" });
      // The paired match could not be started: the refusal's code and values, in the reader's language.
      setQueueError(errorText(result.code, result.values));
    });
    connection.on("disconnect", () => {
      setList({ status: "offline" });
      // The server drops a disconnected player from the queue.
      setQueue({ status: "idle" });
    });
    connection.on("connect_error", () => setList({ status: "offline" }));
    return () => {
      connection.close();
      socket.current = null;
      setLiveSocket(null);
    };
  }, [protocol]);

  return { socket, liveSocket, list, queue, setQueue, queueError, setQueueError };
}
