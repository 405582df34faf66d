/**
 * The play being built on the board, one checker step at a time, toward the legal plays the server sent and nothing
 * else: a step is offered only if, after it, the dice left can still finish one of those plays. The steps may come
 * in any order the board allows (entering from the bar first, bearing off only once every checker is home, a higher
 * die bearing off only from the highest point), so a player is not held to the one order the server listed. The
 * server checks the submitted play again.
 *
 * Steps are in the mover's own point numbers, as in lib/engine: 25 is the bar, 0 is off.
 *
 * @example
 *   const draft = buildDraft(position, "white", [6, 5], legalPlays);
 *   nextSteps(draft, []);                  // every first step of every legal play
 *   destinations(draft, [], 13);           // [{ to: 7, steps: [{ from: 13, to: 7, die: 6, hit: false }] }, …]
 *   isComplete(draft, [step1, step2]);     // true: confirm may send these moves
 */
import type { CheckerMove, Color, Dice, DieValue, Position } from "@/lib/engine/types";
import type { PlayOption } from "@/lib/protocol/snapshot";

const BAR = 25;
const OFF = 0;

/**
 * A state of the play being built: the boards and the dice left. The states form a graph whose edges are single
 * checker steps; only states from which some legal play's final board can still be reached are kept.
 */
interface Node {
  readonly next: Map<string, { readonly step: CheckerMove; readonly node: Node }>;
  /** Set on the final states: their boards' key. */
  readonly final: string | null;
}

export interface Draft {
  readonly mover: Color;
  readonly start: Position;
  readonly root: Node;
  /** How many steps a complete play has (all legal plays have as many: gnubg keeps only the longest). */
  readonly length: number;
}

/** One destination for a selected checker: the steps that reach it (several when the die is a choice). */
export interface Destination {
  readonly to: number;
  /** One step per die that gets there; when more than one, the dice lead to different plays and the player picks. */
  readonly choices: readonly CheckerMove[];
}

type Boards = { mover: number[]; opponent: number[] };

function boardsOf(position: Position, mover: Color): Boards {
  const opponent = mover === "white" ? position.black : position.white;
  return { mover: [...position[mover]], opponent: [...opponent] };
}

/** Plays one step on `boards` (changing them), or returns null when the step cannot be played there. */
function playStep(boards: Boards, from: number, to: number, die: number): { hit: boolean } | null {
  const { mover, opponent } = boards;
  if ((mover[from - 1] ?? 0) === 0) return null;
  if (from !== BAR && (mover[BAR - 1] ?? 0) > 0) return null;
  if (to === OFF) {
    if (mover.some((n, i) => n > 0 && i >= 6)) return null;
    const higher = mover.some((n, i) => n > 0 && i >= from);
    if (from !== die && (from > die || higher)) return null;
  } else if (to !== from - die || (opponent[24 - to] ?? 0) >= 2) {
    return null;
  }
  mover[from - 1] = (mover[from - 1] ?? 0) - 1;
  let hit = false;
  if (to !== OFF) {
    if (opponent[24 - to] === 1) {
      opponent[24 - to] = 0;
      opponent[BAR - 1] = (opponent[BAR - 1] ?? 0) + 1;
      hit = true;
    }
    mover[to - 1] = (mover[to - 1] ?? 0) + 1;
  }
  return { hit };
}

const stepKey = (s: { from: number; to: number; die: number }) => `${s.from}/${s.to}:${s.die}`;
const boardsKey = (b: Boards) => `${b.mover.join(",")}|${b.opponent.join(",")}`;
const copy = (b: Boards): Boards => ({ mover: [...b.mover], opponent: [...b.opponent] });

/**
 * Every order in which the dice can be played to reach one of the legal plays' final boards. The legal plays fix the
 * destinations; the search only adds the other orders and die assignments that reach them (24/19/13 as well as
 * 24/18/13), so the player is not held to the one order the server happened to list.
 */
