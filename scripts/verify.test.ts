/** Runs the command-line verifier as a child process, as a player would, for each exit code. */
import { spawnSync } from "node:child_process";
import { entryArgs } from "@/tests/support/server-bundle";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { recordDigest, signProof, signProofV3, signSimulated, signSimulatedV3, simulateMatchV2, simulateMatchV3, PROOF_KEYS_FORMAT, type AuditBundleV2 } from "@/lib/dice";
import { parseMat } from "@/lib/engine/mat-parse";
import { proofFromMat, withProof } from "@/lib/record/mat-proof";
import { simulateTournament } from "@/lib/tournament";
import { migrateDatabase } from "@/server/db/migrate";
import { CLIENT_SEEDS, keyEntry, SEED, scratchFiles, v1Played, withChangedDie } from "@/tests/fair-dice-v2/verifier-inputs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const { dir, file } = scratchFiles("verify-cli-");
const { bundle, record } = v1Played;

const paths = {
  bundle: file("bundle.json", bundle),
  record: file("record.json", record),
  embedded: file("embedded.json", { ...bundle, record }),
  tampered: file("tampered.json", withChangedDie(bundle, 23)),
  running: file("running.json", { ...bundle, serverSeed: null, record }),
  malformed: file("malformed.json", { ...bundle, commitment: 42 }),
  notJson: file("not-json.json", "{ this is not json"),
};

// The site's signing key for these tests, and its key list as /api/fairness/keys serves it (--keys); another key nobody lists.
const privateKey = Uint8Array.from(createHash("sha256").update("verify-cli test key").digest());
const keysPath = file("keys.json", { format: PROOF_KEYS_FORMAT, keys: [keyEntry(privateKey)] });
const strangerKey = Uint8Array.from(createHash("sha256").update("nobody's key").digest());

// fair-dice-v2 bundles for the report's per-game lines: three games, the last still in play in `running`; signed.
const v2Played = {
  finished: simulateMatchV2({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 3, games: 3, turnsPerGame: 6 }),
  running: simulateMatchV2({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 3, games: 3, turnsPerGame: 6, endedGames: 2, revealed: false }),
};
const v2Cli = {
  finished: { bundle: signSimulated(v2Played.finished, { privateKey }), record: v2Played.finished.record },
  running: { bundle: signSimulated(v2Played.running, { privateKey, end: null }), record: v2Played.running.record },
};

