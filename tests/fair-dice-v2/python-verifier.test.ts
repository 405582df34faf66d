/**
 * The independent fair-dice-v2 verifier (tests/fair-dice-v2/verify_v2.py: Python's standard library and the
 * `cryptography` package for the signature, written from docs/fair-dice-v2.md alone, without reading lib/) agrees
 * with lib/dice: on every published vector (and the vectors' statement), on matches simulated from fresh random seeds
 * — signed and unsigned, played, running and tampered — and on matches played to the end on a test server, signed
 * with its key and checked against the key list it serves: verdict, failed checks and each game's verdict. Its own
 * unit tests run too. Needs `python3` with `cryptography` (CI installs Debian's python3-cryptography).
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROOF_KEYS_FORMAT, recordDigest, simulateMatchV2, standInRecordLines, verifyV2, type AuditBundleV2, type ProofEnd, type ProofKey, type RecordTurn } from "@/lib/dice";
import { BotClient } from "@/scripts/bot/bot-client";
import { playFinishedMatch } from "@/tests/support/finished-match";
import { fetchProofKeys, throwawayProofKey, trustedKeys } from "@/tests/support/proof-keys";
import { fetchAudit } from "@/tests/support/match-checks";
import { useTestServer, type TestServer } from "@/tests/support/test-server";

const HERE = import.meta.dirname;
const VERIFIER = path.join(HERE, "verify_v2.py");
const BATCH = path.join(HERE, "..", "support", "verify_v2_batch.py");
const VECTORS = path.join(HERE, "..", "..", "lib", "dice", "fixtures", "fair-dice-v2.vectors.json");
const dir = mkdtempSync(path.join(tmpdir(), "fair-dice-v2-py-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PythonReport {
  readonly verdict: string;
  readonly checks: readonly { readonly id: string; readonly status: string }[];
  readonly games: Readonly<Record<string, string>>;
}

function tempFile(content: unknown, suffix = ".json"): string {
  const file = path.join(dir, `${randomBytes(6).toString("hex")}${suffix}`);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

/** A key list file (`fairgammon-proof-keys-1`) as a verifier is given it. */
function keyListFile(keys: readonly ProofKey[]): string {
  return tempFile({ format: PROOF_KEYS_FORMAT, keys });
}

/** The Python verifier's report; `keys` is a key list file or the site's URL of it. */
function python(bundle: unknown, record?: unknown, keys?: string): PythonReport {
  const args = [VERIFIER, tempFile(bundle)];
  if (record !== undefined) args.push(tempFile(record));
  if (keys !== undefined) args.push("--keys", keys);
  try {
    return JSON.parse(execFileSync("python3", args, { encoding: "utf8" })) as PythonReport;
  } catch (error) {
    // Exit status 1 is "not verified": the report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return JSON.parse(stdout) as PythonReport;
    throw error;
  }
}

/**
 * The Python verifier's reports for many cases, each exactly as `python` gives it, its command line run in one
 * interpreter for all of them (tests/support/verify_v2_batch.py).
 */
function pythonBatch(cases: readonly { bundle: unknown; record?: unknown; keys?: string }[]): PythonReport[] {
  const argvs = cases.map(({ bundle, record, keys }) => [tempFile(bundle), ...(record === undefined ? [] : [tempFile(record)]), ...(keys === undefined ? [] : ["--keys", keys])]);
  const results = JSON.parse(execFileSync("python3", [BATCH], { encoding: "utf8", input: JSON.stringify(argvs) })) as { status: number; stdout: string }[];
  return results.map(({ status, stdout }, i) => {
    // Exit status 1 is "not verified": the report is still printed.
    if (status !== 0 && status !== 1) throw new Error(`verify_v2.py ${argvs[i]!.join(" ")}: exit status ${status}: ${stdout}`);
    return JSON.parse(stdout) as PythonReport;
  });
}

/**
 * As `python`, without blocking: the test server answering the verifier's download of its key list runs in this
 * process, and a synchronous child would keep it from answering.
 */
function pythonAsync(bundle: unknown, record: unknown, keys: string): Promise<PythonReport> {
  const args = [VERIFIER, tempFile(bundle), ...(record === undefined ? [] : [tempFile(record)]), "--keys", keys];
  return new Promise((resolve, reject) => {
    execFile("python3", args, { encoding: "utf8" }, (error, stdout) => {
      // Exit status 1 is "not verified": the report is still on stdout.
      if (error && (error.code !== 1 || !stdout)) reject(error);
      else resolve(JSON.parse(stdout) as PythonReport);
    });
  });
}

