/** Runs the command-line verifier as a child process, as a player would, for each exit code. */
import { spawnSync } from "node:child_process";
import { entryArgs } from "@/tests/support/server-bundle";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { simulateMatch, simulateMatchV2 } from "@/lib/dice";
import { simulateTournament } from "@/lib/tournament";
import { migrateDatabase } from "@/server/db/migrate";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "verify-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SEED = "24dadb377ead7c24cc1d916807673e1c18021fa9f58422f64b0700912dfc7cba"; // vector public-3's seed
const { bundle, record } = simulateMatch({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchId: "cli", rolls: 80, turnsPerGame: 15 });

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const tampered = JSON.parse(JSON.stringify(bundle)) as { rolls: { dice: number[] }[] };
tampered.rolls[23]!.dice[1] = (tampered.rolls[23]!.dice[1]! % 6) + 1;

const paths = {
  bundle: file("bundle.json", bundle),
  record: file("record.json", record),
  embedded: file("embedded.json", { ...bundle, record }),
  tampered: file("tampered.json", tampered),
  running: file("running.json", { ...bundle, serverSeed: null, record }),
  malformed: file("malformed.json", { ...bundle, commitment: 42 }),
  notJson: file("not-json.json", "{ this is not json"),
};

// fair-dice-v2 bundles for the report's per-game lines: three games, the last still in play in `running`.
const v2Cli = {
  finished: simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 3, games: 3, turnsPerGame: 6 }),
  running: simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 3, games: 3, turnsPerGame: 6, endedGames: 2, revealed: false }),
};

