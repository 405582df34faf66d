/**
 * One line of the match's running log for each event, in words: "Black rolls 6-3.", "White plays 24/18 13/10.",
 * "Game 1: white wins 1 point (single, cube 1)." The play's notation is gnubg's, recomputed from the position before
 * it (lib/engine), so a play sent in any order reads the same for everyone.
 *
 * @example
 *   describeEvent(before, event, after); // "White plays 8/5 6/5."
 */
import { describeGameRecord } from "@/lib/engine/match-queries";
import { colorName } from "@/lib/engine/match-state";
import { validatePlay } from "@/lib/engine/moves";
import type { MatchEvent } from "@/lib/record/match-events";
import type { MatchView } from "@/lib/record/match-view";

const RESIGN_WHAT = { 1: "a single game", 2: "a gammon", 3: "a backgammon" } as const;

function point(p: number): string {
  return p === 25 ? "bar" : p === 0 ? "off" : String(p);
}

function actionText(before: MatchView, event: Extract<MatchEvent, { type: "action" }>, after: MatchView): string {
  const { action } = event;
  switch (action.type) {
    case "opening-roll": {
      const [white, black] = action.dice;
      if (white === black) return `Opening roll: white ${white}, black ${black} — a tie, rolled again.`;
      return `Opening roll: white ${white}, black ${black} — ${colorName(after.state.onRoll ?? (white > black ? "white" : "black"))} starts.`;
    }
    case "roll":
      return `${colorName(action.player)} rolls ${action.dice[0]}-${action.dice[1]}.`;
    case "move": {
      if (action.moves.length === 0) return `${colorName(action.player)} cannot move.`;
      const { position, dice } = before.state;
      const play = dice ? validatePlay(position, dice, action.moves) : null;
      const notation = play?.ok ? play.value.notation : action.moves.map((m) => `${point(m.from)}/${point(m.to)}`).join(" ");
      return `${colorName(action.player)} plays ${notation}.`;
    }
    case "double":
      return `${colorName(action.player)} doubles to ${after.state.pendingDouble?.value ?? before.state.cube.value * 2}.`;
    case "take":
      return `${colorName(action.player)} takes.`;
    case "drop":
      return `${colorName(action.player)} drops.`;
    case "resign-offer":
      return `${colorName(action.player)} offers to resign ${RESIGN_WHAT[action.level]}.`;
    case "resign-accept":
      return `${colorName(action.player)} accepts the resignation.`;
    case "resign-decline":
      return `${colorName(action.player)} declines the resignation.`;
  }
}

export function describeEvent(before: MatchView, event: MatchEvent, after: MatchView): string {
  switch (event.type) {
    case "created":
      return `${event.creator.name} created a ${event.matchLength}-point match, playing ${event.creatorColor}.`;
    case "joined":
      return `${event.player.name} joined as ${event.color}.`;
    case "seed":
      return `${colorName(event.color)}'s client seed is in.`;
    case "ended":
      return `${event.detail} The server seed is revealed.`;
    case "action": {
      const text = actionText(before, event, after);
      const finished = after.state.games.length > before.state.games.length ? after.state.games.at(-1) : undefined;
      return finished ? `${text} ${describeGameRecord(finished)}` : text;
    }
  }
}
