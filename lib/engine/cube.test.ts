// Who may double. Expected answers: the standard match rules (double only before rolling on your own turn, with a
// centred cube or one you own; never in the Crawford game) and GNU Backgammon's MAX_CUBE of 4096.
import { describe, expect, it } from "vitest";

import { canDouble, checkDouble, cubeAfterTake, cubeIsDead } from "./cube";
import { legalActions } from "./match-queries";
import { newMatch, type CubeState, type MatchPhase, type MatchState } from "./match-state";
import { initialPosition } from "./position";
import type { Color } from "./types";

function state(over: { phase?: MatchPhase; cube?: CubeState; crawford?: boolean; onRoll?: Color }): MatchState {
  const onRoll = over.onRoll ?? "white";
  return {
    ...newMatch({ matchLength: 7 }),
    phase: over.phase ?? "turn-start",
    position: initialPosition(onRoll),
    onRoll,
    turn: onRoll,
    cube: over.cube ?? { value: 1, owner: null },
    crawford: over.crawford ?? false,
  };
}

describe("checkDouble", () => {
  it.each([
    { name: "centred cube, own turn start", s: state({}), color: "white", code: null },
    { name: "own cube", s: state({ cube: { value: 2, owner: "white" } }), color: "white", code: null },
    { name: "dead cube far past the match length is still legal", s: state({ cube: { value: 64, owner: "white" } }), color: "white", code: null },
    { name: "opponent's cube", s: state({ cube: { value: 2, owner: "black" } }), color: "white", code: "ERR_CUBE_OWNED" },
    { name: "the player not on roll", s: state({}), color: "black", code: "ERR_NOT_YOUR_TURN" },
    { name: "Crawford game", s: state({ crawford: true }), color: "white", code: "ERR_CRAWFORD_GAME" },
    { name: "after rolling", s: state({ phase: "moving" }), color: "white", code: "ERR_WRONG_PHASE" },
    { name: "before the opening roll", s: state({ phase: "opening" }), color: "white", code: "ERR_WRONG_PHASE" },
    { name: "at gnubg's MAX_CUBE", s: state({ cube: { value: 4096, owner: "white" } }), color: "white", code: "ERR_CUBE_LIMIT" },
    { name: "match over", s: state({ phase: "match-over" }), color: "white", code: "ERR_MATCH_OVER" },
    { name: "resignation pending", s: { ...state({}), pendingResign: { player: "black", level: 1 } }, color: "white", code: "ERR_RESIGN_PENDING" },
  ] as { name: string; s: MatchState; color: Color; code: string | null }[])("$name → $code", ({ s, color, code }) => {
    const result = checkDouble(s, color);
    expect(result.ok ? null : result.code).toBe(code);
    expect(canDouble(s, color)).toBe(code === null);
  });
});

describe("cubeAfterTake", () => {
  it("doubles the value and gives the cube to the taker", () => {
    expect(cubeAfterTake({ value: 1, owner: null }, "black")).toEqual({ value: 2, owner: "black" });
    expect(cubeAfterTake({ value: 4, owner: "white" }, "black")).toEqual({ value: 8, owner: "black" });
  });
});

describe("a dead cube (gnubg: \"The cube is dead; you can't double any more.\")", () => {
  const at = (matchLength: number, score: { white: number; black: number }, cube: CubeState = { value: 1, owner: null }): MatchState => ({
    ...state({ cube }),
    matchLength,
    score,
  });

  // The cases gnubg 1.07 was asked (scripts: `new match N`, `set score`, a move, `double`): dead in a 1-point match,
  // at 4-4 of 5 and for the side at 4 of 2-4; alive for the side at 2 of 4-2, and at 1-3.
  it.each([
    { name: "a 1-point match", s: at(1, { white: 0, black: 0 }), dead: true },
    { name: "both one point away (4-4 of 5)", s: at(5, { white: 4, black: 4 }), dead: true },
    { name: "the leader after Crawford (4-2 of 5)", s: at(5, { white: 4, black: 2 }), dead: true },
    { name: "the trailer after Crawford (2-4 of 5)", s: at(5, { white: 2, black: 4 }), dead: false },
    { name: "1-3 of 5", s: at(5, { white: 1, black: 3 }), dead: false },
    { name: "a cube of 4 at 3-0 of 7", s: at(7, { white: 3, black: 0 }, { value: 4, owner: "white" }), dead: true },
    { name: "a cube of 2 at 3-0 of 7", s: at(7, { white: 3, black: 0 }, { value: 2, owner: "white" }), dead: false },
  ])("$name: dead $dead, and offered only when alive", ({ s, dead }) => {
    expect(cubeIsDead(s, "white")).toBe(dead);
    // Legal as a record either way (stored matches and gnubg's .mat files replay), offered only when alive.
    expect(canDouble(s, "white")).toBe(true);
    expect(legalActions(s).some((a) => a.type === "double")).toBe(!dead);
  });
});
