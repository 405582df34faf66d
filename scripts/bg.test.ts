/** Runs the engine CLI as a child process, as a person or a script would, on good and bad input. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runBg as run } from "@/tests/support/run-bg";


/** Lines of the gnubg 1.07 fixture (lib/engine/fixtures/gnubg-legal-moves.jsonl): the expected results. */
const spec = readFileSync(new URL("../lib/engine/fixtures/gnubg-legal-moves.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .slice(0, 6)
  .map((line) => JSON.parse(line) as { pos: string; dice: [number, number]; results: string[] });

describe("bg legal --batch", () => {
  const input = [
    ...spec.slice(0, 3).map((c) => `${c.pos} ${c.dice.join(" ")}`),
    "4HPwATDgc/ABMA 7 1",
    "",
    "not-a-position 3 1",
    ...spec.slice(3).map((c) => `${c.pos}\t${c.dice.join("  ")}`),
  ].join("\n");
  const { code, stdout, stderr } = run(["legal", "--batch"], `${input}\n`);
  const lines = stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);

  it("answers every line in order, one JSON line each, and exits 0", () => {
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(lines).toHaveLength(9);
  });

  it("gives gnubg's results for the good lines", () => {
    const good = [...lines.slice(0, 3), ...lines.slice(6)];
    good.forEach((line, i) => {
      const c = spec[i];
      if (!c) throw new Error("missing spec line");
      const moves = line.moves as { move: string; result: string }[];
      expect(line.pos).toBe(c.pos);
      expect(line.dice).toEqual(c.dice);
      expect(moves.map((m) => m.result).sort()).toEqual([...c.results].sort());
      expect(moves.every((m) => typeof m.move === "string" && m.move !== "")).toBe(true);
    });
  });

  it("writes an empty move list when nothing can be played (spec line 2)", () => {
    expect(lines[1]).toEqual({ pos: "sOfgAyDgc/ABUA", dice: [6, 5], moves: [] });
  });

  it("answers bad lines with an error and goes on", () => {
    expect(lines[3]).toEqual({ error: 'dice must be two numbers 1-6, got "7" "1"' });
    expect(lines[4]).toEqual({ error: 'expected "POSID D1 D2", got an empty line' });
    expect(lines[5]).toEqual({ error: '"not-a-position" is not a valid Position ID.' });
  });
});

describe("bg legal POSID D1 D2", () => {
  it("draws the position and lists the plays with their results", () => {
    const { code, stdout } = run(["legal", "4HPwATDgc/ABMA", "3", "1"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Pips: X 167, O 167.");
    expect(stdout).toContain("16 legal plays:");
    expect(stdout).toContain("8/5 6/5                  → sGfwATDgc/ABMA");
  });

  it.each([
    [[], "no command given"],
    [["play"], 'unknown usage "play"'],
    [["legal", "4HPwATDgc/ABMA", "3"], "dice must be two numbers 1-6"],
    [["legal", "4HPwATDgc/ABMA", "3", "1", "2"], "expected exactly POSID D1 D2"],
    [["legal", "4HPwATDgc/AB!A", "3", "1"], "is not a valid Position ID"],
  ])("exits 2 on bad usage: %j", (args, message) => {
    const { code, stdout, stderr } = run(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).toContain("usage:");
  });
});
