/**
 * The computer's decisions: it acts only when the match waits for its seat, every action it returns is accepted by
 * the rules (lib/engine's apply) across whole matches, its play is the search's best at the level's depth, and on
 * positions whose right answer is not in doubt it answers as any backgammon player (and GNU Backgammon 1.07) would:
 * it bears off for the win, drops a hopeless double, takes (and does not give) one in a 64 % race, declines a single
 * game or a gammon when a backgammon is sure and accepts the backgammon, and never doubles when the cube is dead.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../scripts/bot/random";
import { apply } from "../engine/match";
import { legalPlays } from "../engine/moves";
import { newMatch, type MatchAction, type MatchState } from "../engine/match-state";
import { initialPosition } from "../engine/position";
import { positionFromPoints } from "../engine/test-support";
import { describeFailure, type Color, type Dice, type DieValue, type Position } from "../engine/types";
import { BearoffDatabase } from "./bearoff-database";
import { raceProbabilities } from "./bearoff-race";
import { createEvaluator } from "./evaluator";
import { matchEquityOf } from "./match-equity";
import { twoPlayEvaluator } from "./fixtures/two-play-evaluator";
import { rankPlays } from "./search";
import { chooseComputerAction, COMPUTER_LEVELS, LEVEL_PLY, type ComputerAction } from "./computer-player";
import { cubeDecisionAtPly } from "./cubeful-search";

const evaluator = createEvaluator();
const deps = { evaluator };

/** The engine's evaluator as the server builds it: exact in bear-offs (the committed database), the network elsewhere. */
function bearoffOrNetwork() {
  const db = BearoffDatabase.fromBytes(readFileSync(fileURLToPath(new URL("./tables/bearoff-one-sided.bin", import.meta.url))));
  return (pos: Position) => raceProbabilities(db, pos) ?? evaluator(pos);
}

/** A state in play: `turn` on roll in `position`, with the given phase fields. */
function inPlay(overrides: Partial<MatchState> & Pick<MatchState, "position">, matchLength = 7): MatchState {
  const onRoll = overrides.position.turn;
  return { ...newMatch({ matchLength }), phase: "turn-start", onRoll, turn: onRoll, ...overrides };
}

describe("when the computer acts", () => {
  it("waits during the opening roll, on the other side's turn, and after the match", () => {
    const opening = newMatch({ matchLength: 3 });
    expect(chooseComputerAction(opening, "white", "easy", deps)).toBeNull();
    const blackToRoll = inPlay({ position: initialPosition("black") });
    expect(chooseComputerAction(blackToRoll, "white", "easy", deps)).toBeNull();
    expect(chooseComputerAction({ ...blackToRoll, phase: "match-over", turn: null, winner: "black" }, "black", "easy", deps)).toBeNull();
  });

  it("rolls in a 1-point match, where the cube is dead, even in a position worth doubling", () => {
    // White has one checker left on its 1 point; black has fifteen to bear off.
    const position = positionFromPoints({ 1: 1 }, { 19: 15 }, "white");
    const state = inPlay({ position }, 1);
    for (const level of COMPUTER_LEVELS) expect(chooseComputerAction(state, "white", level, deps)).toEqual({ type: "roll", player: "white" });
  });
});

describe("its checker play", () => {
  it("bears off both checkers with 6-1 rather than leaving one behind", () => {
    // White: one checker on its 6 point, one on its 1 point; 6/off 1/off wins, 6/5 5/off does not.
    const position = positionFromPoints({ 6: 1, 1: 1 }, { 19: 5, 20: 5, 21: 5 }, "white");
    const state = inPlay({ position, phase: "moving", dice: [6, 1] });
    for (const level of COMPUTER_LEVELS) {
      const action = chooseComputerAction(state, "white", level, deps);
      expect(action?.type).toBe("move");
      const after = apply(state, action as MatchAction);
      expect(after.ok && after.value.games.at(-1)?.winner).toBe("white");
    }
  });

  it("is the search's best play at the level's depth, with the match score's equity", () => {
    const position = initialPosition("black");
    const state = inPlay({ position, phase: "moving", dice: [4, 2], score: { white: 2, black: 4 } });
    for (const level of COMPUTER_LEVELS) {
      const equityOf = matchEquityOf({ matchLength: 7, score: state.score, cubeValue: 1, crawford: false });
      const best = rankPlays(position, [4, 2], { ply: LEVEL_PLY[level].play, evaluator, equityOf })[0];
      const action = chooseComputerAction(state, "black", level, deps);
      expect(action).toEqual({ type: "move", player: "black", moves: best?.play.moves.map(({ from, to }) => ({ from, to })) });
    }
  });

  it("leaves a roll that cannot be played to the server's forced pass", () => {
    // White is on the bar against a closed board.
    const position = positionFromPoints({ 25: 1, 6: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2 }, "white");
    expect(chooseComputerAction(inPlay({ position, phase: "moving", dice: [3, 5] }), "white", "easy", deps)).toBeNull();
  });
});

