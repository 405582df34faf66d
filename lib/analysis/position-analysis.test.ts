import { describe, expect, it } from "vitest";
import { encodeMatchId, encodePositionId } from "../engine/gnubg-id";
import { positionFromPoints } from "../engine/test-support";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BearoffDatabase } from "./bearoff-database";
import { CLOSE_TAKE_RACE, FAR_BEHIND_RACE } from "./bearoff-test-support";
import { createEvaluator } from "./evaluator";
import { analysePosition } from "./position-analysis";
import { parseDice, parsePositionRequest } from "./position-request";

const START = "4HPwATDgc/ABMA";
const evaluator = createEvaluator();
const fields = {
  cubeValue: 2,
  cubeOwner: "white" as const,
  onRoll: "black" as const,
  crawford: false,
  gameState: "playing" as const,
  turn: "black" as const,
  doubled: false,
  resign: 0 as const,
  dice: [5, 2] as const,
  matchLength: 7,
  score: { white: 2, black: 4 },
};

describe("parsePositionRequest", () => {
  it("reads a Position ID alone as money, white on roll, no dice, 0-ply", () => {
    const parsed = parsePositionRequest({ positionId: START });
    expect(parsed.ok && parsed.value).toMatchObject({ dice: null, ply: 0, context: { matchLength: 0, cubeValue: 1, cubeOwner: null, onRoll: "white" } });
  });

  it("takes the side on roll, cube, score and dice from a Match ID; dice given win over the Match ID's", () => {
    const matchId = encodeMatchId(fields);
    const parsed = parsePositionRequest({ positionId: START, matchId, ply: 1 });
    if (!parsed.ok) throw new Error(parsed.code);
    expect(parsed.value.position.turn).toBe("black");
    expect(parsed.value.context).toMatchObject({ matchLength: 7, score: { white: 2, black: 4 }, cubeValue: 2, cubeOwner: "white", onRoll: "black" });
    expect(parsed.value.dice).toEqual([5, 2]);
    const given = parsePositionRequest({ positionId: START, matchId, dice: "6-6" });
    expect(given.ok && given.value.dice).toEqual([6, 6]);
  });

  it("refuses what is not a position, a match, dice or a depth", () => {
    const code = (body: Record<string, unknown>) => {
      const parsed = parsePositionRequest(body);
      return parsed.ok ? "ok" : parsed.code;
    };
    expect(code({})).toBe("ERR_BAD_BODY");
    expect(code({ positionId: 42 })).toBe("ERR_BAD_BODY");
    expect(code({ positionId: "AAAAAAAAAAAAAA" })).toBe("ERR_BAD_POSITION_ID"); // no checkers: the game is over
    expect(code({ positionId: START, matchId: "cAkAAAAAAAA!" })).toBe("ERR_BAD_MATCH_ID");
    expect(code({ positionId: START, matchId: encodeMatchId({ ...fields, score: { white: 7, black: 2 } }) })).toBe("ERR_BAD_MATCH_ID");
    expect(code({ positionId: START, dice: [0, 3] })).toBe("ERR_BAD_BODY");
    expect(code({ positionId: START, ply: 5 })).toBe("ERR_BAD_PLY");
    expect([parseDice("31"), parseDice("3-1"), parseDice([6, 6]), parseDice(""), parseDice("7")]).toEqual([[3, 1], [3, 1], [6, 6], null, undefined]);
  });
});

describe("analysePosition", () => {
  it("ranks the plays best first with their losses, and gives the cube decision before the roll", () => {
    const parsed = parsePositionRequest({ positionId: START, dice: [3, 1], ply: 1 });
    if (!parsed.ok) throw new Error(parsed.code);
    const analysis = analysePosition(parsed.value, evaluator);
    expect(analysis.plays[0]).toMatchObject({ notation: "8/5 6/5", loss: 0 });
    expect(analysis.legalPlays).toBeGreaterThan(10);
    expect(analysis.plays).toHaveLength(10);
    for (const [i, play] of analysis.plays.entries()) if (i > 0) expect(play.loss).toBeGreaterThanOrEqual(0);
    expect(analysis.cube).toMatchObject({ ply: 1, available: true, double: false, take: true, doublePass: 1 });
    expect(analysis.positionId).toBe(START);
  });

  it("searches a close cube decision again at 3-ply when asked for 2-ply, and says so", () => {
    const close = encodePositionId(CLOSE_TAKE_RACE);
    const far = encodePositionId(FAR_BEHIND_RACE);
    const bearoff = BearoffDatabase.fromBytes(readFileSync(fileURLToPath(new URL("./tables/bearoff-one-sided.bin", import.meta.url))));
    const exact = createEvaluator({ bearoff });
    const cubeOf = (positionId: string, ply: number) => {
      const parsed = parsePositionRequest({ positionId, ply });
      if (!parsed.ok) throw new Error(parsed.code);
      return analysePosition(parsed.value, exact).cube;
    };
    expect(cubeOf(close, 1).ply).toBe(1);
    expect(cubeOf(close, 2).ply).toBe(3);
    expect(cubeOf(far, 2).ply).toBe(2);
    // Asked for 3-ply, everything is 3-ply: the cube, and the plays the filters keep to the end.
    expect(cubeOf(far, 3).ply).toBe(3);
    const deep = parsePositionRequest({ positionId: far, dice: [6, 5], ply: 3 });
    if (!deep.ok) throw new Error(deep.code);
    const answer = analysePosition(deep.value, exact);
    expect([answer.ply, answer.cube.ply, answer.plays[0]?.ply]).toEqual([3, 3, 3]);
  });

  it("gives equities per unit of the cube in money play, whatever the cube's value", () => {
    const pos = positionFromPoints({ 6: 5, 8: 3, 13: 5, 24: 2 }, { 19: 5, 17: 3, 12: 5, 1: 2 });
    const one = parsePositionRequest({ positionId: encodePositionId(pos), dice: [6, 5] });
    const four = parsePositionRequest({ positionId: encodePositionId(pos), dice: [6, 5], matchId: encodeMatchId({ ...fields, onRoll: "white", turn: "white", matchLength: 0, score: { white: 0, black: 0 }, cubeValue: 4, dice: [0, 0] }) });
    if (!one.ok || !four.ok) throw new Error("parse");
    expect(analysePosition(four.value, evaluator).plays[0]?.equity).toBeCloseTo(analysePosition(one.value, evaluator).plays[0]?.equity ?? NaN, 9);
  });
});
