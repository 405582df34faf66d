/**
 * The independent fair-dice-v2 verifier (tests/fair-dice-v2/verify_v2.py: Python's standard library only, written
 * from docs/fair-dice-v2.md alone, without reading lib/) agrees with lib/dice: on every published vector, and on
 * matches simulated from fresh random seeds — played, running, and tampered — verdict, failed checks and each game's
 * verdict. Its own unit tests run too. Needs `python3` (CI installs it).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { simulateMatchV2, verifyV2 } from "@/lib/dice";

const HERE = import.meta.dirname;
const VERIFIER = path.join(HERE, "verify_v2.py");
const VECTORS = path.join(HERE, "..", "..", "lib", "dice", "fixtures", "fair-dice-v2.vectors.json");
const dir = mkdtempSync(path.join(tmpdir(), "fair-dice-v2-py-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PythonReport {
  readonly verdict: string;
  readonly checks: readonly { readonly id: string; readonly status: string }[];
  readonly games: Readonly<Record<string, string>>;
}

function python(bundle: unknown, record?: unknown): PythonReport {
  const bundleFile = path.join(dir, `${randomBytes(6).toString("hex")}.json`);
  writeFileSync(bundleFile, JSON.stringify(bundle));
  const args = [VERIFIER, bundleFile];
  if (record !== undefined) {
    const recordFile = `${bundleFile}.record.json`;
    writeFileSync(recordFile, JSON.stringify(record));
    args.push(recordFile);
  }
  try {
    return JSON.parse(execFileSync("python3", args, { encoding: "utf8" })) as PythonReport;
  } catch (error) {
    // Exit status 1 is "not verified": the report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return JSON.parse(stdout) as PythonReport;
    throw error;
  }
}

function ours(bundle: unknown, record?: unknown) {
  const report = verifyV2(bundle, record);
  return {
    verdict: report.verdict,
    failed: report.checks.filter((check) => check.status === "failed").map((check) => check.id).sort(),
    games: Object.fromEntries(report.games.map(({ game, verdict }) => [String(game), verdict])),
  };
}

function theirs(report: PythonReport) {
  return { verdict: report.verdict, failed: report.checks.filter((check) => check.status === "failed").map((check) => check.id).sort(), games: report.games };
}

describe("the independent Python verifier", () => {
  it("passes its own unit tests", () => {
    expect(() => execFileSync("python3", ["-m", "unittest", "-q"], { cwd: HERE, stdio: "pipe" })).not.toThrow();
  });

  it("gives every published vector's expected answer", () => {
    const output = execFileSync("python3", [VERIFIER, "--vectors", VECTORS], { encoding: "utf8" });
    const lines = output.trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
    expect(lines.length).toBeGreaterThan(25);
  });

  it("agrees with lib/dice on matches from fresh seeds, between people and against the computer: played, running and tampered", () => {
    for (let round = 0; round < 4; round++) {
      const serverSeed = randomBytes(32).toString("hex");
      const clientSeeds = { white: `w${randomBytes(4).toString("hex")}`, black: `b${randomBytes(4).toString("hex")}` };
      // Rounds 2 and 3 are against the computer (black, then white): its salts come from the game seeds.
      const computer = round === 2 ? { computer: "black" as const } : round === 3 ? { computer: "white" as const } : {};
      const finished = simulateMatchV2({ serverSeed, clientSeeds, matchLength: 3 + round, games: 3, turnsPerGame: 8, ...computer });
      const running = simulateMatchV2({ serverSeed, clientSeeds, matchLength: 3 + round, games: 3, turnsPerGame: 8, endedGames: 2, revealed: false, ...computer });
      const tampered = JSON.parse(JSON.stringify(finished.bundle)) as { rolls: { dice: [number, number]; salts: Record<string, string> }[] };
      const victim = tampered.rolls[5 + round]!;
      victim.dice = [(victim.dice[0] % 6) + 1, victim.dice[1]];
      const resalted = JSON.parse(JSON.stringify(finished.bundle)) as { rolls: { salts: Record<string, string> }[] };
      const salts = resalted.rolls[7]!.salts;
      for (const color of Object.keys(salts)) salts[color] = randomBytes(16).toString("hex");
      for (const [bundle, record] of [[finished.bundle, finished.record], [finished.bundle, undefined], [running.bundle, running.record], [tampered, undefined], [resalted, finished.record]] as const) {
        expect(theirs(python(bundle, record))).toEqual(ours(bundle, record));
      }
    }
  });
});