function ours(bundle: unknown, record: unknown, keys: readonly ProofKey[]) {
  const report = verifyV2(bundle, record, { keys });
  return {
    verdict: report.verdict,
    failed: report.checks.filter((check) => check.status === "failed").map((check) => check.id).sort(),
    games: Object.fromEntries(report.games.map(({ game, verdict }) => [String(game), verdict])),
  };
}

function theirs(report: PythonReport) {
  return { verdict: report.verdict, failed: report.checks.filter((check) => check.status === "failed").map((check) => check.id).sort(), games: report.games };
}

/** A simulated bundle as the site serves it: seats, end, record lines and digest, signed with `key`. */
function signed(bundle: AuditBundleV2, record: readonly RecordTurn[], end: ProofEnd | null, key: ReturnType<typeof throwawayProofKey>): AuditBundleV2 {
  const seat = (color: "white" | "black") =>
    bundle.computer === color ? { kind: "computer" as const, id: "computer-2ply", name: "Computer (2-ply)" } : { kind: "person" as const, id: `u-${color}`, name: color === "white" ? "Zoë" : "bob" };
  const recordLines = standInRecordLines(record);
  return key.sign({ ...bundle, computer: bundle.computer ?? null, seats: { white: seat("white"), black: seat("black") }, end, recordDigest: recordDigest(recordLines), recordLines });
}

/** A bundle as JSON to tamper with. */
interface Mutable {
  rolls: { kind: string; dice: [number, number]; salts: Record<string, string> }[];
  end?: unknown;
}
const copy = (value: unknown): Mutable => JSON.parse(JSON.stringify(value)) as Mutable;

describe("the independent Python verifier", () => {
  // Each run of the verifier is a Python process of its own (about a tenth of a second, more on a busy machine).
  it("passes its own unit tests", { timeout: 180_000 }, () => {
    expect(() => execFileSync("python3", ["-m", "unittest", "-q"], { cwd: HERE, stdio: "pipe" })).not.toThrow();
  });

  it("gives every published vector's expected answer, and builds the vectors' statement", () => {
    const output = execFileSync("python3", [VERIFIER, "--vectors", VECTORS], { encoding: "utf8" });
    const lines = output.trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
    expect(lines).toContain("ok statement finished");
    expect(lines).toContain("ok signing-key");
    expect(lines.length).toBeGreaterThan(50);
  });

  it("agrees with lib/dice on matches from fresh seeds, between people and against the computer: signed and unsigned, played, running and tampered", { timeout: 180_000 }, () => {
    const key = throwawayProofKey();
    const keys = trustedKeys(key);
    const keysFile = keyListFile(keys);
    const stranger = throwawayProofKey();
    for (let round = 0; round < 4; round++) {
      const serverSeed = randomBytes(32).toString("hex");
      const clientSeeds = { white: `w${randomBytes(4).toString("hex")}`, black: `b${randomBytes(4).toString("hex")}` };
      const matchLength = 3 + round;
      // Rounds 2 and 3 are against the computer (black, then white): its salts come from the game seeds.
      const computer = round === 2 ? { computer: "black" as const } : round === 3 ? { computer: "white" as const } : {};
      const played = simulateMatchV2({ serverSeed, clientSeeds, matchLength, games: 3, turnsPerGame: 8, ...computer });
      const runningPlay = simulateMatchV2({ serverSeed, clientSeeds, matchLength, games: 3, turnsPerGame: 8, endedGames: 2, revealed: false, ...computer });
      const end: ProofEnd = { reason: round === 1 ? "timeout" : "finished", winner: "white", score: { white: matchLength, black: 1 }, games: 3, rolls: played.bundle.rolls.length };
      const finished = signed(played.bundle, played.record, end, key);
      const running = signed(runningPlay.bundle, runningPlay.record, null, key);
      const tampered = copy(finished);
      const victim = tampered.rolls[5 + round]!;
      victim.dice = [(victim.dice[0] % 6) + 1, victim.dice[1]];
      const resalted = copy(finished);
      const salts = resalted.rolls[7]!.salts;
      for (const color of Object.keys(salts)) salts[color] = randomBytes(16).toString("hex");
      // Tampered as the site would have signed it: the other checks, on their own.
      const resaltedSigned = key.sign(resalted as unknown as AuditBundleV2);
      const cut = copy(finished);
      cut.rolls.pop();
      const endless = copy(finished);
      delete endless.end;
      const cases: [unknown, unknown][] = [
        [finished, played.record],
        [finished, undefined],
        [running, runningPlay.record],
        [tampered, undefined],
        [resalted, played.record],
        [resaltedSigned, played.record],
        [key.sign(cut as unknown as AuditBundleV2), played.record.slice(0, -1)],
        [key.sign(endless as unknown as AuditBundleV2), played.record],
        [signed(played.bundle, played.record, end, stranger), played.record],
        [played.bundle, played.record],
        [runningPlay.bundle, runningPlay.record],
      ];
      const reports = pythonBatch([...cases.map(([bundle, record]) => ({ bundle, record, keys: keysFile })), { bundle: finished, record: played.record }]);
      for (const [i, [bundle, record]] of cases.entries()) {
        expect(theirs(reports[i]!)).toEqual(ours(bundle, record, keys));
      }
      // Given no keys, neither trusts the signature.
      expect(theirs(reports[cases.length]!)).toEqual(ours(finished, played.record, []));
    }
  });
});