describe("its cube decisions", () => {
  it("drops a double when it has no chance left", () => {
    // Black doubled with two checkers left on its 1 point; white has all fifteen checkers far from home. GNU
    // Backgammon 1.07 (position APD/BwADAAAAAA, 7-point match): 1.000 wins and gammons for black.
    const position = positionFromPoints({ 1: 2 }, { 12: 15 }, "black");
    const state = inPlay({ position, phase: "double-offered", pendingDouble: { player: "black", value: 2 }, turn: "white" });
    for (const level of COMPUTER_LEVELS) expect(chooseComputerAction(state, "white", level, deps)).toEqual({ type: "drop", player: "white" });
  });

  // Both sides: the same 15 checkers spread over their home boards, black on roll. GNU Backgammon 1.07 (position
  // 290NAADb3Q0AAA, 7-point match at 0-0, exact bear-off database): black wins 0.639; "No double, take".
  const home = { 1: 2, 2: 2, 3: 3, 4: 3, 5: 3, 6: 2 };
  const evenRace = positionFromPoints(home, { 24: 2, 23: 2, 22: 3, 21: 3, 20: 3, 19: 2 }, "black");

  it("takes a double in an even race", () => {
    const state = inPlay({ position: evenRace, phase: "double-offered", pendingDouble: { player: "black", value: 2 }, turn: "white" });
    for (const level of COMPUTER_LEVELS) expect(chooseComputerAction(state, "white", level, deps)).toEqual({ type: "take", player: "white" });
  });

  it("doubles a race it leads by one checker, and takes that double from the other side", () => {
    // GNU Backgammon 1.07 (position 2+4OAAC7uw0AAA, 7-point match at 0-0, exact bear-off database): black, on roll,
    // wins 0.754; "Double, take" (double/take +0.879, no double +0.796).
    const leading = positionFromPoints({ 1: 2, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2 }, { 19: 3, 20: 3, 21: 3, 22: 2, 23: 2, 24: 2 }, "black");
    const bearoffEvaluator = bearoffOrNetwork();
    const offered = inPlay({ position: leading, phase: "double-offered", pendingDouble: { player: "black", value: 2 }, turn: "white" });
    for (const level of COMPUTER_LEVELS) {
      expect(chooseComputerAction(inPlay({ position: leading }), "black", level, { evaluator: bearoffEvaluator })).toEqual({ type: "double", player: "black" });
      expect(chooseComputerAction(offered, "white", level, { evaluator: bearoffEvaluator })).toEqual({ type: "take", player: "white" });
    }
  });

  it("answers a close take as its 3-ply search does at the hard level, where its 2-ply search would pass", () => {
    // Black on roll, 59 pips to white's 67, both sides home with 15 checkers, 7-point match at 0-0. Exact bear-offs:
    // double/take is 1.00016 at 2-ply (a pass by 0.0002) and 0.99900 at 3-ply (a take); gnubg's answer is not asserted.
    const close = positionFromPoints({ 6: 3, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1 }, { 19: 4, 20: 4, 21: 3, 22: 3, 23: 1 }, "black");
    const exact = { evaluator: bearoffOrNetwork() };
    const offered = inPlay({ position: close, phase: "double-offered", pendingDouble: { player: "black", value: 2 }, turn: "white" });
    const context = { matchLength: 7, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false, cubeOwner: null, onRoll: "black" as const };
    expect(cubeDecisionAtPly(close, context, { ply: 2, ...exact }).shouldTake).toBe(false);
    expect(cubeDecisionAtPly(close, context, { ply: 3, ...exact }).shouldTake).toBe(true);
    expect(chooseComputerAction(offered, "white", "hard", exact)).toEqual({ type: "take", player: "white" });
  });

  it("does not double that race, nor at the start of a game", () => {
    for (const level of COMPUTER_LEVELS) {
      expect(chooseComputerAction(inPlay({ position: evenRace }), "black", level, deps)).toEqual({ type: "roll", player: "black" });
      expect(chooseComputerAction(inPlay({ position: initialPosition("white") }), "white", level, deps)).toEqual({ type: "roll", player: "white" });
    }
  });
});

