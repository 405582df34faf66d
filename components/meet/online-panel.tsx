"use client";
/**
 * Who is online now (`lobby:online`, across every node): registered players, those you follow first, each with a link
 * to their profile and a Challenge button; guests are counted. Asked again every POLL_MS and on every reconnection.
 *
 * @example
 *   <OnlinePanel socket={socket} viewerId={me?.id ?? null} onChallenge={(name) => setTarget(name)} />
 */
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { OnlinePlayer } from "@/lib/protocol/meet";
import { send, type ClientSocket } from "@/components/socket/socket-client";

const POLL_MS = 20_000;

export function OnlinePanel({ socket, viewerId, onChallenge }: { socket: ClientSocket | null; viewerId: string | null; onChallenge: ((name: string) => void) | null }) {
  const t = useTranslations("meet");
  const format = useFormatter();
  const [online, setOnline] = useState<{ players: readonly OnlinePlayer[]; total: number; guests: number } | null>(null);

  useEffect(() => {
    if (!socket) return;
    const ask = async () => {
      const reply = await send(socket, "lobby:online", {});
      if (reply.ok) setOnline({ players: reply.players, total: reply.total, guests: reply.guests });
    };
    socket.on("connect", ask);
    if (socket.connected) void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      socket.off("connect", ask);
      clearInterval(timer);
    };
  }, [socket]);

  const others = online?.players.filter((player) => player.id !== viewerId) ?? [];
  return (
    <section className="panel online-panel" aria-labelledby="online-title">
      <h2 id="online-title">{t("online")}</h2>
      {online ? <p className="muted" data-testid="online-count">{t("onlineCount", { total: online.total, guests: online.guests })}</p> : null}
      {online && others.length === 0 ? <p className="muted">{t("nobodyElse")}</p> : null}
      {others.length > 0 ? (
        <ul className="online-list" data-testid="online-players">
          {others.map((player) => (
            <li key={player.id}>
              <a href={`/players/${encodeURIComponent(player.name)}`}>{player.name}</a>{" "}
              <span className="muted">{format.number(player.rating, { maximumFractionDigits: 1 })}</span>
              {player.following ? <span className="badge">{t("following")}</span> : null}
              {onChallenge ? (
                <button type="button" className="small-button" aria-label={t("challengeLabel", { name: player.name })} onClick={() => onChallenge(player.name)}>
                  {t("challengeThem")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
