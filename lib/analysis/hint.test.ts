import { describe, expect, it } from "vitest";
import { newMatch, type MatchState } from "../engine/match-state";
import { initialPosition } from "../engine/position";
import type { Dice } from "../engine/types";
import { chooseComputerAction } from "./computer-player";
import { createEvaluator } from "./evaluator";
import { bestPlays, HINT_PLAYS } from "./hint";

const deps = { evaluator: createEvaluator() };

/** White to play `dice` from the starting position in a 5-point match. */
function opening(dice: Dice): MatchState {
  return { ...newMatch({ matchLength: 5 }), phase: "moving", position: initialPosition("white"), onRoll: "white", turn: "white", dice };
}

describe("bestPlays", () => {
  it("ranks the opening 3-1 with the point-making 8/5 6/5 first, as every book and gnubg do", () => {
    const plays = bestPlays(opening([3, 1]), "white", deps);
    expect(plays).toHaveLength(HINT_PLAYS);
    expect(plays[0]).toMatchObject({ notation: "8/5 6/5", loss: 0 });
    expect(plays[0]?.moves).toEqual([{ from: 8, to: 5 }, { from: 6, to: 5 }]);
    // Best first, each giving up at least as much as the one before.
    for (let i = 1; i < plays.length; i++) expect(plays[i]!.loss).toBeGreaterThanOrEqual(plays[i - 1]!.loss);
    expect(plays[1]!.loss).toBeGreaterThan(0);
  });

  it("is the play the hard computer makes", () => {
    const state = opening([6, 4]);
    const chosen = chooseComputerAction(state, "white", "hard", deps);
    expect(chosen?.type === "move" && chosen.moves).toEqual(bestPlays(state, "white", deps)[0]?.moves);
  });

  it("gives nothing to the player not on roll, before the dice are out, or during a resignation", () => {
    const state = opening([3, 1]);
    expect(bestPlays(state, "black", deps)).toEqual([]);
    expect(bestPlays({ ...state, phase: "turn-start", dice: null }, "white", deps)).toEqual([]);
    expect(bestPlays({ ...state, pendingResign: { player: "black", level: 1 } }, "white", deps)).toEqual([]);
  });
});
