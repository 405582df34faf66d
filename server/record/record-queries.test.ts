/**
 * The public record's query functions against a real database: a public 1-point match played to the end by two bots
 * through the real match server, and by hand, through the data layer, a match in play and a private match waiting for
 * its opponent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineClientSeeds, createSaltedRoller, parseBundleV2, verify } from "@/lib/dice";
import { describeFailure } from "@/lib/engine/types";
import { proofFromMat } from "@/lib/record/mat-proof";
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
  t = await startTestServer();
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
    const mat = await matExport(t.db, finished.matchId, null, undefined);
    if (!mat.ok) throw new Error(describeFailure(mat));
    expect(mat.value.filename).toBe(`fairgammon-${finished.matchId}.mat`);
    expect(mat.value.text).toContain("1 point match");
    expect(mat.value.text).toContain(finished.white.name);
    // The dice's proofs travel in its header, and the file alone verifies them against its own moves.
    expect(mat.value.text).toMatch(/^; \[FairDice "fair-dice-v2"\]$/m);
    const read = proofFromMat(mat.value.text);
    if (!read.ok) throw new Error(describeFailure(read));
    const report = verify(read.value.bundle, read.value.record, "mat");
    expect(report.checks.filter((check) => check.status !== "passed")).toEqual([]);
    expect(report.verdict).toBe("verified");
    // One die changed in a move line: the record no longer matches the roll log.
    // One die changed in the record of the second move: the file's moves no longer have the logged dice.
    const moveLine = /^ {2}2\) (\d)(\d):/m.exec(mat.value.text)!;
    const tampered = mat.value.text.replace(moveLine[0], `  2) ${moveLine[1] === "6" ? "5" : "6"}${moveLine[2]}:`);
    const tamperedRead = proofFromMat(tampered);
    // The move may no longer be legal with those dice (then the file does not read); if it reads, it fails.
    if (tamperedRead.ok) expect(verify(tamperedRead.value.bundle, tamperedRead.value.record, "mat").checks.find((c) => c.id === "record-dice")?.status).toBe("failed");
    else expect(tamperedRead.code).toBe("ERR_BAD_MAT");
    // A salt changed in a proof line: the roll recomputes to other dice (a new salt gives the logged dice again about
    // one time in 18, so every other first character is tried: the check fails exactly when the dice differ).
    const saltLine = /^(; \[FairDice Roll "(\d+) \d+ turn \w+ \d\d (?:- )?)([0-9a-f])/m;
    const [, , nonceText, original] = saltLine.exec(mat.value.text)!;
    let changedDiceSeen = 0;
    for (const c of "0123456789abcdef".replace(original!, "")) {
      const saltRead = proofFromMat(mat.value.text.replace(saltLine, (_, head: string) => `${head}${c}`));
      if (!saltRead.ok) throw new Error(describeFailure(saltRead));
      const bundle = parseBundleV2(saltRead.value.bundle);
      if (!bundle.ok) throw new Error(describeFailure(bundle));
      const roll = bundle.value.rolls.find((r) => r.nonce === Number(nonceText))!;
      const { white, black } = bundle.value.clientSeeds;
      const dice = createSaltedRoller(bundle.value.gameSeeds.get(roll.game)!, combineClientSeeds(white, black)).roll(roll.nonce, roll.salts);
      const changed = dice[0] !== roll.dice[0] || dice[1] !== roll.dice[1];
      if (changed) changedDiceSeen++;
      expect(verify(saltRead.value.bundle, saltRead.value.record, "mat").checks.find((check) => check.id === "rolls-recomputed")?.status).toBe(changed ? "failed" : "passed");
    }
    expect(changedDiceSeen).toBeGreaterThan(0);
    // A roll line taken out: the nonces have a gap.
    const missing = proofFromMat(mat.value.text.replace(/^; \[FairDice Roll "2 [^\n]*\n/m, ""));
    expect(missing.ok && verify(missing.value.bundle, missing.value.record, "mat").checks.find((c) => c.id === "nonce-sequence")?.status).toBe("failed");
    // No serverSeed line: not verified.
    const unrevealed = proofFromMat(mat.value.text.replace(/^; \[FairDice ServerSeed "[0-9a-f]{64}"\]$/m, '; [FairDice ServerSeed "-"]'));
    expect(unrevealed.ok && verify(unrevealed.value.bundle, unrevealed.value.record, "mat").verdict).not.toBe("verified");
  });

  it("refuses the .mat of a running match", async () => {
    const found = await reviewableMatch(t.db, running, null, undefined);
    expect(found.ok && found.value.view.status).toBe("playing");
    const mat = await matExport(t.db, running, null, undefined);
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
    const mat = await matExport(t.db, matchId, null, undefined);
    expect(mat.ok ? null : mat.code).toBe("ERR_NOT_FOUND");
  });

  it("answers a malformed id like an unknown match", async () => {
    for (const id of ["nosuchmatch00", "<script>"]) {
      const found = await reviewableMatch(t.db, id, admin, undefined);
      expect(found.ok ? null : found.code).toBe("ERR_NOT_FOUND");
    }
  });
});
