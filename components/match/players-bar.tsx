"use client";
/**
 * One player's strip above or below the board: name, seat colour, connection light (from match:presence), pip
 * count, checkers borne off, score, their clock in a timed match, and a marker while it is their turn to act.
 *
 * @example
 *   <PlayerStrip color="black" position={shown} />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { pipCount } from "@/lib/engine/pips";
import { borneOff } from "@/lib/engine/position";
import { computerLevelOf } from "@/lib/play/computer-seat";
import type { Color, Position } from "@/lib/engine/types";
import { MatchClock } from "./match-clock";
import { useMatch } from "./match-provider";

export function PlayerStrip({ color, position }: { color: Color; position: Position }) {
  const t = useTranslations("players");
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const connected = useMatch((s) => s.connected[color]);
  if (!view) return null;
  const player = view.players[color];
  const { state } = view;
  const acting = view.status === "playing" && state.turn === color;
  const presence = player === null ? "" : color === you ? "you" : connected ? "connected" : "away";
  // A computer (its account's kind) has a name of words (server/db/computer-users.ts): shown in the reader's language.
  const level = computerLevelOf(player);
  const name = player === null ? "" : level ? t("computerName", { level }) : player.name;
  return (
    <div className={`player-strip player-${color}${acting ? " player-acting" : ""}`} data-testid={`player-${color}`}>
      <span className={`seat-dot seat-${color}`} aria-hidden="true" />
      <span className="player-name">
        {player ? name : t("openSeat")}
        {color === you ? ` ${t("you")}` : ""}
      </span>
      {player && color !== you ? (
        <span className={`presence presence-${presence}`} role="status" aria-label={t(presence === "connected" ? "connectedLabel" : "awayLabel", { name })}>
          {presence === "connected" ? `● ${t("online")}` : `○ ${t("away")}`}
        </span>
      ) : null}
      {acting ? <span className="turn-marker">{t(state.phase === "double-offered" ? "toTakeOrDrop" : state.pendingResign ? "toAnswer" : "toPlay")}</span> : null}
      <MatchClock color={color} />
      <span className="player-stats">
        <span>{t("pips", { count: pipCount(position, color) })}</span>
        <span>{t("off", { count: borneOff(position, color) })}</span>
        <span className="player-score">
          {t("score", { count: state.score[color] })}
        </span>
      </span>
    </div>
  );
}
