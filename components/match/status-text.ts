/**
 * The match page's status line in the reader's language: what the match waits for, said to this viewer ("Your turn:
 * play 6-5.", "Black to roll or double."), and the rules state as a sentence. Words from the `match` namespace, as
 * event-text.ts's.
 *
 * @example
 *   statusText(t, view, "white"); // "Your turn: roll or double."
 */
import { mayDouble } from "@/lib/engine/cube";
import { rollText } from "@/lib/engine/notation";
import { opponentOf, type Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match/view";
import { endedText, type MatchT } from "./event-text";

/** What the match waits for, said to this viewer ("Your turn: play 6-5.", "Black to roll or double."). */
export function statusText(t: MatchT, view: MatchView, you: Color | null): string {
  const { state } = view;
  switch (view.status) {
    case "waiting":
      return t("status.waiting");
    case "seeding": {
      const missing = (["white", "black"] as const).filter((c) => view.clientSeeds[c] === null);
      if (you && missing.includes(you)) return t("status.chooseSeed");
      return missing.length === 2 ? t("status.waitingSeeds") : t("status.waitingSeed", { player: missing[0] ?? "white" });
    }
    case "finished":
    case "aborted":
      return view.ended ? endedText(t, view) : stateText(t, view);
    case "playing": {
      const sentence = stateText(t, view);
      if (you && state.turn === you) {
        if (state.phase === "turn-start") return mayDouble(state, you) ? t("status.yourRollOrDouble") : t("status.yourRoll");
        if (state.phase === "moving") return t("status.yourMove", { dice: `${state.dice?.[0]}-${state.dice?.[1]}` });
        if (state.phase === "double-offered" || state.pendingResign) return t("status.yourDecision", { sentence });
      }
      return sentence;
    }
  }
}

/** The rules state as a sentence in the reader's language ("Black to roll or double."). */
export function stateText(t: MatchT, view: MatchView): string {
  const { state } = view;
  if (state.phase === "match-over") {
    const winner = state.winner ?? "white";
    return t("state.matchOver", { player: winner, won: state.score[winner], lost: state.score[opponentOf(winner)] });
  }
  if (state.pendingResign !== null) {
    const { player, level } = state.pendingResign;
    return t("state.resignPending", { player, level, points: level * state.cube.value, other: opponentOf(player) });
  }
  const onRoll = state.onRoll ?? "white";
  switch (state.phase) {
    case "opening":
      return t(state.crawford ? "state.openingCrawford" : "state.opening", { number: state.gameNumber });
    case "turn-start":
      return t(mayDouble(state, onRoll) ? "state.rollOrDouble" : "state.roll", { player: onRoll });
    case "double-offered":
      return t("state.doubled", { player: onRoll, value: state.pendingDouble?.value ?? state.cube.value * 2, other: opponentOf(onRoll) });
    case "moving":
      return t("state.moving", { player: onRoll, dice: state.dice === null ? "" : rollText(state.dice) });
  }
}
