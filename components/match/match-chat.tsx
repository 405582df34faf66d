"use client";
/**
 * A match's chat: the players talk in their own channel and read the spectators' (which they may mute); spectators
 * talk among themselves (lib/chat/channels.ts). On the match page's own socket.
 *
 * @example
 *   <MatchChat viewerId={user?.id ?? null} />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ChatPanel } from "@/components/chat/chat-panel";
import { useMatch, useMatchSocket } from "./match-provider";

export function MatchChat({ viewerId }: { viewerId: string | null }) {
  const t = useTranslations("chat");
  const socket = useMatchSocket();
  const matchId = useMatch((s) => s.view?.matchId ?? null);
  const seated = useMatch((s) => s.you !== null);
  const invite = useMatch((s) => s.invite);
  const channels = useMemo(
    () =>
      matchId === null
        ? []
        : seated
          ? [
              { name: `match:${matchId}:players`, label: t("players") },
              { name: `match:${matchId}:spectators`, label: t("spectators"), mutable: true },
            ]
          : [{ name: `match:${matchId}:spectators`, label: t("spectators") }],
    [matchId, seated, t],
  );
  if (matchId === null) return null;
  return <ChatPanel socket={socket} title={t("title")} channels={channels} viewerId={viewerId} inviteToken={invite} />;
}