// A .mat file as the site exports it (lib/record/fixtures/exported.mat), with a salt changed, its proofs taken out,
// and something that is no match file at all.
const matText = readFileSync(join(repoRoot, "lib/record/fixtures/exported.mat"), "utf8");
const matPaths = {
  good: file("match.mat", matText),
  salted: file("salted.mat", matText.replace(/^(; \[FairDice Roll "\d+ \d+ turn \w+ \d\d (?:- )?)([0-9a-f])/m, (_, head: string, c: string) => `${head}${c === "0" ? "1" : "0"}`)),
  noProof: file("no-proof.mat", matText.replace(/^; \[FairDice[^\n]*\n/gm, "")),
  garbage: file("garbage.mat", "this is not a match file\n\u0000\u0001"),
};

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [...entryArgs("verify"), ...args], { cwd: repoRoot, encoding: "utf8", input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run verify", () => {
  it("exit 0 for a verified bundle with --record", () => {
    const { code, stdout } = run([paths.bundle, "--record", paths.record]);
    expect(code).toBe(0);
    expect(stdout).toContain("VERIFIED: every check passed.");
  });

  it("exit 0 for a bundle with the record embedded, read from standard input, as JSON", () => {
    const { code, stdout } = run(["-", "--json"], JSON.stringify({ ...bundle, record }));
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { verdict: string; checks: unknown[] };
    expect(report.verdict).toBe("verified");
    expect(report.checks).toHaveLength(6);
  });

  it("exit 1 naming the check and the nonce when a roll was changed", () => {
    const { code, stdout } = run([paths.tampered, "--record", paths.record]);
    expect(code).toBe(1);
    expect(stdout).toContain('FAILED: check "Rolls recomputed" at nonce 23');
    expect(stdout).toMatch(/FAIL {2}Rolls recomputed at nonce 23/);
  });

  it("exit 1 for a JSON file that is not a fair-dice-v1 bundle, naming the field", () => {
    const { code, stdout } = run([paths.malformed]);
    expect(code).toBe(1);
    expect(stdout).toContain("bundle.commitment must be text");
  });

  it("exit 1, clearly not verified, while the seed is not revealed", () => {
    const { code, stdout } = run([paths.running]);
    expect(code).toBe(1);
    expect(stdout).toContain("NOT VERIFIED YET");
  });

  it("exit 1, incomplete, without a game record", () => {
    const { code, stdout } = run([paths.bundle, "--json"]);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as { verdict: string }).verdict).toBe("incomplete");
  });

  it("names the protocol, and for fair-dice-v2 gives each game's verdict: running, then finished", () => {
    const v1 = run([paths.bundle, "--record", paths.record]);
    expect(v1.stdout.split("\n")[0]).toBe(`fair-dice-v1 verification of ${paths.bundle}`);
    const running = run([file("v2-cli-running.json", { ...v2Cli.running.bundle, record: v2Cli.running.record })]);
    expect(running.code).toBe(1);
    expect(running.stdout.split("\n")[0]).toMatch(/^fair-dice-v2 verification of /);
    expect(running.stdout).toContain("Games: Game 1: verified; Game 2: verified; Game 3: in play, verified when it ends");
    expect(running.stdout).toContain("NOT VERIFIED YET: 2 games verified so far; each game's seed is revealed when it ends");
    expect(running.stdout).toMatch(/WAIT {2}Rolls recomputed: /);
    const finished = run([file("v2-cli.json", { ...v2Cli.finished.bundle, record: v2Cli.finished.record })]);
    expect(finished.code).toBe(0);
    expect(finished.stdout).toContain("Games: Game 1: verified; Game 2: verified; Game 3: verified");
    expect(finished.stdout).toContain("PASS  Computer's salts: No seat is played by the computer");
    expect(finished.stdout).toContain("VERIFIED: every check passed.");
  });

  it("verifies a .mat file the site exported from the file alone, and names what was changed in it", () => {
    const mat = run([matPaths.good]);
    expect(mat.code, mat.stderr).toBe(0);
    expect(mat.stdout).toContain("(the proofs and the moves of the .mat file)");
    expect(mat.stdout).toMatch(/PASS {2}Game record dice: All \d+ turns of the game record \(read from the moves of the \.mat file\)/);
    const salted = run([matPaths.salted]);
    expect(salted.code).toBe(1);
    expect(salted.stdout).toMatch(/FAILED: check "Rolls recomputed" at nonce \d+/);
    const noProof = run([matPaths.noProof]);
    expect(noProof.code).toBe(2);
    expect(noProof.stderr).toMatch(/is not a \.mat file with the dice's proofs: Line 1 of the \.mat file: there are no FairDice proof lines/);
    const garbage = run([matPaths.garbage]);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    ["a missing file", [join(dir, "missing.json")], /cannot read the bundle .*missing\.json: no such file/],
    ["a file that is not JSON", [paths.notJson], /is not valid JSON/],
    ["a record file that is not JSON", [paths.bundle, "--record", paths.notJson], /the record .* is not valid JSON/],
    ["no bundle argument", [], /give exactly one bundle file/],
    ["an unknown option", [paths.bundle, "--fast"], /Unknown option '--fast'/],
  ])("exit 2 with a clear message and no stack trace for %s", (_name, args, message) => {
    const { code, stderr, stdout } = run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe("");
  });
});

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

describe("npm run verify -- --tournament", () => {
  const entrants = ["u1", "u2", "u3", "u4", "u5"];
  const finished = simulateTournament({ seed: SEED, entrants, format: "swiss", rounds: 3 }, (pairing) => pairing.white);
  const changed = JSON.parse(JSON.stringify(finished)) as typeof finished & { rounds: { winners: string[]; pairings: { white: string; black: string | null }[] }[] };
  const index = changed.rounds[0]!.pairings.findIndex((p) => p.black !== null);
  changed.rounds[0]!.winners[index] = changed.rounds[0]!.pairings[index]!.black!;
  const drawPaths = { finished: file("draw.json", finished), changed: file("changed-draw.json", changed), notDraw: file("not-draw.json", { protocol: "fair-dice-v1" }) };

  it("exit 0 for a published draw that follows from its seed and results", () => {
    const { code, stdout } = run(["--tournament", drawPaths.finished]);
    expect(code).toBe(0);
    expect(stdout).toContain("tournament-draw-v1 verification of");
    expect(stdout).toContain("VERIFIED: the draw follows from the committed seed");
  });

  it("exit 1 naming the round when a result was changed after the next round was paired", () => {
    const { code, stdout } = run(["--tournament", drawPaths.changed, "--json"]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ verdict: "failed", checks: expect.arrayContaining([expect.objectContaining({ id: "later-rounds", status: "failed", round: 2 })]) });
  });

  it("exit 2 with a clear message for a file that is not a draw, and for an unknown tournament", async () => {
    await migrateDatabase(`file:${join(dir, "empty.db")}`);
    const notDraw = run(["--tournament", drawPaths.notDraw]);
    expect(notDraw.code).toBe(2);
    expect(notDraw.stderr).toContain("is not a tournament-draw-v1 record");
    const unknown = spawnSync(process.execPath, [...entryArgs("verify"), "--tournament", "nosuchtournament"], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, DATABASE_URL: `file:${join(dir, "empty.db")}` } });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("there is no tournament nosuchtournament");
  });
});
