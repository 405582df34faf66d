"use client";
/**
 * The lobby's people: the lobby chat, on the lobby's socket.
 *
 * @example
 *   <LobbySocial socket={socket} viewerId={user?.id ?? null} isGuest={false} />
 */
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ChatPanel } from "@/components/chat/chat-panel";
import type { ClientSocket } from "@/components/socket/socket-client";
import { LOBBY_CHANNEL } from "@/lib/chat/channels";

export function LobbySocial({ socket, viewerId }: { socket: ClientSocket | null; viewerId: string | null; isGuest: boolean }) {
  const t = useTranslations("chat");
  const channels = useMemo(() => [{ name: LOBBY_CHANNEL, label: t("lobbyTitle") }], [t]);
  return <ChatPanel socket={socket} title={t("lobbyTitle")} channels={channels} viewerId={viewerId} />;
}
