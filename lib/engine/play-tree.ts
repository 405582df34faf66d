/**
 * The play tree: the legal plays of a roll as a tree of single checker steps, so that a board can offer a player one
 * checker at a time (as a chessground host asks chessops for a piece's destinations) and a program can walk the
 * plays step by step.
 *
 * Each node knows the position after the steps that lead to it (the mover still on turn), the dice left, the steps
 * that may come next, and the legal play it completes, if any. A step is offered only if some legal play can still be
 * finished after it; steps come in every order the rules allow (24/18 13/8 or 13/8 24/18, 24/18/13 or 24/19/13), not
 * only in the one order legalPlays lists. The complete nodes are exactly the legal plays: the tree's complete paths
 * leave the same positions as legalPlays(position, dice), no more and no fewer (play-tree.test.ts checks it on every
 * gnubg fixture). Nodes reached by different orders of the same steps are one shared node, so the tree is a DAG.
 *
 * A roll that cannot be played gives a root with no steps and no play: the turn passes (passPlay in moves.ts).
 *
 * @example
 *   const tree = playTree(initialPosition("white"), [6, 5]);
 *   tree.steps.map((s) => `${s.move.from}/${s.move.to}`);   // ["24/18", "13/7", "8/2", "13/8", "8/3"]
 *   const after = nodeAfter(tree, [{ from: 13, to: 8, die: 5 }, { from: 24, to: 18, die: 6 }]);
 *   after?.play?.notation;                                    // "24/18 13/8"
 */

import { legalPlays } from "./moves";
import { applyStep, diceToPlay, stepTarget } from "./steps";
import { BAR_POINT, type CheckerMove, type Dice, type DieValue, type LegalPlay, type Position, type SideBoard, opponentOf } from "./types";

export interface PlayTreeNode {
  /** The position after the steps leading here, the mover still on turn; at the root, the position given. */
  readonly position: Position;
  /** The dice not used yet, in the order diceToPlay gives them. */
  readonly diceLeft: readonly DieValue[];
  /** The steps that may come next, each on the way to some legal play; none on a complete node. */
  readonly steps: readonly PlayTreeStep[];
  /**
   * The legal play these steps complete (as legalPlays lists it: gnubg's notation, its `result` with the opponent on
   * turn), or null while the play is unfinished.
   */
  readonly play: LegalPlay | null;
}

export interface PlayTreeStep {
  readonly move: CheckerMove;
  readonly node: PlayTreeNode;
}

const boardsKey = (mover: SideBoard, opponent: SideBoard) => `${mover.join(",")}|${opponent.join(",")}`;

/** The tree of the legal plays of `dice` for the side on turn in `pos`. */
export function playTree(pos: Position, dice: Dice): PlayTreeNode {
  const mover = pos.turn;
  const other = opponentOf(mover);
  const plays = legalPlays(pos, dice);
  const all = diceToPlay(dice);
  const dead: PlayTreeNode = { position: pos, diceLeft: all, steps: [], play: null };
  const first = plays[0];
  if (first === undefined) return dead;
  // gnubg keeps only the plays that use the most dice, so every legal play has as many steps.
  const length = first.moves.length;
  const finals = new Map<string, LegalPlay>();
  for (const play of plays) finals.set(boardsKey(play.result[mover], play.result[other]), play);

  const memo = new Map<string, PlayTreeNode | null>();
  const visit = (position: Position, diceLeft: readonly DieValue[], depth: number): PlayTreeNode | null => {
    const boards = boardsKey(position[mover], position[other]);
    const key = `${boards}#${diceLeft.join("")}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let node: PlayTreeNode | null = null;
    if (depth === length) {
      const play = finals.get(boards);
      if (play !== undefined) node = { position, diceLeft, steps: [], play };
    } else {
      const steps: PlayTreeStep[] = [];
      diceLeft.forEach((die, d) => {
        if (diceLeft.indexOf(die) !== d) return; // equal dice are interchangeable
        const rest = [...diceLeft.slice(0, d), ...diceLeft.slice(d + 1)];
        for (let from = BAR_POINT; from >= 1; from--) {
          if (stepTarget(position[mover], position[other], from, die) === -1) continue;
          const applied = applyStep(position, from, die);
          const child = visit(applied.position, rest, depth + 1);
          if (child !== null) steps.push({ move: applied.move, node: child });
        }
      });
      if (steps.length > 0) node = { position, diceLeft, steps, play: null };
    }
    memo.set(key, node);
    return node;
  };
  return visit(pos, all, 0) ?? dead;
}

/**
 * The node reached from `node` by `moves` (matched on from, to and die), or null when they are not a way into the
 * tree — for instance steps a client kept from an older position.
 */
export function nodeAfter(node: PlayTreeNode, moves: readonly Pick<CheckerMove, "from" | "to" | "die">[]): PlayTreeNode | null {
  let at: PlayTreeNode | undefined = node;
  for (const m of moves) at = at?.steps.find((s) => s.move.from === m.from && s.move.to === m.to && s.move.die === m.die)?.node;
  return at ?? null;
}

/** The legal plays that can still be completed from `node`. */
export function playsFrom(node: PlayTreeNode): ReadonlySet<LegalPlay> {
  const plays = new Set<LegalPlay>();
  const seen = new Set<PlayTreeNode>();
  const walk = (n: PlayTreeNode): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (n.play !== null) plays.add(n.play);
    for (const s of n.steps) walk(s.node);
  };
  walk(node);
  return plays;
}
