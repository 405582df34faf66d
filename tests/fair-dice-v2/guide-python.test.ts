/**
 * The Python check in docs/provably-fair.md (the player's guide), run as a player would run it: copied out of the
 * guide into a file and given bundles our code produced, played and tampered.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { simulateMatch, simulateMatchV2 } from "@/lib/dice";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "guide-python-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SEED = "24dadb377ead7c24cc1d916807673e1c18021fa9f58422f64b0700912dfc7cba"; // vector public-3's seed
const { bundle } = simulateMatch({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchId: "cli", rolls: 80, turnsPerGame: 15 });

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const tampered = JSON.parse(JSON.stringify(bundle)) as { rolls: { dice: number[] }[] };
tampered.rolls[23]!.dice[1] = (tampered.rolls[23]!.dice[1]! % 6) + 1;
const paths = { bundle: file("bundle.json", bundle), tampered: file("tampered.json", tampered) };

describe("the Python check in docs/provably-fair.md", () => {
  const hasPython = spawnSync("python3", ["--version"]).status === 0;
  const guide = readFileSync(join(repoRoot, "docs/provably-fair.md"), "utf8");
  const snippet = /```python\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
  const script = file("check.py", snippet);
  const check = (path: string) => spawnSync("python3", [script, path], { encoding: "utf8" });

  const v2 = simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 5, games: 3, turnsPerGame: 10 });
  const v2Running = simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 5, games: 3, turnsPerGame: 10, endedGames: 2, revealed: false });
  const v2Tampered = JSON.parse(JSON.stringify(v2.bundle)) as { rolls: { dice: number[]; game: number }[] };
  v2Tampered.rolls[17]!.dice[0] = (v2Tampered.rolls[17]!.dice[0]! % 6) + 1;
  const v2Computer = simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 5, games: 2, turnsPerGame: 10, computer: "black" });
  const v2ComputerChosen = JSON.parse(JSON.stringify(v2Computer.bundle)) as { rolls: { salts: Record<string, string>; player: string | null }[] };
  v2ComputerChosen.rolls.find((roll) => roll.player === "black")!.salts.black = "0123456789abcdef0123456789abcdef";
  const v2Paths = {
    computer: file("v2-computer.json", v2Computer.bundle),
    computerChosen: file("v2-computer-chosen.json", v2ComputerChosen),
    bundle: file("v2.json", v2.bundle),
    running: file("v2-running.json", v2Running.bundle),
    tampered: file("v2-tampered.json", v2Tampered),
  };

  it.skipIf(!hasPython)("accepts a match against the computer, and names a computer's salt the seeds did not give", () => {
    expect(check(v2Paths.computer).status).toBe(0);
    const chosen = check(v2Paths.computerChosen);
    expect(chosen.status).toBe(1);
    expect(chosen.stdout).toMatch(/MISMATCH: the computer's salt at nonce \d+ \(game 1\) is not the one its game's seed gives\./);
  });

  it("is in the guide", () => {
    expect(snippet).toContain("def roll(key, message):");
  });

  it.skipIf(!hasPython)("accepts a fair-dice-v1 bundle our code produced", () => {
    const result = check(paths.bundle);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`OK: ${bundle.rolls.length} rolls recomputed, 0 waiting for their game's seed, 0 mismatch(es).`);
  });

  it.skipIf(!hasPython)("rejects the fair-dice-v1 bundle with a changed roll, at its nonce", () => {
    const result = check(paths.tampered);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("MISMATCH: the roll at nonce 23 (game ");
    expect(result.stdout).toContain("FAILED: 80 rolls recomputed, 0 waiting for their game's seed, 1 mismatch(es).");
  });

  it.skipIf(!hasPython)("accepts a fair-dice-v2 bundle our code produced, and counts a running game's rolls as waiting", () => {
    const finished = check(v2Paths.bundle);
    expect(finished.status).toBe(0);
    expect(finished.stdout).toContain(`OK: ${v2.bundle.rolls.length} rolls recomputed, 0 waiting`);
    const running = check(v2Paths.running);
    const waiting = v2Running.bundle.rolls.filter((roll) => roll.game === 3).length;
    expect(running.status).toBe(0);
    expect(running.stdout).toContain(`OK: ${v2Running.bundle.rolls.length - waiting} rolls recomputed, ${waiting} waiting`);
  });

  it.skipIf(!hasPython)("rejects the fair-dice-v2 bundle with a changed die, naming its nonce and game", () => {
    const result = check(v2Paths.tampered);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`MISMATCH: the roll at nonce 17 (game ${v2Tampered.rolls[17]!.game}) is logged as`);
    expect(result.stdout).toMatch(/FAILED: .* 1 mismatch\(es\)\./);
  });
});
