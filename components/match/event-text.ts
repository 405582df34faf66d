/**
 * The match page's sentences in the reader's language: one line of the running log per event ("Black rolls 6-3.",
 * "White plays 24/18 13/10.", "Game 1: white wins 1 point (single, cube 1).") and why a match ended. The play's
 * notation is gnubg's, recomputed from the position before it (lib/engine), so a play sent in any order reads the
 * same for everyone. The words come from the `match` namespace of messages/<locale>.json; colours go in as
 * "white"/"black" and each language picks its word with an ICU select. The status line is status-text.ts's.
 *
 * @example
 *   const t = useTranslations("match");
 *   describeEvent(t, before, event, after); // "White plays 8/5 6/5."  /  "As brancas jogam 8/5 6/5."
 */
import type { GameRecord } from "@/lib/engine/match-state";
import { validatePlay } from "@/lib/engine/moves";
import { rollText } from "@/lib/engine/notation";
import { opponentOf } from "@/lib/engine/types";
import type { AnyMatchEvent, MatchEvent } from "@/lib/match/events";
import type { MatchView } from "@/lib/match/view";

/** A translator bound to the `match` namespace (next-intl's useTranslations("match"), or createTranslator in tests). */
export type MatchT = (key: string, values?: Record<string, string | number>) => string;

function point(p: number): string {
  return p === 25 ? "bar" : p === 0 ? "off" : String(p);
}

/** "Game 2: black wins 4 points (gammon, cube 2)." */
export function gameRecordText(t: MatchT, game: GameRecord): string {
  const how = game.ending === "dropped" ? t("how.dropped") : game.ending === "resigned" ? t("how.resigned", { kind: game.resultKind }) : t("how.played", { kind: game.resultKind });
  return t(game.crawford ? "gameOverCrawford" : "gameOver", { number: game.number, player: game.winner, points: game.points, how, cube: game.cubeValue });
}

function actionText(t: MatchT, before: MatchView, event: Extract<MatchEvent, { type: "action" }>, after: MatchView): string {
  const { action } = event;
  switch (action.type) {
    case "opening-roll": {
      const [white, black] = action.dice;
      if (white === black) return t("log.openingTie", { white, black });
      return t("log.opening", { white, black, player: after.state.onRoll ?? (white > black ? "white" : "black") });
    }
    case "roll":
      return t("log.roll", { player: action.player, dice: rollText(action.dice) });
    case "move": {
      if (action.moves.length === 0) return t("log.pass", { player: action.player });
      const { position, dice } = before.state;
      const play = dice ? validatePlay(position, dice, action.moves) : null;
      const notation = play?.ok ? play.value.notation : action.moves.map((m) => `${point(m.from)}/${point(m.to)}`).join(" ");
      return t("log.move", { player: action.player, notation });
    }
    case "double":
      return t("log.double", { player: action.player, value: after.state.pendingDouble?.value ?? before.state.cube.value * 2 });
    case "resign-offer":
      return t("log.resignOffer", { player: action.player, level: action.level });
    default:
      return t(ANSWER_KEYS[action.type], { player: action.player });
  }
}

/** The actions worded by who took them alone: the answers to a double and to a resignation. */
const ANSWER_KEYS = { take: "log.take", drop: "log.drop", "resign-accept": "log.resignAccept", "resign-decline": "log.resignDecline" } as const;

/** Why the match ended, in words, from the view: its reason, winner and score (the `ended` event holds no sentence). */
export function endedText(t: MatchT, view: MatchView): string {
  const ended = view.ended;
  if (!ended) return "";
  const { state } = view;
  if (ended.reason === "cancelled") return t("ended.cancelled");
  const winner = ended.winner ?? "white";
  if (ended.reason === "abandoned" || ended.reason === "timeout") {
    const loser = opponentOf(winner);
    return t(ended.reason === "timeout" ? "ended.timeout" : "ended.abandoned", { loser: view.players[loser]?.name ?? loser, winner: view.players[winner]?.name ?? winner });
  }
  return t("ended.finished", { player: winner, won: state.score[winner], lost: state.score[opponentOf(winner)] });
}

export function describeEvent(t: MatchT, before: MatchView, event: AnyMatchEvent, after: MatchView): string {
  switch (event.type) {
    case "created":
      return t("log.created", { name: event.creator.name, length: event.matchLength, color: event.creatorColor });
    case "joined":
      return t("log.joined", { name: event.player.name, color: event.color });
    case "seed":
      return t("log.seed", { player: event.color });
    case "salt":
      return t("log.salt", { player: event.color });
    case "chain-committed":
      return t("log.chainCommitted", { player: event.color, game: event.game });
    case "salt-received":
      return t("log.saltReceived", { player: event.color, nonce: event.nonce });
    case "value-revealed":
      return t("log.valueRevealed", { player: event.color, nonce: event.nonce });
    case "game-seed":
      return t("log.gameSeed", { game: event.game });
    case "ended":
      return t("log.ended", { detail: endedText(t, after) });
    case "rematch-offered":
      return t("log.rematchOffered", { player: event.color });
    case "rematch-declined":
      return t("log.rematchDeclined", { player: event.color });
    case "rematch-made":
      return t("log.rematchMade");
    case "action": {
      const text = actionText(t, before, event, after);
      const finished = after.state.games.length > before.state.games.length ? after.state.games.at(-1) : undefined;
      return finished ? `${text} ${gameRecordText(t, finished)}` : text;
    }
  }
}
