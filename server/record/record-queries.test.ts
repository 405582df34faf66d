/**
 * The public record's query functions against a real database: a public 1-point match played to the end by two bots
 * through the real match server, and by hand, through the data layer, a match in play and a private match waiting for
 * its opponent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineClientSeeds, createSaltedRoller, parseBundleV2, verify } from "@/lib/dice";
import { describeFailure } from "@/lib/engine/types";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROOF_KEY_FILE } from "@/server/vault/proof-key";
import { canonicalOrder, makeMat } from "@/lib/engine/mat";
import { parseMat } from "@/lib/engine/mat-parse";
import { legalPlays, passPlay, validatePlay } from "@/lib/engine/moves";
import { initialPosition } from "@/lib/engine/position";
import type { ProofKey, VerifyReport } from "@/lib/dice";
import { proofFromMat } from "@/lib/record/mat-proof";
import { verifyMat } from "@/lib/record/mat-verify";
import { fetchAudit } from "@/tests/support/match-checks";
import { fetchProofKeys } from "@/tests/support/proof-keys";
import { newUser, playingMatch, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { findUserById } from "@/server/db/users";
import { playFinishedMatch, type FinishedMatch } from "@/tests/support/finished-match";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { matchHistory } from "./match-history";
import { matExport, reviewableMatch } from "./match-review";

let t: TestServer;
let admin: UserRow;
let finished: FinishedMatch;
let running: string;
let privateMatch: { matchId: string; inviteToken: string; creator: UserRow };

beforeAll(async () => {
  // fair-dice-v2: the forgeries below grind v2's roller's salt (server/record/v3-proof.test.ts holds v3's).
  t = await startTestServer({ diceProtocol: "fair-dice-v2" });
  const created = await t.user("root-admin", "ADMIN");
  admin = (await findUserById(t.db, created.id)) as UserRow;
  finished = await playFinishedMatch(t, 202);
  const vault = testVault();
  running = (await playingMatch(t.db, vault)).match.id;
  const hidden = await waitingMatch(t.db, vault, { visibility: "private" });
  privateMatch = { matchId: hidden.match.id, inviteToken: hidden.match.inviteToken ?? "", creator: hidden.creator };
}, 240_000);

afterAll(async () => {
  await t?.close();
});

function checkMat(text: string, keys: readonly ProofKey[]): VerifyReport {
  const checked = verifyMat(text, { keys });
  if (!checked.ok) throw new Error(describeFailure(checked));
  return checked.value;
}

function failedChecks(report: VerifyReport): string[] {
  return report.checks.filter((c) => c.status === "failed").map((c) => c.id).sort();
}

/**
 * The .mat text with one play replaced by another legal play of the same dice such that every later line stays legal
 * (tried from the last play back), its proof lines kept; null if there is none.
 */
function changedMove(text: string): string | null {
  const parsed = parseMat(text);
  if (!parsed.ok) throw new Error(describeFailure(parsed));
  const proof = text.split("\n").filter((line) => line.startsWith("; [FairDice"));
  const header = (mat: string) => {
    const lines = mat.split("\n");
    const at = lines.findIndex((line) => !line.startsWith(";"));
    return [...lines.slice(0, at), ...proof, ...lines.slice(at)].join("\n");
  };
  for (let g = parsed.value.games.length - 1; g >= 0; g--) {
    const game = parsed.value.games[g]!;
    const opener = game.records.find((r) => r.kind === "move" || r.kind === "roll")?.player ?? "white";
    let board = initialPosition(opener);
    const before: (typeof board)[] = [];
    for (const record of game.records) {
      before.push(board);
      if (record.kind === "move" && record.moves.length === 0) board = passPlay(board).result;
      else if (record.kind === "move") {
        const play = validatePlay(board, record.dice, record.moves);
        if (!play.ok) throw new Error(describeFailure(play));
        board = play.value.result;
      }
    }
    for (let r = game.records.length - 1; r >= 0; r--) {
      const record = game.records[r]!;
      if (record.kind !== "move" || record.moves.length === 0) continue;
      const written = canonicalOrder(record.moves).map((m) => `${m.from}/${m.to}`).join(" ");
      for (const alternative of legalPlays(before[r]!, record.dice)) {
        const moves = canonicalOrder(alternative.moves);
        if (moves.map((m) => `${m.from}/${m.to}`).join(" ") === written) continue;
        const games = parsed.value.games.map((other, i) => (i !== g ? other : { ...other, records: other.records.map((x, j) => (j === r ? { ...record, moves } : x)) }));
        let candidate: string;
        try {
          candidate = header(makeMat({ ...parsed.value, games }));
        } catch {
          continue; // a later play no longer legal after this one
        }
        if (parseMat(candidate).ok) return candidate;
      }
    }
  }
  return null;
}

