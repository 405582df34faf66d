/**
 * What the board offers while a play is built, read from lib/engine's play tree (the engine the server checks moves
 * with): the checkers that may move next, where a picked-up checker may go, and the dice still unused. The rules
 * live in the engine (steps.ts, play-tree.ts); this file only shapes the tree's answers for the board, and decides
 * when the player must be asked which die to use.
 *
 * Points are the mover's own numbers, as in lib/engine: 25 is the bar, 0 is off.
 *
 * @example
 *   const node = nodeAfter(playTree(position, [6, 5]), stepsSoFar);
 *   movableFrom(node);           // Set { 24, 13, 8 }
 *   destinations(node, 13);      // [{ to: 7, choices: [{ from: 13, to: 7, die: 6, hit: false }] }, …]
 *   node?.play !== null;         // the steps make a whole legal play: confirm may send them
 */
import { playsFrom, type PlayTreeNode } from "@/lib/engine/play-tree";
import { diceToPlay } from "@/lib/engine/steps";
import type { CheckerMove, Dice, DieValue } from "@/lib/engine/types";

/** One destination for a selected checker: the steps that reach it (several when the die is a choice). */
export interface Destination {
  readonly to: number;
  /** One step per die that gets there; when more than one, the dice lead to different plays and the player picks. */
  readonly choices: readonly CheckerMove[];
}

/** The points (25 = bar) holding a checker that may move next. */
export function movableFrom(node: PlayTreeNode | null): Set<number> {
  return new Set((node?.steps ?? []).map((s) => s.move.from));
}

/** Whether two sets of plays hold the same plays. */
function samePlays(a: ReadonlySet<unknown>, b: ReadonlySet<unknown>): boolean {
  return a.size === b.size && [...a].every((play) => b.has(play));
}

/**
 * Where the checker on `from` may go next. The die is chosen automatically when every die reaching a destination
 * leads to the same plays (then the larger die is used); otherwise every choice is returned for the player to pick.
 */
export function destinations(node: PlayTreeNode | null, from: number): Destination[] {
  const byTarget = new Map<number, PlayTreeNode["steps"][number][]>();
  for (const step of node?.steps ?? []) {
    if (step.move.from !== from) continue;
    byTarget.set(step.move.to, [...(byTarget.get(step.move.to) ?? []), step]);
  }
  return [...byTarget.entries()].map(([to, steps]) => {
    const sorted = [...steps].sort((a, b) => b.move.die - a.move.die);
    const [first, ...others] = sorted;
    const oneOutcome = first !== undefined && others.every((s) => samePlays(playsFrom(s.node), playsFrom(first.node)));
    return { to, choices: (oneOutcome ? sorted.slice(0, 1) : sorted).map((s) => s.move) };
  });
}

/** The dice to draw (four for doubles) and which of them are used, given the dice still left. */
export function diceShown(dice: Dice, left: readonly DieValue[]): { values: DieValue[]; used: boolean[] } {
  const values = [...diceToPlay(dice)];
  const used = values.map(() => true);
  for (const value of left) {
    const i = values.findIndex((v, k) => v === value && used[k]);
    if (i >= 0) used[i] = false;
  }
  return { values, used };
}
