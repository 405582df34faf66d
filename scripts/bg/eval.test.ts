/** Runs `bg eval` and `bg best` as child processes, as a person or a script would, on good and bad input. */
import { describe, expect, it } from "vitest";
import { runBg as run } from "@/tests/support/run-bg";
import { encodePositionId } from "@/lib/engine";
import { positionFromPoints } from "@/lib/engine/test-support";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { evaluateAtPly, rankPlays } from "@/lib/analysis/search";
import { cubelessMoneyEquity } from "@/lib/analysis/types";
import { decodePositionId } from "@/lib/engine";
import { describeFailure } from "@/lib/engine/types";


const START = "4HPwATDgc/ABMA";
const evaluator = createEvaluator({ bearoff: loadBearoffDatabase() });
const start = decodePositionId(START);
if (!start.ok) throw new Error(describeFailure(start));
// White bears off its last two checkers with 6-1 while black has all 15 on its 13 point: a gammon, equity +2.
const GAMMON = encodePositionId(positionFromPoints({ 6: 1, 1: 1 }, { 12: 15 }));
// Two checkers on the 6 point against an opponent who is off next roll: 4/36 to win, exact at 2-ply.
const LAST_ROLL = encodePositionId(positionFromPoints({ 6: 2 }, { 24: 1 }));

describe("bg eval", () => {
  it("prints the library's probabilities and money equity for the side on roll", () => {
    const { code, stdout } = run(["eval", START, "--ply", "1"]);
    expect(code).toBe(0);
    const p = evaluateAtPly(start.value, { ply: 1, evaluator });
    expect(JSON.parse(stdout)).toEqual({ ...p, equity: cubelessMoneyEquity(p) });
  });

  it("answers a batch line by line, errors included, at the ply given", () => {
    const { code, stdout } = run(["eval", "--batch", "--ply", "2"], `${LAST_ROLL}\n\nnope\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, number | string>);
    expect(lines).toHaveLength(3);
    expect(lines[0]?.win).toBeCloseTo(4 / 36, 12);
    expect(lines[1]).toEqual({ error: "expected one Position ID, got an empty line" });
    expect(lines[2]?.error).toMatch(/Position ID/);
  });

  it("searches three plies deep when asked", () => {
    const { code, stdout } = run(["eval", LAST_ROLL, "--ply", "3"]);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { win: number }).win).toBeCloseTo(4 / 36, 12);
  });

  it("refuses a bad ply with exit code 2", () => {
    const { code, stderr } = run(["eval", START, "--ply", "4"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--ply takes 0, 1, 2 or 3/);
  });
});

describe("bg best", () => {
  it("prints the library's best play in gnubg notation with its equity", () => {
    const { code, stdout } = run(["best", START, "6", "4", "--ply", "1"]);
    expect(code).toBe(0);
    const best = rankPlays(start.value, [6, 4], { ply: 1, evaluator })[0];
    expect(JSON.parse(stdout)).toEqual({ play: best?.play.notation, equity: best?.equity });
  });

  it("answers a batch: the winning bear-off, a roll that cannot be played, and bad lines", () => {
    const closedOut = encodePositionId(positionFromPoints({ 25: 1, 6: 14 }, { 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2 }));
    const { code, stdout } = run(["best", "--batch"], `${GAMMON} 6 1\n${closedOut} 6 6\n${START} 0 1\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, number | string>);
    expect(lines[0]).toEqual({ play: "6/off 1/off", equity: 2 });
    expect(lines[1]?.play).toBe("");
    expect(typeof lines[1]?.equity).toBe("number");
    expect(lines[2]).toEqual({ error: 'dice must be two numbers 1-6, got "0" "1"' });
  });
});