describe("matchHistory", () => {
  it("lists a player's matches from their side, filtered by status", async () => {
    const row = await t.db.prisma.match.findUnique({ where: { id: finished.matchId } });
    const history = await matchHistory(t.db, finished.black.id, { page: 1 });
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({
      id: finished.matchId,
      opponent: finished.white.name,
      color: "black",
      myScore: row?.scoreBlack,
      theirScore: row?.scoreWhite,
      result: row?.winner === "black" ? "won" : "lost",
    });
    expect((await matchHistory(t.db, finished.black.id, { page: 1, status: "playing" })).total).toBe(0);
  });
});

describe("reviewableMatch and matExport", () => {
  it("opens a public match to anyone and exports it once finished", async () => {
    const anonymous = await reviewableMatch(t.db, finished.matchId, null, undefined);
    expect(anonymous.ok && anonymous.value.view.status).toBe("finished");
    expect(anonymous.ok && anonymous.value.you).toBeNull();
    const mat = await matExport(t.db, finished.matchId, null, undefined, t.proofKey);
    if (!mat.ok) throw new Error(describeFailure(mat));
    expect(mat.value.filename).toBe(`fairgammon-${finished.matchId}.mat`);
    expect(mat.value.text).toContain("1 point match");
    expect(mat.value.text).toContain(finished.white.name);
    // The dice's proofs travel in its header, signed, and the file alone verifies them against its own moves.
    expect(mat.value.text).toMatch(/^; \[FairDice "fair-dice-v2"\]$/m);
    expect(mat.value.text).toMatch(/^; \[FairDice Signature "fg-ed25519-[0-9a-f]{16} [0-9a-f]{128}"\]$/m);
    const keys = await fetchProofKeys(t.url);
    const report = checkMat(mat.value.text, keys);
    expect(report.checks.filter((check) => check.status !== "passed")).toEqual([]);
    expect(report.verdict).toBe("verified");
    // One die changed in the record of the second move: the file's moves no longer have the logged dice (or no longer
    // read at all): not verified, with the check named, never "unreadable".
    const moveLine = /^ {2}2\) (\d)(\d):/m.exec(mat.value.text)!;
    const tampered = mat.value.text.replace(moveLine[0], `  2) ${moveLine[1] === "6" ? "5" : "6"}${moveLine[2]}:`);
    expect(failedChecks(checkMat(tampered, keys))).toContain("record-dice");
    // A salt changed in a proof line: the roll recomputes to other dice (a new salt gives the logged dice again about
    // one time in 18, so every other first character is tried: the check fails exactly when the dice differ), and the
    // signature fails every time.
    const saltLine = /^(; \[FairDice Roll "(\d+) \d+ turn \w+ \d\d (?:- )?)([0-9a-f])/m;
    const [, , nonceText, original] = saltLine.exec(mat.value.text)!;
    let changedDiceSeen = 0;
    for (const c of "0123456789abcdef".replace(original!, "")) {
      const text = mat.value.text.replace(saltLine, (_, head: string) => `${head}${c}`);
      const saltRead = proofFromMat(text);
      if (!saltRead.ok) throw new Error(describeFailure(saltRead));
      const bundle = parseBundleV2(saltRead.value.bundle);
      if (!bundle.ok) throw new Error(describeFailure(bundle));
      const roll = bundle.value.rolls.find((r) => r.nonce === Number(nonceText))!;
      const { white, black } = bundle.value.clientSeeds;
      const dice = createSaltedRoller(bundle.value.gameSeeds.get(roll.game)!, combineClientSeeds(white, black)).roll(roll.nonce, roll.salts);
      const changed = dice[0] !== roll.dice[0] || dice[1] !== roll.dice[1];
      if (changed) changedDiceSeen++;
      const checked = checkMat(text, keys);
      expect(checked.checks.find((check) => check.id === "rolls-recomputed")?.status).toBe(changed ? "failed" : "passed");
      expect(checked.checks.find((check) => check.id === "signature")?.status).toBe("failed");
    }
    expect(changedDiceSeen).toBeGreaterThan(0);
    // A roll line taken out: the nonces have a gap.
    expect(failedChecks(checkMat(mat.value.text.replace(/^; \[FairDice Roll "2 [^\n]*\n/m, ""), keys))).toContain("nonce-sequence");
    // No serverSeed line: not verified.
    expect(checkMat(mat.value.text.replace(/^; \[FairDice ServerSeed "[0-9a-f]{64}"\]$/m, '; [FairDice ServerSeed "-"]'), keys).verdict).not.toBe("verified");
  });

  it("a signed .mat refuses every after-the-fact edit: a forged roll, a cut, a repeated line, a changed move", async () => {
    const mat = await matExport(t.db, finished.matchId, null, undefined, t.proofKey);
    if (!mat.ok) throw new Error(describeFailure(mat));
    const text = mat.value.text;
    const keys = await fetchProofKeys(t.url);
    // Unsigned (the signature line removed, as in a file made before proofs were signed): readable, never "verified".
    const unsigned = checkMat(text.replace(/^; \[FairDice Signature [^\n]*\n/m, ""), keys);
    expect(unsigned.verdict).toBe("incomplete");
    expect(unsigned.checks.find((c) => c.id === "signature")).toMatchObject({ status: "skipped", say: { key: "unsigned" } });
    expect(unsigned.games?.every((g) => g.verdict === "incomplete")).toBe(true);
    // The right signature but a verifier not given the site's key: incomplete, the key named.
    expect(checkMat(text, []).checks.find((c) => c.id === "signature")).toMatchObject({ status: "skipped", say: { key: "unknownKey" } });
    // The forgery: with the revealed seed, grind a salt until a human's turn roll comes out otherwise, rewrite the line.
    const read = proofFromMat(text);
    if (!read.ok) throw new Error(describeFailure(read));
    const parsed = parseBundleV2(read.value.bundle);
    if (!parsed.ok) throw new Error(describeFailure(parsed));
    const turn = parsed.value.rolls.find((r) => r.kind === "turn")!;
    const roller = createSaltedRoller(parsed.value.gameSeeds.get(turn.game)!, combineClientSeeds(parsed.value.clientSeeds.white, parsed.value.clientSeeds.black));
    let salt = "";
    let dice: readonly [number, number] = turn.dice;
    for (let i = 0; dice[0] === turn.dice[0] && dice[1] === turn.dice[1]; i++) {
      salt = createHash("sha256").update(`grind:${i}`).digest("hex").slice(0, 32);
      dice = roller.roll(turn.nonce, { [turn.player!]: salt });
    }
    const rollLine = new RegExp(`^; \\[FairDice Roll "${turn.nonce} ${turn.game} turn ${turn.player} \\d\\d [^"]*"\\]$`, "m");
    const salts = turn.player === "white" ? `${salt} -` : `- ${salt}`;
    const forged = text.replace(rollLine, `; [FairDice Roll "${turn.nonce} ${turn.game} turn ${turn.player} ${dice[0]}${dice[1]} ${salts}"]`);
    const forgedReport = checkMat(forged, keys);
    expect(forgedReport.checks.find((c) => c.id === "rolls-recomputed")?.status).toBe("passed");
    expect(failedChecks(forgedReport)).toContain("signature");
    // Cut short: the last roll line gone.
    const lastRoll = [...text.matchAll(/^; \[FairDice Roll [^\n]*\n/gm)].at(-1)![0];
    expect(failedChecks(checkMat(text.replace(lastRoll, ""), keys))).toEqual(expect.arrayContaining(["completeness", "signature"]));
    // A repeated line, even an identical one: the proofs are refused (bundle format, with its line), exit 1 not 2.
    const seedLine = /^; \[FairDice GameSeed "1 [0-9a-f]{64}"\]\n/m.exec(text)![0];
    for (const again of [seedLine, seedLine.replace(/[0-9a-f]"\]/, (m) => `${m[0] === "0" ? "1" : "0"}"]`)]) {
      const repeated = checkMat(text.replace(seedLine, seedLine + again), keys);
      expect(repeated.checks[0]).toMatchObject({ id: "bundle-format", status: "failed", say: { key: "failMatLine", values: { problem: "repeated", key: "GameSeed" } } });
    }
    // A move changed, its dice left alone, the rest of the file still legal: only the record's digest can tell.
    const changed = changedMove(text);
    expect(changed, "a play with another legal play that keeps the rest of the file legal").not.toBeNull();
    const changedReport = checkMat(changed!, keys);
    expect(changedReport.checks.find((c) => c.id === "record-dice")?.status).toBe("passed");
    expect(failedChecks(changedReport)).toEqual(["record-moves"]);
  });

  it("a signed audit document refuses a forged roll whose salt, dice and record were all rewritten", async () => {
    const audit = await fetchAudit(t.url, finished.matchId);
    const keys = await fetchProofKeys(t.url);
    expect(verify(audit.body, audit.body.record, { keys }).verdict).toBe("verified");
    const bundle = JSON.parse(audit.text) as { rolls: { nonce: number; game: number; kind: string; player: "white" | "black" | null; dice: [number, number]; salts: Record<string, string> }[]; gameSeeds: Record<string, string>; clientSeeds: { white: string; black: string }; record: { dice: number[] }[]; computer?: unknown };
    const index = bundle.rolls.findIndex((r) => r.kind === "turn");
    const turn = bundle.rolls[index]!;
    const roller = createSaltedRoller(bundle.gameSeeds[String(turn.game)]!, combineClientSeeds(bundle.clientSeeds.white, bundle.clientSeeds.black));
    for (let i = 0; ; i++) {
      const salt = createHash("sha256").update(`grind:${i}`).digest("hex").slice(0, 32);
      const dice = roller.roll(turn.nonce, { [turn.player!]: salt });
      if (dice[0] === turn.dice[0] && dice[1] === turn.dice[1]) continue;
      turn.salts = { [turn.player!]: salt };
      turn.dice = [dice[0], dice[1]];
      break;
    }
    // The record's entry of that roll: the opening move is entry 0, this turn roll the one after it.
    bundle.record[1]!.dice = [...turn.dice];
    const report = verify(bundle, bundle.record, { keys });
    expect(failedChecks(report)).toEqual(["signature"]);
    expect(report.verdict).toBe("failed");
    // The same forgery without the signature: not "verified" either.
    const { signature: _signature, ...unsigned } = bundle as typeof bundle & { signature?: unknown };
    expect(verify(unsigned, bundle.record, { keys }).verdict).toBe("incomplete");
  });

  it("never shows the signing key's private half: not in a bundle, a .mat, the key list or a log line", async () => {
    const privateHalf = readFileSync(join(t.dir, PROOF_KEY_FILE), "utf8").trim();
    expect(privateHalf).toMatch(/^[0-9a-f]{64}$/);
    const mat = await matExport(t.db, finished.matchId, null, undefined, t.proofKey);
    const keys = await (await fetch(`${t.url}/api/fairness/keys`)).text();
    const audit = await fetchAudit(t.url, finished.matchId);
    for (const text of [mat.ok ? mat.value.text : "", keys, audit.text, t.logLines.join("\n")]) expect(text.toLowerCase()).not.toContain(privateHalf.toLowerCase());
    expect(keys).toContain(t.proofKey.publicKey);
  });

  it("refuses the .mat of a running match", async () => {
    const found = await reviewableMatch(t.db, running, null, undefined);
    expect(found.ok && found.value.view.status).toBe("playing");
    const mat = await matExport(t.db, running, null, undefined, t.proofKey);
    expect(mat.ok ? null : mat.code).toBe("ERR_NOT_FINISHED");
  });

  it("opens a private match only to its players, administrators and invite holders", async () => {
    const { matchId, inviteToken, creator } = privateMatch;
    const stranger = await newUser(t.db, "stranger");
    const outcome = async (viewer: UserRow | null, invite?: string) => {
      const found = await reviewableMatch(t.db, matchId, viewer, invite);
      return found.ok ? found.value.you ?? "seen" : found.code;
    };
    expect(await outcome(null)).toBe("ERR_NOT_FOUND");
    expect(await outcome(stranger)).toBe("ERR_NOT_FOUND");
    expect(await outcome(stranger, "wrong-token")).toBe("ERR_NOT_FOUND");
    expect(await outcome(stranger, inviteToken)).toBe("seen");
    expect(await outcome(admin)).toBe("seen");
    expect(await outcome(creator)).toBe("white");
    const mat = await matExport(t.db, matchId, null, undefined, t.proofKey);
    expect(mat.ok ? null : mat.code).toBe("ERR_NOT_FOUND");
  });

  it("answers a malformed id like an unknown match", async () => {
    for (const id of ["nosuchmatch00", "<script>"]) {
      const found = await reviewableMatch(t.db, id, admin, undefined);
      expect(found.ok ? null : found.code).toBe("ERR_NOT_FOUND");
    }
  });
});
