/**
 * The computer's decisions in a match: whatever the match waits for from its seat — double or roll at the start of
 * its turn, the best play for its dice, take or drop a double, accept or decline a resignation — chosen by the
 * engine at the level's depth, with the match score's equity (a match equity table) and the cube.
 *
 * Deterministic: the same state, seat, level and evaluator give the same action (no randomness, no clock), so a
 * computer's play can be reproduced and reviewed. The roll it asks for carries no dice: the match server draws them
 * from the fair-dice seeds, as for any player.
 *
 * @example
 *   const action = chooseComputerAction(state, "black", "hard", { evaluator });
 *   // { type: "move", player: "black", moves: [{ from: 13, to: 7 }, { from: 8, to: 7 }] }, or null when not its turn
 */
import { canDouble } from "../engine/cube";
import { resultKindOfLevel, type MatchAction, type MatchState, type ResignLevel } from "../engine/match-state";
import { hasLegalPlay } from "../engine/moves";
import { swapTurn } from "../engine/position";
import { opponentOf, type Color, type Position } from "../engine/types";
import { cubeAvailable, cubeContextOf } from "./cube-decision";
import { cubeDecisionAtPly, refinementAt } from "./cubeful-search";
import { matchEquityOf, type MatchContext } from "./match-equity";
import { evaluateAtPly, rankPlays, type SearchOptions } from "./search";
import { invertProbabilities, type Evaluator, type Ply, type Probabilities } from "./types";

export type ComputerLevel = "easy" | "medium" | "hard";

export const COMPUTER_LEVELS: readonly ComputerLevel[] = ["easy", "medium", "hard"];

/**
 * Search depth per level: for checker plays, and for cube and resignation decisions (evaluations before a roll). The
 * hard level's close cube decisions are searched again at 3-ply (cubeful-search.ts refinementAt).
 */
export const LEVEL_PLY: Readonly<Record<ComputerLevel, { readonly play: Ply; readonly cube: Ply }>> = {
  easy: { play: 0, cube: 0 },
  medium: { play: 1, cube: 1 },
  hard: { play: 2, cube: 2 },
};

/** What the computer submits: a rules action, except that its roll has no dice yet (the server draws them). */
export type ComputerAction =
  | { readonly type: "roll"; readonly player: Color }
  | Extract<MatchAction, { readonly type: "double" | "take" | "drop" | "move" | "resign-accept" | "resign-decline" }>;

export interface ComputerDeps {
  readonly evaluator: Evaluator;
}

/**
 * The action the match waits for from `color`, or null when it waits for nobody or for the other side (the opening
 * roll and a forced pass are the server's; seeds are not part of the rules state).
 */
export function chooseComputerAction(state: MatchState, color: Color, level: ComputerLevel, deps: ComputerDeps): ComputerAction | null {
  if (state.phase === "match-over" || state.turn !== color) return null;
  const context = matchContext(state);
  const options = (ply: Ply): SearchOptions => ({ ply, evaluator: deps.evaluator, equityOf: matchEquityOf(context) });
  const plies = LEVEL_PLY[level];

  if (state.pendingResign !== null) {
    const accept = acceptsResignation(state, color, state.pendingResign.level, options(plies.cube));
    return { type: accept ? "resign-accept" : "resign-decline", player: color };
  }
  switch (state.phase) {
    case "turn-start": {
      // The position is evaluated only when doubling could change something: not in the Crawford game, not when a
      // single win at this cube already wins the match (a dead cube, e.g. any 1-point match), not with the cube over.
      const cube = cubeContextOf(state);
      if (cube && canDouble(state, color) && cubeAvailable(cube)) {
        const decision = cubeDecisionAtPly(onRollOf(state.position, cube.onRoll), cube, { ply: plies.cube, evaluator: deps.evaluator, refine: refinementAt(plies.cube) });
        if (decision.shouldDouble) return { type: "double", player: color };
      }
      return { type: "roll", player: color };
    }
    case "double-offered": {
      // The doubler is on roll in its game: its decision says whether the taker should take.
      const cube = cubeContextOf(state);
      if (!cube || cube.onRoll !== opponentOf(color)) return null;
      const decision = cubeDecisionAtPly(onRollOf(state.position, cube.onRoll), cube, { ply: plies.cube, evaluator: deps.evaluator, refine: refinementAt(plies.cube) });
      return { type: decision.shouldTake ? "take" : "drop", player: color };
    }
    case "moving": {
      if (state.dice === null || !hasLegalPlay(state.position, state.dice)) return null;
      const best = rankPlays(state.position, state.dice, options(plies.play))[0];
      if (!best) return null;
      return { type: "move", player: color, moves: best.play.moves.map(({ from, to }) => ({ from, to })) };
    }
    default:
      return null;
  }
}

/** The position with `color` on roll (the doubler's game while its double is answered). */
function onRollOf(pos: Position, color: Color): Position {
  return pos.turn === color ? pos : { ...pos, turn: color };
}

/** The score, cube and Crawford state the match equity table needs. */
export function matchContext(state: MatchState): MatchContext {
  return { matchLength: state.matchLength, score: state.score, cubeValue: state.cube.value, crawford: state.crawford };
}

/** The resigner's opponent accepts when the points offered are worth at least what it expects from playing on. */
function acceptsResignation(state: MatchState, color: Color, level: ResignLevel, options: SearchOptions): boolean {
  const equityOf = options.equityOf;
  if (!equityOf) throw new Error("acceptsResignation needs the match's equity function");
  const offered = certainWin(level);
  const expected = probabilitiesFor(state, color, options);
  return equityOf(offered, color) >= equityOf(expected, color);
}

/** The game as it stands, from `color`'s side, at the given depth: after the mover's best play when dice are out. */
function probabilitiesFor(state: MatchState, color: Color, options: SearchOptions): Probabilities {
  const pos: Position = state.position;
  let forMover: Probabilities;
  if (state.phase === "moving" && state.dice !== null) {
    const best = rankPlays(pos, state.dice, options)[0];
    // No legal play: the turn passes, and the other side is on roll.
    forMover = best ? best.probabilities : invertProbabilities(evaluateAtPly(swapTurn(pos), options));
  } else {
    forMover = evaluateAtPly(pos, options);
  }
  return pos.turn === color ? forMover : invertProbabilities(forMover);
}

/** A win of the kind a resignation at `level` concedes, with certainty. */
function certainWin(level: ResignLevel): Probabilities {
  const kind = resultKindOfLevel(level);
  const gammon = kind === "single" ? 0 : 1;
  return { win: 1, winGammon: gammon, winBackgammon: kind === "backgammon" ? 1 : 0, loseGammon: 0, loseBackgammon: 0 };
}
