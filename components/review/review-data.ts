/**
 * The review page's data: lib/protocol `reviewSteps` trimmed to what the page draws (the full match state of every
 * step would be sent to the browser otherwise), with the dice to show on the board, the cube and score of each step,
 * and each move as gnubg writes it in a game listing ("31: 8/5 6/5"). Pure: the server component builds it, the
 * client stepper reads it.
 *
 * Every step also carries both pip counts and, in a race where both sides are home (or off), the side on roll's
 * exact winning chances from the bear-off database: `raceChances` is given by the server, which holds the database.
 *
 * @example
 *   const data = toReviewData(reviewSteps(events), { raceChances: (pos) => raceProbabilities(db, pos) });
 *   data.steps[3];        // { kind: "move", gnubg: "31: 8/5 6/5", positionId: "…", gnubgMatchId: "…", … }
 *   data.games[0]?.first; // index of game 1's first step
 */
import type { Probabilities } from "@/lib/analysis/types";
import { pipCount } from "@/lib/engine/pips";
import { gameResult } from "@/lib/engine/position";
import type { ReviewGame, ReviewStep, ReviewStepKind, StepMessage } from "@/lib/record/review";
import type { Color, Position } from "@/lib/engine/types";
import { analysisLink, gnubgDice, type AnalysisLink } from "./analysis-link";

export { analysisHref, gnubgDice, type AnalysisLink } from "./analysis-link";

export interface BoardDiceData {
  /** Four values for doubles, as the board draws them. */
  readonly values: readonly number[];
  readonly side: Color;
}

export interface ReviewStepData {
  readonly index: number;
  readonly game: number;
  readonly kind: ReviewStepKind;
  readonly actor: Color | null;
  /** The sentence as a message key and arguments (lib/record/review.ts), worded in the reader's language. */
  readonly say: StepMessage;
  /** A move or pass in gnubg's listing form, "65: 24/13" or "65:" for no move; null for other steps. */
  readonly gnubg: string | null;
  readonly position: Position;
  readonly dice: BoardDiceData | null;
  readonly cube: { readonly value: number; readonly owner: Color | null };
  readonly score: { readonly white: number; readonly black: number };
  readonly positionId: string;
  readonly gnubgMatchId: string;
  /** Index of the rules action this step shows in the match's action list (analysis entries are keyed by it); null
   * for the steps that end a game or the match. */
  readonly actionIndex: number | null;
  readonly pips: { readonly white: number; readonly black: number };
  /** In a bear-off race: the side on roll and its chances (exact, from the bear-off database); null otherwise. */
  readonly race: { readonly onRoll: Color; readonly win: number; readonly winGammon: number; readonly loseGammon: number } | null;
  /** What "Analyse this position" opens: for a play, the moment before it (the player on roll, the dice, the play
   * made, so the board ranks the alternatives and marks it); for any other step, the step itself. */
  readonly analysis: AnalysisLink;
}

export interface ReviewGameData {
  readonly number: number;
  readonly crawford: boolean;
  readonly scoreBefore: { readonly white: number; readonly black: number };
  /** Index of the game's first step in `steps`. */
  readonly first: number;
  readonly last: number;
  /** Who won the game and how many points ("White wins 2 points"), or null while unfinished. */
  readonly result: { readonly winner: Color; readonly points: number } | null;
}

export interface ReviewData {
  readonly games: readonly ReviewGameData[];
  readonly steps: readonly ReviewStepData[];
}

function boardDice(step: ReviewStep): BoardDiceData | null {
  if (!step.dice) return null;
  const [a, b] = step.dice;
  if (step.kind === "opening-roll") return { values: [a, b], side: a >= b ? "white" : "black" };
  if (step.actor === null) return null;
  return { values: a === b ? [a, a, a, a] : [a, b], side: step.actor };
}

function gnubgLine(step: ReviewStep): string | null {
  if ((step.kind !== "move" && step.kind !== "pass") || !step.dice) return null;
  const dice = gnubgDice(step.dice);
  return step.notation ? `${dice}: ${step.notation}` : `${dice}:`;
}

export interface ReviewDataOptions {
  /** The side on roll's exact race chances, or null outside a bear-off race (lib/analysis raceProbabilities). */
  readonly raceChances?: (pos: Position) => Probabilities | null;
}

function raceOf(step: ReviewStep, raceChances: ReviewDataOptions["raceChances"]): ReviewStepData["race"] {
  if (!raceChances || step.kind === "game-end" || step.kind === "match-end" || gameResult(step.position) !== null) return null;
  const p = raceChances(step.position);
  return p ? { onRoll: step.position.turn, win: p.win, winGammon: p.winGammon, loseGammon: p.loseGammon } : null;
}

export function toReviewData(games: readonly ReviewGame[], options: ReviewDataOptions = {}): ReviewData {
  const steps: ReviewStepData[] = [];
  const gameData: ReviewGameData[] = [];
  // Every step but a game's or the match's end shows one rules action, in the record's order.
  let actions = 0;
  for (const game of games) {
    const first = steps.length;
    // The step that ends a game already carries the next game's state (a centred cube): keep the game's own cube.
    let cube = { value: 1, owner: null as Color | null };
    for (const step of game.steps) {
      const state = step.matchState;
      if (state.gameNumber === step.game && state.games.length < step.game) cube = { value: state.cube.value, owner: state.cube.owner };
      steps.push({
        index: steps.length,
        game: step.game,
        kind: step.kind,
        actor: step.actor,
        say: step.say,
        gnubg: gnubgLine(step),
        position: step.position,
        dice: boardDice(step),
        cube,
        score: { white: state.score.white, black: state.score.black },
        positionId: step.positionId,
        gnubgMatchId: step.matchId,
        actionIndex: step.kind === "game-end" || step.kind === "match-end" ? null : actions++,
        pips: { white: pipCount(step.position, "white"), black: pipCount(step.position, "black") },
        race: raceOf(step, options.raceChances),
        analysis: analysisLink(step),
      });
    }
    const record = game.record;
    gameData.push({
      number: game.number,
      crawford: game.crawford,
      scoreBefore: { white: game.scoreBefore.white, black: game.scoreBefore.black },
      first,
      last: steps.length - 1,
      result: record ? { winner: record.winner, points: record.points } : null,
    });
  }
  return { games: gameData.filter((g) => g.last >= g.first), steps };
}
