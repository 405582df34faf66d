// Who may double. Expected answers: the standard match rules (double only before rolling on your own turn, with a
// centred cube or one you own; never in the Crawford game) and GNU Backgammon's MAX_CUBE of 4096.
import { describe, expect, it } from "vitest";

import { canDouble, checkDouble, cubeAfterTake } from "./cube";
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
