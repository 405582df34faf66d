"use client";
/**
 * "Your tournament match is ready": when a round starts, the server tells both players on every page they have open
 * (`tournament:match`); the lobby and match pages show it with a link, and a browser notification when the page is
 * hidden and notifications were allowed.
 *
 * @example
 *   <TournamentNotice socket={socket} />
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { ClientSocket } from "@/components/socket/socket-client";

export function TournamentNotice({ socket }: { socket: ClientSocket | null }) {
  const t = useTranslations("tournaments");
  const [ready, setReady] = useState<{ name: string; round: number; matchId: string } | null>(null);

  useEffect(() => {
    if (!socket) return;
    const hear = (notice: { name: string; round: number; matchId: string }) => {
      setReady(notice);
      if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) {
        new Notification(notice.name, { body: t("yourMatch", { round: notice.round }), tag: `tournament-${notice.matchId}` });
      }
    };
    socket.on("tournament:match", hear);
    return () => {
      socket.off("tournament:match", hear);
    };
  }, [socket, t]);

  if (!ready || (typeof window !== "undefined" && window.location.pathname === `/match/${ready.matchId}`)) return null;
  return (
    <p className="panel" role="alert" data-testid="tournament-notice">
      {ready.name}: {t("yourMatch", { round: ready.round })} <a href={`/match/${ready.matchId}`}>{t("openMatch")}</a>
    </p>
  );
}
