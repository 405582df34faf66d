/** Runs `bg bearoff` as a child process, as a person or a script would, on good and bad input. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runBg as run } from "@/tests/support/run-bg";
import { encodePositionId, initialPosition, makePosition } from "@/lib/engine";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { describeFailure } from "@/lib/engine/types";


/** gnubg 1.07's values for a few boards (lib/analysis/fixtures/gnubg-bearoff-one-sided.jsonl, see its README). */
const gnubg = readFileSync(new URL("../lib/analysis/fixtures/gnubg-bearoff-one-sided.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { home: number[]; distribution16: number[]; ndMean: number })
  .filter((f) => f.home.some((n) => n > 0))
  .slice(0, 12);

/** Position ID with white on roll holding `home`, black with 15 checkers on its own 6-point. */
function idOf(home: readonly number[], turn: "white" | "black" = "white"): string {
  const board = [...home, ...new Array<number>(25 - home.length).fill(0)];
  const other = [0, 0, 0, 0, 0, 15, ...new Array<number>(19).fill(0)];
  const made = turn === "white" ? makePosition(board, other, "white") : makePosition(other, board, "black");
  if (!made.ok) throw new Error(describeFailure(made));
  return encodePositionId(made.value);
}

type Line = { expectedRolls?: number; distribution?: number[]; error?: string; code?: string };

function checkAgainstGnubg(line: Line, f: (typeof gnubg)[number]) {
  expect(Math.abs((line.expectedRolls ?? NaN) - f.ndMean)).toBeLessThanOrEqual(5e-7 * Math.max(1, f.ndMean));
  const dist = line.distribution ?? [];
  f.distribution16.slice(1).forEach((q, n) => expect(Math.abs((dist[n] ?? 0) - q / 65535)).toBeLessThanOrEqual(12 / 65535));
}

describe("bg bearoff POSID", () => {
  it("prints gnubg's expected rolls and distribution for the side on roll, at full float64 precision", () => {
    const f = gnubg[5]!;
    const { code, stdout, stderr } = run(["bearoff", idOf(f.home, "black")]);
    expect([code, stderr]).toEqual([0, ""]);
    const line = JSON.parse(stdout) as Line;
    checkAgainstGnubg(line, f);
    const db = loadBearoffDatabase();
    expect(line).toEqual({ expectedRolls: db.expectedRolls(f.home), distribution: db.distribution(f.home) });
  });

  it("refuses a side with checkers outside its home board: error JSON, exit 2", () => {
    const { code, stdout } = run(["bearoff", encodePositionId(initialPosition("white"))]);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ code: "ERR_NOT_BEAROFF" });
  });

  it.each([[[]], [["a", "b"]], [["--bogus"]]])("exits 2 with the usage on wrong arguments: %j", (args) => {
    const { code, stdout, stderr } = run(["bearoff", ...args]);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toContain("usage:");
  });
});

describe("bg bearoff --batch", () => {
  const input = [...gnubg.map((f) => idOf(f.home)), "", "not-a-position", encodePositionId(initialPosition("white"))].join("\n");
  const { code, stdout, stderr } = run(["bearoff", "--batch"], `${input}\n`);
  const lines = stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Line);

  it("answers every line in order, gnubg's values for the good ones, and exits 0", () => {
    expect([code, stderr]).toEqual([0, ""]);
    expect(lines).toHaveLength(gnubg.length + 3);
    gnubg.forEach((f, i) => checkAgainstGnubg(lines[i]!, f));
  });

  it("answers bad lines with an error and goes on", () => {
    expect(lines.slice(gnubg.length).map((l) => l.code)).toEqual(["ERR_BAD_LINE", "ERR_BAD_POSITION_ID", "ERR_NOT_BEAROFF"]);
  });
});
