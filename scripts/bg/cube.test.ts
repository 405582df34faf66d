/** Runs `bg cube` as a child process, as a person or a script would, on good and bad input. */
import { describe, expect, it } from "vitest";
import { runBg as run } from "@/tests/support/run-bg";
import { type MatchIdFields, encodeMatchId, encodePositionId } from "@/lib/engine";
import { matchIdFields, positionFromPoints } from "@/lib/engine/test-support";

/** White bears off its two checkers on the 2-point with 26 rolls of 36; black is off next roll whatever happens. */
const LAST_ROLL = encodePositionId(positionFromPoints({ 2: 2 }, { 24: 1 }));
const q = 26 / 36;

function matchId(fields: Partial<MatchIdFields>): string {
  return encodeMatchId(matchIdFields(fields));
}

const NO_JACOBY = matchId({ jacoby: false });

describe("bg cube", () => {
  it("prints one JSON line: double and take, and the three cubeful equities of the side on roll", () => {
    const { code, stdout } = run(["cube", LAST_ROLL, NO_JACOBY, "--ply", "1"]);
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as Record<string, number | boolean>;
    expect(Object.keys(answer)).toEqual(["double", "take", "noDouble", "doubleTake", "doublePass"]);
    expect(answer.double).toBe(true);
    expect(answer.take).toBe(true);
    expect(answer.noDouble).toBeCloseTo(2 * q - 1, 5);
    expect(answer.doubleTake).toBeCloseTo(2 * (2 * q - 1), 5);
    expect(answer.doublePass).toBe(1);
  });

  it("searches three plies deep when asked, and decides as the hard computer without --ply", () => {
    for (const args of [["--ply", "3"], ["--ply=3"], []]) {
      const answer = JSON.parse(run(["cube", LAST_ROLL, NO_JACOBY, ...args]).stdout) as { doubleTake: number };
      expect(answer.doubleTake).toBeCloseTo(2 * (2 * q - 1), 5);
    }
  });

  it("reads the side on roll from the Match ID: the same board with black on roll", () => {
    const { stdout } = run(["cube", LAST_ROLL, matchId({ jacoby: false, onRoll: "black", turn: "black" }), "--ply", "1"]);
    expect((JSON.parse(stdout) as { noDouble: number }).noDouble).toBeCloseTo(2 * q - 1, 5);
  });

  it("answers a batch line by line at the default depth, errors included", () => {
    const over = matchId({ matchLength: 5, score: { white: 5, black: 2 } });
    const input = `${LAST_ROLL} ${NO_JACOBY}\n\n${LAST_ROLL} nope\n${LAST_ROLL} ${over}\nnope ${NO_JACOBY}\n`;
    const { code, stdout } = run(["cube", "--batch"], input);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    expect(lines[0]?.double).toBe(true);
    expect(lines[0]?.doubleTake as number).toBeCloseTo(2 * (2 * q - 1), 5);
    expect(lines[1]).toEqual({ error: "expected \"POSID MATCHID\", got an empty line" });
    expect(lines[2]?.error).toMatch(/Match ID/);
    expect(lines[3]).toEqual({ error: "the match in the Match ID is over" });
    expect(lines[4]?.error).toMatch(/Position ID/);
  });

  it("refuses wrong usage with exit code 2", () => {
    expect(run(["cube", LAST_ROLL]).code).toBe(2);
    expect(run(["cube", LAST_ROLL, NO_JACOBY, "--ply", "7"]).stderr).toMatch(/--ply takes 0, 1, 2 or 3/);
    expect(run(["cube", "--batch", LAST_ROLL]).code).toBe(2);
  });
});
