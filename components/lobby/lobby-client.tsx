"use client";
/**
 * The live part of the lobby, on one socket: the matchmaking queue and the form that creates a match (for those
 * signed in), the list of open matches, kept current by `lobby:list` and `lobby:changed`, and the lobby's people.
 * What the account may do — play rated, challenge by name — is lib/access/may.ts's answer for its kind.
 *
 * @example
 *   <LobbyClient kind="registered" protocol={PROTOCOL_VERSION} viewerId={user.id} />
 */
import { may, type AccountKind } from "@/lib/access/may";
import "@/components/ui/ui.css";
import "./lobby.css";
import { OpenMatchList } from "./open-match-list";
import { CreateForm } from "./create-form";
import { LobbySocial } from "./lobby-social";
import { QueuePanel } from "./queue-panel";
import { useLobbySocket } from "./use-lobby-socket";

/** `kind`: the signed-in account's kind; null for a visitor who is not signed in. */
export function LobbyClient({ kind, protocol, viewerId = null }: { kind: AccountKind | null; protocol: number; viewerId?: string | null }) {
  const lobby = useLobbySocket(protocol);
  const mayPlayRated = kind !== null && may(kind, "play-rated");
  return (
    <div className="lobby">
      {kind !== null ? <QueuePanel lobby={lobby} mayPlayRated={mayPlayRated} /> : null}
      {kind !== null ? <CreateForm socket={lobby.socket} offline={lobby.list.status === "offline"} mayPlayRated={mayPlayRated} /> : null}
      <OpenMatchList list={lobby.list} />
      <LobbySocial socket={lobby.liveSocket} viewerId={viewerId} kind={kind} />
    </div>
  );
}
