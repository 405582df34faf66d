/**
 * What the live region says after a change: every event since the viewer last acted (the computer can roll and play
 * within 30 ms, and saying only the newest event cut its roll), at most MAX_ANNOUNCED of them; and an opponent's play
 * also in the viewer's own numbering, the one the board's points are named in ("on your side: 1/7 12/14").
 *
 * @example
 *   announcementParts(t, log, "white"); // ["Black rolls 6-3.", "Black plays 24/18 13/10. On your side: 1/7 12/15."]
 */
import type { Color } from "@/lib/engine/types";
import { describeEvent, type MatchT } from "./event-text";
import type { LogLine } from "./match-store";

export const MAX_ANNOUNCED = 4;

function actorOf(line: LogLine): Color | null {
  return line.event.type === "action" && line.event.action.type !== "opening-roll" ? line.event.action.player : null;
}

/** A location in the viewer's numbering: the opponent's point p is the viewer's 25 − p; the bar and off stay. */
function mirrored(location: number): string {
  return location === 25 ? "bar" : location === 0 ? "off" : String(25 - location);
}

export function announcementParts(t: MatchT, log: readonly LogLine[], you: Color | null): string[] {
  const recent: LogLine[] = [];
  for (let i = log.length - 1; i >= 0 && recent.length < MAX_ANNOUNCED; i--) {
    const line = log[i]!;
    // The viewer's own action is said when it is the newest (their roll's dice); older ones they know.
    if (you !== null && actorOf(line) === you && recent.length > 0) break;
    recent.unshift(line);
    if (you !== null && actorOf(line) === you) break;
  }
  return recent.map((line) => {
    const text = describeEvent(t, line.before, line.event, line.after);
    const { event } = line;
    if (you === null || event.type !== "action" || event.action.type !== "move" || event.action.player === you || event.action.moves.length === 0) return text;
    const yours = event.action.moves.map((move) => `${mirrored(move.from)}/${mirrored(move.to)}`).join(" ");
    return `${text} ${t("announce.yourNumbering", { notation: yours })}`;
  });
}
