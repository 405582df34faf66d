// Queries over a match state. Expected answers follow from the rules tested in match.test.ts: who acts in each phase,
// and the fields of a gnubg Match ID.
import { describe, expect, it } from "vitest";

import { decodeMatchId, encodeMatchId } from "./gnubg-id";
import { apply } from "./match";
import { newMatch, type MatchAction, type MatchState } from "./match-state";
import { currentLegalPlays, legalActions, matchIdFields, mustPass } from "./match-queries";
import { applyAll, positionFromPoints } from "./test-support";

const run = applyAll;

const start = newMatch({ matchLength: 5 });
const opened = run(start, { type: "opening-roll", dice: [3, 1] });
const blackTurn = run(opened, { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] });
const doubled = run(blackTurn, { type: "double", player: "black" });
const resigning = run(opened, { type: "resign-offer", player: "black", level: 2 });
const crawfordTurn = { ...blackTurn, crawford: true };
const over = run(opened, { type: "resign-offer", player: "black", level: 3 }, { type: "resign-accept", player: "white" },
  { type: "opening-roll", dice: [5, 2] }, { type: "resign-offer", player: "black", level: 2 }, { type: "resign-accept", player: "white" });

describe("legalActions", () => {
  const resignBoth = [{ type: "resign-offer", player: "white" }, { type: "resign-offer", player: "black" }];
  it.each([
    { name: "before the opening roll", s: start, expected: [{ type: "opening-roll", player: null }] },
    { name: "dice to play", s: opened, expected: [{ type: "move", player: "white" }, ...resignBoth] },
    { name: "turn start", s: blackTurn, expected: [{ type: "double", player: "black" }, { type: "roll", player: "black" }, ...resignBoth] },
    { name: "turn start in the Crawford game", s: crawfordTurn, expected: [{ type: "roll", player: "black" }, ...resignBoth] },
    { name: "double offered", s: doubled, expected: [{ type: "take", player: "white" }, { type: "drop", player: "white" }, ...resignBoth] },
    { name: "resignation pending", s: resigning, expected: [{ type: "resign-accept", player: "white" }, { type: "resign-decline", player: "white" }] },
    { name: "match over", s: over, expected: [] },
  ])("$name", ({ s, expected }) => {
    expect(legalActions(s)).toEqual(expected);
  });

  it("every listed action type is accepted by apply (with suitable parameters)", () => {
    for (const s of [blackTurn, doubled, resigning]) {
      for (const allowed of legalActions(s)) {
        const action = { level: 1, dice: [2, 1], ...allowed } as MatchAction;
        expect(apply(s, action).ok).toBe(true);
      }
    }
  });
});

describe("currentLegalPlays", () => {
  it("lists the plays for the rolled dice, and nothing outside the moving phase", () => {
    const plays = currentLegalPlays(opened);
    expect(plays.map((p) => p.notation)).toContain("8/5 6/5");
    expect(plays.every((p) => p.result.turn === "black")).toBe(true);
    expect(currentLegalPlays(blackTurn)).toEqual([]);
    expect(currentLegalPlays(resigning)).toEqual([]);
  });
});

describe("mustPass", () => {
  it("is true only for dice that cannot be played, in the moving phase with no resignation pending", () => {
    expect(mustPass(opened)).toBe(false);
    expect(mustPass(blackTurn)).toBe(false);
    expect(mustPass(resigning)).toBe(false);
    // White on the bar against a closed board: 6-6 cannot enter.
    const closed = positionFromPoints({ 25: 1, 6: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3 });
    const stuck: MatchState = { ...opened, position: closed, dice: [6, 6] };
    expect(currentLegalPlays(stuck)).toEqual([]);
    expect(mustPass(stuck)).toBe(true);
    expect(mustPass({ ...stuck, pendingResign: { player: "black", level: 1 } })).toBe(false);
  });
});

describe("matchIdFields (gnubg Match ID, white = player 0)", () => {
  it.each([
    { name: "before the opening roll", s: start, fields: { gameState: "none", onRoll: "white", turn: "white", dice: [0, 0], doubled: false, resign: 0 } },
    { name: "dice to play", s: opened, fields: { gameState: "playing", onRoll: "white", turn: "white", dice: [3, 1], cubeOwner: null } },
    { name: "double offered", s: doubled, fields: { gameState: "playing", onRoll: "black", turn: "white", doubled: true, cubeValue: 1, dice: [0, 0] } },
    { name: "resignation pending", s: resigning, fields: { onRoll: "white", turn: "white", resign: 2 } },
    { name: "match over by resignation", s: over, fields: { gameState: "resigned", resign: 2, score: { white: 5, black: 0 }, matchLength: 5 } },
    { name: "Crawford game", s: crawfordTurn, fields: { crawford: true, onRoll: "black" } },
  ])("$name", ({ s, fields }) => {
    expect(matchIdFields(s)).toMatchObject(fields);
  });

  it("caps a final score past the match length, which gnubg would refuse", () => {
    const gammon = run({ ...opened, cube: { value: 4, owner: null } }, { type: "resign-offer", player: "black", level: 2 }, { type: "resign-accept", player: "white" });
    expect(gammon.score).toEqual({ white: 8, black: 0 });
    expect(matchIdFields(gammon).score).toEqual({ white: 5, black: 0 });
  });

  it("encodes to a Match ID that decodes to the same fields", () => {
    const taken = run(doubled, { type: "take", player: "white" });
    const beyond = run({ ...opened, cube: { value: 4, owner: null } }, { type: "resign-offer", player: "black", level: 2 }, { type: "resign-accept", player: "white" });
    for (const s of [start, opened, doubled, taken, resigning, over, beyond]) {
      const fields = matchIdFields(s);
      expect(decodeMatchId(encodeMatchId(fields))).toEqual({ ok: true, value: fields });
    }
  });
});