describe("its answer to a resignation", () => {
  // White bears off its last checker next turn for sure; black has all fifteen checkers in white's home board. GNU
  // Backgammon 1.07 (position AADwfR8BAAAAAA): white wins 1.000, gammons 1.000, backgammons 1.000.
  const position = positionFromPoints({ 1: 1 }, { 2: 5, 3: 5, 4: 5 }, "white");
  const offered = (level: 1 | 2 | 3): MatchState => inPlay({ position, pendingResign: { player: "black", level }, turn: "white" });

  it("declines a single game and a gammon when a backgammon is certain", () => {
    for (const level of COMPUTER_LEVELS) {
      expect(chooseComputerAction(offered(1), "white", level, deps)).toEqual({ type: "resign-decline", player: "white" });
      expect(chooseComputerAction(offered(2), "white", level, deps)).toEqual({ type: "resign-decline", player: "white" });
    }
  });

  it("accepts the backgammon it would win by playing on", () => {
    for (const level of COMPUTER_LEVELS) {
      expect(chooseComputerAction(offered(3), "white", level, deps)).toEqual({ type: "resign-accept", player: "white" });
    }
  });
});

describe("across whole matches", () => {
  /** The computer plays both seats of a match with random dice; every action must be legal. */
  function selfPlay(seed: number, matchLength: number): { actions: number; state: MatchState } {
    const random = mulberry32(seed);
    const die = (): DieValue => (1 + Math.floor(random() * 6)) as DieValue;
    let state = newMatch({ matchLength });
    let actions = 0;
    for (let step = 0; step < 5000 && state.phase !== "match-over"; step++) {
      let action: MatchAction | null;
      if (state.phase === "opening") action = { type: "opening-roll", dice: [die(), die()] };
      else {
        const seat = state.turn as Color;
        const chosen: ComputerAction | null = chooseComputerAction(state, seat, "easy", deps);
        if (chosen === null) action = { type: "move", player: seat, moves: [] };
        else action = chosen.type === "roll" ? { ...chosen, dice: [die(), die()] as Dice } : chosen;
        actions++;
      }
      const next = apply(state, action);
      if (!next.ok) throw new Error(`${describeFailure(next)} (${JSON.stringify(action)})`);
      state = next.value;
    }
    return { actions, state };
  }

  it("finishes 3-point matches against itself with only legal actions, deterministically", () => {
    for (const seed of [1, 2, 3]) {
      const first = selfPlay(seed, 3);
      expect(first.state.phase).toBe("match-over");
      expect(first.actions).toBeGreaterThan(20);
      expect(selfPlay(seed, 3).state).toEqual(first.state);
    }
  });
});

describe("the computer's checker play at a match score", () => {
  it("takes the safe play at double match point where money would take the gammonish one (the match equity table decides)", () => {
    const { evaluator, safe } = twoPlayEvaluator();
    const state = inPlay({ position: initialPosition("white"), phase: "moving", dice: [6, 5] }, 1);
    const action = chooseComputerAction(state, "white", "easy", { evaluator });
    const chosen = legalPlays(state.position, [6, 5]).find((play) => action?.type === "move" && JSON.stringify(play.moves.map(({ from, to }) => ({ from, to }))) === JSON.stringify(action.moves));
    expect(chosen?.notation).toBe(safe);
  });
});