export function buildDraft(start: Position, mover: Color, roll: Dice, plays: readonly PlayOption[]): Draft {
  const length = plays[0]?.moves.length ?? 0;
  const finals = new Set<string>();
  for (const play of plays) {
    const boards = boardsOf(start, mover);
    if (play.moves.every((m) => playStep(boards, m.from, m.to, m.die))) finals.add(boardsKey(boards));
  }
  const memo = new Map<string, Node | null>();
  const visit = (boards: Boards, dice: readonly number[], depth: number): Node | null => {
    const key = `${boardsKey(boards)}#${dice.join("")}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let node: Node | null = null;
    if (depth === length) {
      const final = boardsKey(boards);
      node = finals.has(final) ? { next: new Map(), final } : null;
    } else {
      const next: Node["next"] = new Map();
      dice.forEach((die, d) => {
        if (dice.indexOf(die) !== d) return; // equal dice are interchangeable
        const rest = [...dice.slice(0, d), ...dice.slice(d + 1)];
        boards.mover.forEach((count, i) => {
          if (count === 0) return;
          const from = i + 1;
          const to = Math.max(from - die, OFF);
          const after = copy(boards);
          const played = playStep(after, from, to, die);
          const child = played && visit(after, rest, depth + 1);
          if (!played || !child) return;
          const step: CheckerMove = { from, to, die: die as DieValue, hit: played.hit };
          next.set(stepKey(step), { step, node: child });
        });
      });
      node = next.size > 0 ? { next, final: null } : null;
    }
    memo.set(key, node);
    return node;
  };
  const dice = roll[0] === roll[1] ? [roll[0], roll[0], roll[0], roll[0]] : [roll[0], roll[1]];
  const root = (length > 0 ? visit(boardsOf(start, mover), dice, 0) : null) ?? { next: new Map(), final: null };
  return { mover, start, root, length };
}

/** The state after `done`, or null when `done` is not the start of any legal play. */
function nodeAfter(draft: Draft, done: readonly CheckerMove[]): Node | null {
  let node: Node | undefined = draft.root;
  for (const step of done) node = node?.next.get(stepKey(step))?.node;
  return node ?? null;
}

/** The steps that may come next after `done`. */
export function nextSteps(draft: Draft, done: readonly CheckerMove[]): CheckerMove[] {
  return [...(nodeAfter(draft, done)?.next.values() ?? [])].map((edge) => edge.step);
}

/** The points (25 = bar) holding a checker that may move next. */
export function movableFrom(draft: Draft, done: readonly CheckerMove[]): Set<number> {
  return new Set(nextSteps(draft, done).map((s) => s.from));
}

/** The final boards reachable from `node`, as one comparable text (only needed when a die is a choice, so lazy). */
function outcomesOf(node: Node): string {
  const finals = new Set<string>();
  const seen = new Set<Node>();
  const walk = (n: Node): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (n.final !== null) finals.add(n.final);
    for (const edge of n.next.values()) walk(edge.node);
  };
  walk(node);
  return [...finals].sort().join(" ");
}

/**
 * Where the checker on `from` may go next. The die is chosen automatically when every die reaching a destination
 * leads to the same plays (then the larger die is used); otherwise every choice is returned for the player to pick.
 */
export function destinations(draft: Draft, done: readonly CheckerMove[], from: number): Destination[] {
  const node = nodeAfter(draft, done);
  const byTarget = new Map<number, { step: CheckerMove; node: Node }[]>();
  for (const edge of node?.next.values() ?? []) {
    if (edge.step.from !== from) continue;
    byTarget.set(edge.step.to, [...(byTarget.get(edge.step.to) ?? []), edge]);
  }
  return [...byTarget.entries()].map(([to, edges]) => {
    const sorted = edges.sort((a, b) => b.step.die - a.step.die);
    const distinct = sorted.length === 1 ? 1 : new Set(sorted.map((e) => outcomesOf(e.node))).size;
    return { to, choices: (distinct === 1 ? sorted.slice(0, 1) : sorted).map((e) => e.step) };
  });
}

/** True when `done` is a whole legal play (the confirm button may send it). */
export function isComplete(draft: Draft, done: readonly CheckerMove[]): boolean {
  return draft.length > 0 && done.length === draft.length && nodeAfter(draft, done) !== null;
}

/** The position after the steps done so far (for drawing the board mid-play); the steps must be playable. */
export function positionAfter(draft: Draft, done: readonly CheckerMove[]): Position {
  const boards = boardsOf(draft.start, draft.mover);
  for (const step of done) playStep(boards, step.from, step.to, step.die);
  const { mover, opponent } = boards;
  return draft.mover === "white"
    ? { white: mover, black: opponent, turn: draft.start.turn }
    : { white: opponent, black: mover, turn: draft.start.turn };
}

/** The dice still unused after `done`, for dimming the used ones. */
export function diceLeft(dice: readonly [DieValue, DieValue], done: readonly CheckerMove[]): DieValue[] {
  const left: DieValue[] = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  for (const step of done) {
    const i = left.indexOf(step.die);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}