describe("the independent Python verifier on matches played on a test server", () => {
  // The independent verifier is fair-dice-v2's (tests/fair-dice-v3 holds v3's): these matches are v2 matches.
  const server = useTestServer({ rateLimit: { burst: 1000, perSecond: 1000 }, diceProtocol: "fair-dice-v2" });

  /** A fair-dice-v2 match's audit document, as anyone fetches it. */
  async function auditOf(t: TestServer, matchId: string): Promise<AuditBundleV2 & { record: RecordTurn[] }> {
    const audit = await fetchAudit(t.url, matchId);
    expect(audit.status).toBe(200);
    return audit.body as AuditBundleV2 & { record: RecordTurn[] };
  }

  async function playComputerMatch(t: TestServer, seed: number): Promise<string> {
    const alice = await t.user();
    const bot = new BotClient({ url: t.url, cookie: alice.cookie, seed, resignRate: 0.01 });
    await bot.connect();
    const { matchId } = await bot.create({ matchLength: 1, color: "white", visibility: "public", computer: "easy" });
    await bot.submitSeed(`alice-${seed}`);
    await bot.finished();
    bot.close();
    return matchId;
  }

  it("verifies the site's signed bundles with the key list the site serves, as lib/dice does", { timeout: 180_000 }, async () => {
    const t = server();
    const keys = await fetchProofKeys(t.url);
    expect(keys.map((k) => k.keyId)).toContain(t.proofKey.keyId);
    const keysUrl = `${t.url}/api/fairness/keys`;
    const matchIds = [(await playFinishedMatch(t, 301)).matchId, (await playFinishedMatch(t, 302)).matchId, await playComputerMatch(t, 303)];
    for (const matchId of matchIds) {
      const audit = await auditOf(t, matchId);
      expect(audit.signature?.keyId).toBe(t.proofKey.keyId);
      expect(ours(audit, undefined, keys).verdict).toBe("verified");
      // The key list downloaded by the verifier itself, and the same list saved to a file.
      expect(theirs(await pythonAsync(audit, undefined, keysUrl))).toEqual(ours(audit, undefined, keys));
      expect(theirs(python(audit, undefined, keyListFile(keys)))).toEqual(ours(audit, undefined, keys));
      // Unsigned, or with a die changed: incomplete, or failed on the signature — both verifiers alike.
      const { signature: _signature, ...unsigned } = audit;
      const changed = copy(audit);
      const turn = changed.rolls.find((roll) => roll.kind === "turn")!;
      turn.dice = [(turn.dice[0] % 6) + 1, turn.dice[1]];
      for (const bundle of [unsigned, changed]) expect(theirs(await pythonAsync(bundle, undefined, keysUrl))).toEqual(ours(bundle, undefined, keys));
      expect(ours(unsigned, undefined, keys).verdict).toBe("incomplete");
      expect(ours(changed, undefined, keys).failed).toContain("signature");
    }
  });
});