/** The exported .mat with its proofs signed as the site now signs them: seats, end and record digest added. */
function signedMat(text: string, key: Uint8Array): string {
  const read = proofFromMat(text);
  const parsed = parseMat(text);
  if (!read.ok || !parsed.ok || read.value.recordLines === null) throw new Error("the fixture does not read");
  const bundle = read.value.bundle as unknown as AuditBundleV2;
  const score = { white: 0, black: 0 };
  for (const game of parsed.value.games) if (game.result) score[game.result.winner] += game.result.points;
  const winner = score.white > score.black ? "white" : "black";
  const signed = signProof(
    {
      ...bundle,
      seats: { white: { kind: "person", id: "u-white", name: parsed.value.players.white }, black: { kind: "person", id: "u-black", name: parsed.value.players.black } },
      end: { reason: "finished", winner, score, games: bundle.rolls.at(-1)?.game ?? 0, rolls: bundle.rolls.length },
      recordDigest: recordDigest(read.value.recordLines),
    },
    key,
  );
  return withProof(text.replace(/^; \[FairDice[^\n]*\n/gm, ""), signed);
}

// A .mat file as the site exports it (lib/record/fixtures/exported.mat), with a salt changed, its proofs taken out,
// and something that is no match file at all.
const oldMatText = readFileSync(join(repoRoot, "lib/record/fixtures/exported.mat"), "utf8");
const matText = signedMat(oldMatText, privateKey);
const lastRollLine = [...matText.matchAll(/^; \[FairDice Roll [^\n]*\n/gm)].at(-1)![0];
const gameSeedLine = /^; \[FairDice GameSeed [^\n]*\n/m.exec(matText)![0];
const matPaths = {
  good: file("match.mat", matText),
  old: file("old.mat", oldMatText),
  stranger: file("stranger.mat", signedMat(oldMatText, strangerKey)),
  cut: file("cut.mat", matText.replace(lastRollLine, "")),
  repeated: file("repeated.mat", matText.replace(gameSeedLine, gameSeedLine + gameSeedLine)),
  movedDie: file("moved-die.mat", matText.replace(/^( {2}2\) )(\d)(\d):/m, (_, head: string, a: string, b: string) => `${head}${a === "6" ? "5" : "6"}${b}:`)),
  salted: file("salted.mat", matText.replace(/^(; \[FairDice Roll "\d+ \d+ turn \w+ \d\d (?:- )?)([0-9a-f])/m, (_, head: string, c: string) => `${head}${c === "0" ? "1" : "0"}`)),
  noProof: file("no-proof.mat", matText.replace(/^; \[FairDice[^\n]*\n/gm, "")),
  garbage: file("garbage.mat", "this is not a match file\n\u0000\u0001"),
};

// A signed fair-dice-v3 bundle (docs/fair-dice-v3.md, section 9a), and the same with one of black's values changed and
// re-signed by the site itself: only the chain can catch it.
const v3Played = simulateMatchV3({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 3, games: 2, turnsPerGame: 6 });
const v3Bundle = signSimulatedV3(v3Played, { privateKey });
const v3Changed = v3Bundle.rolls.findIndex((roll) => roll.kind === "turn" && roll.values.black !== undefined);
const v3Paths = {
  good: file("v3.json", { ...v3Bundle, record: v3Played.record }),
  forged: file("v3-forged.json", {
    ...signProofV3({ ...v3Bundle, rolls: v3Bundle.rolls.map((roll, i) => (i === v3Changed ? { ...roll, values: { black: "0".repeat(64) } } : roll)) }, privateKey),
    record: v3Played.record,
  }),
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

  it("verifies a signed fair-dice-v3 bundle (exit 0), and names chain-values for a value the site changed and re-signed (exit 1)", () => {
    const good = run([v3Paths.good, "--keys", keysPath]);
    expect(good.stdout.split("\n")[0]).toBe(`fair-dice-v3 verification of ${v3Paths.good}`);
    expect(good.stdout).toContain("VERIFIED: every check passed. The site signed exactly this log");
    expect(good.stdout).toContain("the roller's salt and the other player's value, each value on the chain that player committed before the game");
    expect(good.stdout).toMatch(/PASS {2}.*Chain values/);
    expect(good.stdout).not.toMatch(/verifyReport\.|verifyCli\./);
    expect(good.code).toBe(0);
    const json = run([v3Paths.good, "--keys", keysPath, "--json"]);
    const report = JSON.parse(json.stdout) as { protocol: string; verdict: string; checks: { id: string; title: string }[] };
    expect(report).toMatchObject({ protocol: "fair-dice-v3", verdict: "verified" });
    expect(report.checks.map((check) => check.id)).toEqual(expect.arrayContaining(["chain-heads", "chain-values", "contributions"]));
    const forged = run([v3Paths.forged, "--keys", keysPath]);
    expect(forged.stdout).toMatch(new RegExp(`FAIL {2}.*Chain values at nonce ${v3Bundle.rolls[v3Changed]!.nonce}`));
    expect(forged.stdout).toMatch(/PASS {2}The site.s signature/);
    expect(forged.stdout).not.toMatch(/verifyReport\.|verifyCli\./);
    expect(forged.code).toBe(1);
  });

  it("names the protocol, and for fair-dice-v2 gives each game's verdict: running, then finished", () => {
    const v1 = run([paths.bundle, "--record", paths.record]);
    expect(v1.stdout.split("\n")[0]).toBe(`fair-dice-v1 verification of ${paths.bundle}`);
    const running = run([file("v2-cli-running.json", { ...v2Cli.running.bundle, record: v2Cli.running.record }), "--keys", keysPath]);
    expect(running.code).toBe(1);
    expect(running.stdout.split("\n")[0]).toMatch(/^fair-dice-v2 verification of /);
    expect(running.stdout).toContain("Games: Game 1: verified; Game 2: verified; Game 3: in play, verified when it ends");
    expect(running.stdout).toContain("NOT VERIFIED YET: 2 games verified so far; each game's seed is revealed when it ends");
    expect(running.stdout).toMatch(/WAIT {2}Rolls recomputed: /);
    const finished = run([file("v2-cli.json", { ...v2Cli.finished.bundle, record: v2Cli.finished.record }), "--keys", keysPath]);
    expect(finished.code).toBe(0);
    expect(finished.stdout).toContain("Games: Game 1: verified; Game 2: verified; Game 3: verified");
    expect(finished.stdout).toContain("PASS  Computer's salts: No seat is played by the computer");
    expect(finished.stdout).toMatch(/PASS {2}The site's signature: Signed by the site with key fg-ed25519-[0-9a-f]{16}/);
    expect(finished.stdout).toMatch(/VERIFIED: every check passed\. The site signed exactly this log \(key fg-ed25519-[0-9a-f]{16}\)/);
  });

  it("says a file is not verified unless the site's key signed it as it is: unsigned, unknown key, forged", () => {
    const unsigned = run([file("v2-unsigned.json", { ...v2Played.finished.bundle, record: v2Played.finished.record }), "--keys", keysPath]);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stdout).toMatch(/SKIP {2}The site's signature: Skipped: the file carries no signature/);
    expect(unsigned.stdout).toContain("Games: Game 1: rolls correct, but the file is not signed or not whole");
    expect(unsigned.stdout).toContain("INCOMPLETE");
    // Without --keys the verifier trusts only the published keys (and this machine's own): not the test key.
    const unknown = run([file("v2-signed.json", { ...v2Cli.finished.bundle, record: v2Cli.finished.record })]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(/SKIP {2}The site's signature: Skipped: signed with key fg-ed25519-/);
    // A human's roll rewritten with a salt ground to give other dice: only the signature can tell.
    const forged = JSON.parse(JSON.stringify(v2Cli.finished.bundle)) as { rolls: { nonce: number; game: number; kind: string; player: "white" | "black" | null; dice: number[]; salts: Record<string, string> }[] };
    const turn = forged.rolls.find((r) => r.kind === "turn")!;
    turn.salts = { [turn.player!]: "0123456789abcdef0123456789abcdef" };
    const forgedRun = run([file("v2-forged.json", forged), "--keys", keysPath]);
    expect(forgedRun.code).toBe(1);
    expect(forgedRun.stdout).toMatch(/FAILED: .*check "The site's signature"/);
    const keysNotJson = run([file("v2-cli-2.json", v2Cli.finished.bundle), "--keys", paths.notJson]);
    expect(keysNotJson.code).toBe(2);
    expect(keysNotJson.stderr).toMatch(/the key list .* is not valid JSON/);
    const notAList = run([file("v2-cli-3.json", v2Cli.finished.bundle), "--keys", paths.bundle]);
    expect(notAList.code).toBe(2);
    expect(notAList.stderr).toMatch(/cannot read the key list .*: it is not a fairgammon-proof-keys-1 key list/);
  });

  it("verifies a .mat file the site exported from the file alone, and names what was changed in it", () => {
    const mat = run([matPaths.good, "--keys", keysPath]);
    expect(mat.code, mat.stdout).toBe(0);
    expect(mat.stdout).toContain("(the proofs and the moves of the .mat file)");
    expect(mat.stdout).toMatch(/PASS {2}Game record dice: All \d+ turns of the game record \(read from the moves of the \.mat file\)/);
    const salted = run([matPaths.salted, "--keys", keysPath]);
    expect(salted.code).toBe(1);
    expect(salted.stdout).toMatch(/FAILED: .*check "Rolls recomputed" at nonce \d+/);
    expect(salted.stdout).toMatch(/FAIL {2}The site's signature/);
    // A file made before proofs were signed: readable, every check it can run, never "verified".
    const old = run([matPaths.old, "--keys", keysPath]);
    expect(old.code).toBe(1);
    expect(old.stdout).toMatch(/SKIP {2}The site's signature/);
    expect(old.stdout).toMatch(/SKIP {2}Whole log/);
    expect(old.stdout).toContain("INCOMPLETE");
    const stranger = run([matPaths.stranger, "--keys", keysPath]);
    expect(stranger.code).toBe(1);
    expect(stranger.stdout).toMatch(/SKIP {2}The site's signature: Skipped: signed with key/);
    // Cut short by its last roll: the log's end no longer matches, and neither does the signature.
    const cut = run([matPaths.cut, "--keys", keysPath]);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/FAIL {2}Whole log/);
    // A line repeated: the proofs are refused, not read twice (exit 1, the line named).
    const repeated = run([matPaths.repeated, "--keys", keysPath]);
    expect(repeated.code).toBe(1);
    expect(repeated.stdout).toMatch(/FAIL {2}Bundle format: The proofs of the \.mat file could not be read: line \d+ \(GameSeed\) repeats a line before it/);
    // A move's die changed: not verified, with the record's check named — not "unreadable".
    const movedDie = run([matPaths.movedDie, "--keys", keysPath]);
    expect(movedDie.code).toBe(1);
    expect(movedDie.stdout).toMatch(/FAIL {2}Game record dice/);
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
