/**
 * The admin console's query functions against a real database: two bots play two whole 1-point matches through the
 * real match server (finished, seeds revealed); by hand, through the data layer, a running match with rolls whose seed
 * is still sealed (the test holds the vault, so it knows that seed), and a "finished" match whose logged dice are not
 * the seed's (its verification must fail). The public review and history: server/record/record-queries.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineClientSeeds, rollForNonce } from "@/lib/dice";
import { resolveOpening } from "@/lib/dice/opening";
import { describeFailure, type Dice } from "@/lib/engine/types";
import { appendEvent } from "@/server/db/append-event";
import { revealSeed } from "@/server/db/matches";
import { seededMatch, testVault } from "@/server/db/test-fixtures";
import type { JsonValue, MatchUpdate, UserRow } from "@/server/db/types";
import { findUserById } from "@/server/db/users";
import { playFinishedMatch, type FinishedMatch } from "@/tests/support/finished-match";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { auditTrail } from "./audit-trail";
import { matchRollLog } from "./match-roll-log";
import { CSV_HEADER, EXPORT_ACTION, exportSelection, rollsCsv, rollsJson } from "./roll-export";
import { parseRollFilters, type RollFilters } from "./roll-filters";
import { rollLogView, verifySelection } from "./roll-selection";
import { failureSentences, verifyRevealedMatches } from "./verification";

let t: TestServer;
let admin: UserRow;
const finished: FinishedMatch[] = [];
let running: { matchId: string; seed: string; ciphertext: string; rolls: number };
let tampered: { matchId: string; rolls: number };

/** Appends a rules action (with its roll, if any) as the match server stores it; returns the new version. */
async function appendAction(matchId: string, version: number, event: JsonValue, roll?: { nonce: number; kind: "opening" | "turn"; dice: Dice }, update?: MatchUpdate): Promise<number> {
  const result = await appendEvent(t.db, {
    matchId,
    expectedVersion: version,
    event: { type: (event as { type: string }).type, payload: event, actorId: null },
    ...(roll ? { roll: { nonce: roll.nonce, game: 1, kind: roll.kind, player: null, die1: roll.dice[0], die2: roll.dice[1] } } : {}),
    ...(update ? { matchUpdate: update } : {}),
  });
  if (!result.ok) throw new Error(describeFailure(result));
  return result.value.version;
}

/** Opening rolls until one is not a tie, each with dice from `dice(nonce)`; returns the version and the roll count. */
async function openingRolls(matchId: string, version: number, dice: (nonce: number) => Dice): Promise<{ version: number; rolls: number }> {
  let v = version;
  for (let nonce = 0; ; nonce++) {
    const rolled = dice(nonce);
    const bundleRoll = { nonce, game: 1, kind: "opening", player: null, dice: [...rolled] };
    v = await appendAction(matchId, v, { type: "action", action: { type: "opening-roll", dice: [...rolled] }, roll: bundleRoll }, { nonce, kind: "opening", dice: rolled }, nonce === 0 ? { status: "playing", startedAt: new Date() } : undefined);
    if ("opener" in resolveOpening(rolled[0], rolled[1])) return { version: v, rolls: nonce + 1 };
  }
}

beforeAll(async () => {
  t = await startTestServer();
  const created = await t.user("root-admin", "ADMIN");
  admin = (await findUserById(t.db, created.id)) as UserRow;
  finished.push(await playFinishedMatch(t, 101));
  finished.push(await playFinishedMatch(t, 202));

  const vault = testVault();
  const clientSeeds = { white: "w-seed", black: "b-seed" };
  const live = await seededMatch(t.db, vault, clientSeeds);
  const liveSeed = vault.reveal(live.seed);
  const combined = combineClientSeeds(clientSeeds.white, clientSeeds.black);
  const liveRolls = await openingRolls(live.match.id, live.version, (nonce) => rollForNonce(liveSeed, combined, nonce));
  running = { matchId: live.match.id, seed: liveSeed, ciphertext: live.seed.sealed.ciphertext, rolls: liveRolls.rolls };

  const bad = await seededMatch(t.db, vault, clientSeeds);
  const badSeed = vault.reveal(bad.seed);
  // Each logged die is one more than the seed's (6 → 1): never the seed's dice, yet still dice.
  const shifted = (nonce: number): Dice => rollForNonce(badSeed, combined, nonce).map((d) => (d % 6) + 1) as unknown as Dice;
  const badRolls = await openingRolls(bad.match.id, bad.version, shifted);
  const ended = { type: "ended", reason: "abandoned", winner: "white", serverSeed: badSeed, detail: "Black did not come back." };
  await appendAction(bad.match.id, badRolls.version, ended, undefined, { status: "finished", winner: "white", endReason: "abandoned", finishedAt: new Date() });
  const revealed = await revealSeed(t.db, bad.match.id, badSeed);
  if (!revealed.ok) throw new Error(describeFailure(revealed));
  tampered = { matchId: bad.match.id, rolls: badRolls.rolls };
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const all: RollFilters = { page: 1 };

async function rollCount(where: { matchId?: string } = {}): Promise<number> {
  return t.db.prisma.rollLog.count({ where });
}

describe("rollLogView", () => {
  it("pages through every roll, newest first, with statistics of the whole selection", async () => {
    const total = await rollCount();
    const view = await rollLogView(t.db, admin.id, all, 10);
    if (!view.ok) throw new Error(describeFailure(view));
    expect(view.value.page.total).toBe(total);
    expect(view.value.page.items).toHaveLength(Math.min(10, total));
    const times = view.value.page.items.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(view.value.stats.rolls).toBe(total);
    expect(view.value.stats.faces.reduce((a, b) => a + b, 0)).toBe(2 * total);
    expect(view.value.matchCount).toBe(4); // two bot matches, the running one, the tampered one
    for (const row of view.value.page.items) expect(view.value.matches[row.matchId]).toBeDefined();
  });

  it("records each look, with its filters, in the audit trail", async () => {
    const before = await t.db.prisma.adminAudit.count();
    await rollLogView(t.db, admin.id, { page: 2, status: "finished", user: finished[0]?.white.name.toLowerCase() });
    const rows = await t.db.prisma.adminAudit.findMany({ orderBy: { id: "desc" }, take: 1 });
    expect(await t.db.prisma.adminAudit.count()).toBe(before + 1);
    expect(rows[0]).toMatchObject({ adminId: admin.id, action: "view-roll-log", matchId: null });
    expect(JSON.parse(rows[0]?.details ?? "{}")).toEqual({ user: finished[0]?.white.name.toLowerCase(), status: "finished", page: 2, pageSize: 50 });
  });

  it("filters by match (nonce order), user, status and dates", async () => {
    const [first, second] = finished;
    if (!first || !second) throw new Error("no matches");
    const byMatch = await rollLogView(t.db, admin.id, { page: 1, match: first.matchId }, 100);
    if (!byMatch.ok) throw new Error(describeFailure(byMatch));
    expect(byMatch.value.page.total).toBe(await rollCount({ matchId: first.matchId }));
    expect(byMatch.value.page.items.map((r) => r.nonce)).toEqual(byMatch.value.page.items.map((_, i) => i));

    const byUser = await rollLogView(t.db, admin.id, { page: 1, user: second.black.name.toLowerCase() });
    expect(byUser.ok && byUser.value.page.total).toBe(await rollCount({ matchId: second.matchId }));

    const playing = await rollLogView(t.db, admin.id, { page: 1, status: "playing" });
    expect(playing.ok && playing.value.page.total).toBe(running.rolls);
    const done = await rollLogView(t.db, admin.id, { page: 1, status: "finished" });
    expect(done.ok && done.value.page.total).toBe((await rollCount()) - running.rolls);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const none = await rollLogView(t.db, admin.id, { page: 1, from: tomorrow });
    expect(none.ok && none.value.page.total).toBe(0);
    expect(none.ok && none.value.stats.faceTest).toBeNull();
    const upToToday = await rollLogView(t.db, admin.id, { page: 1, to: today });
    expect(upToToday.ok && upToToday.value.page.total).toBe(await rollCount());
  });

  it("refuses an unknown user by name", async () => {
    const view = await rollLogView(t.db, admin.id, { page: 1, user: "nobody-here" });
    expect(view.ok ? null : view.code).toBe("ERR_UNKNOWN_USER");
  });
});

describe("verifySelection", () => {
  it("verifies every revealed match server-side, failures first; the running match is not among them", async () => {
    const view = await rollLogView(t.db, admin.id, all);
    if (!view.ok) throw new Error(describeFailure(view));
    const checked = await verifySelection(t.db, view.value.where);
    expect(checked.total).toBe(3);
    expect(checked.results.map((r) => [r.matchId, r.report.verdict])).toEqual([
      [tampered.matchId, "failed"],
      ...[...finished].reverse().map((m) => [m.matchId, "verified"]),
    ]);
    const failedCheck = checked.results[0]?.report.checks.find((c) => c.id === "rolls-recomputed");
    expect(failedCheck).toMatchObject({ status: "failed", nonce: 0 });
    expect(checked.results[0]?.rolls).toBe(tampered.rolls);
  });

  it("respects the limit and the selection", async () => {
    const view = await rollLogView(t.db, admin.id, { page: 1, match: finished[0]?.matchId });
    if (!view.ok) throw new Error(describeFailure(view));
    const checked = await verifySelection(t.db, view.value.where, 5);
    expect(checked.results.map((r) => r.matchId)).toEqual([finished[0]?.matchId]);
    const limited = await verifySelection(t.db, {}, 1);
    expect([limited.total, limited.results.length]).toEqual([3, 1]);
  });

  it("verifies several matches from one read, in the order asked, leaving out a sealed seed", async () => {
    const first = finished[0]?.matchId ?? "";
    const checked = await verifyRevealedMatches(t.db, [running.matchId, tampered.matchId, first, "no-such-match-id"]);
    expect(checked.map((c) => [c.matchId, c.report.verdict])).toEqual([
      [tampered.matchId, "failed"],
      [first, "verified"],
    ]);
    expect(failureSentences(checked[0] as (typeof checked)[number])).toEqual([expect.stringMatching(/^Rolls recomputed \(at nonce 0, game 1\): The roll at nonce 0/)]);
    expect(failureSentences(checked[1] as (typeof checked)[number])).toEqual([]);
  });
});

describe("matchRollLog", () => {
  it("shows a finished match's rolls, its revealed seed and a passing verification, and records the look", async () => {
    const match = finished[0];
    if (!match) throw new Error("no match");
    const before = await t.db.prisma.adminAudit.count({ where: { matchId: match.matchId } });
    const view = await matchRollLog(t.db, admin.id, match.matchId);
    expect(view?.rolls.map((r) => r.nonce)).toEqual(view?.rolls.map((_, i) => i));
    expect(view?.rolls).toHaveLength(await rollCount({ matchId: match.matchId }));
    const seed = await t.db.prisma.matchSeed.findUnique({ where: { matchId: match.matchId } });
    expect(view?.seed.serverSeed).toBe(seed?.revealedSeed);
    expect(view?.seed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(view?.verification?.report.verdict).toBe("verified");
    expect(view?.match.white).toBe(match.white.name);
    expect(await t.db.prisma.adminAudit.count({ where: { matchId: match.matchId, adminId: admin.id, action: "view-roll-log" } })).toBe(before + 1);
  });

  it("is null for an unknown match, and records nothing", async () => {
    const before = await t.db.prisma.adminAudit.count();
    expect(await matchRollLog(t.db, admin.id, "no-such-match-id")).toBeNull();
    expect(await t.db.prisma.adminAudit.count()).toBe(before);
  });
});

describe("an unrevealed seed is never in what the admin pages and exports receive", () => {
  it("holds for the match view, the selection view, its verification and both exports", async () => {
    const perMatch = await matchRollLog(t.db, admin.id, running.matchId);
    expect(perMatch?.rolls).toHaveLength(running.rolls);
    expect(perMatch?.seed.serverSeed).toBeNull();
    expect(perMatch?.verification).toBeNull();
    const selection = await rollLogView(t.db, admin.id, all, 100);
    if (!selection.ok) throw new Error(describeFailure(selection));
    const verified = await verifySelection(t.db, selection.value.where);
    const exported = await exportSelection(t.db, admin.id, all, "json");
    if (!exported.ok) throw new Error(describeFailure(exported));
    const everything = [
      JSON.stringify(perMatch),
      JSON.stringify(selection.value),
      JSON.stringify(verified),
      JSON.stringify(rollsJson(exported.value, new Date())),
      rollsCsv(exported.value.rows),
    ].join("\n");
    // The running match is in what was read (its commitment and rolls), yet neither its seed nor the sealed seed is.
    expect(everything).toContain(running.matchId);
    expect(everything).not.toContain(running.seed);
    expect(everything).not.toContain(running.ciphertext);
    // A revealed seed does show up the same way, so the check above would catch a leak.
    const revealed = await t.db.prisma.matchSeed.findUnique({ where: { matchId: tampered.matchId } });
    expect(JSON.stringify(await matchRollLog(t.db, admin.id, tampered.matchId))).toContain(revealed?.revealedSeed);
  });
});

describe("exportSelection", () => {
  it("exports the whole selection in (match, nonce) order as CSV and JSON, recorded before reading", async () => {
    const before = await t.db.prisma.adminAudit.count({ where: { action: EXPORT_ACTION } });
    const filters = parseRollFilters({ status: "finished" }).filters;
    const exported = await exportSelection(t.db, admin.id, filters, "csv");
    if (!exported.ok) throw new Error(describeFailure(exported));
    const total = (await rollCount()) - running.rolls;
    expect(exported.value).toMatchObject({ total, truncated: false, filters: { status: "finished" } });
    const lines = rollsCsv(exported.value.rows).trimEnd().split("\n");
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toMatch(/^[A-Za-z0-9_-]+,0,1,opening,,[1-6],[1-6],\d{4}-\d\d-\d\dT/);
    const audit = await t.db.prisma.adminAudit.findMany({ where: { action: EXPORT_ACTION }, orderBy: { id: "desc" }, take: 1 });
    expect(await t.db.prisma.adminAudit.count({ where: { action: EXPORT_ACTION } })).toBe(before + 1);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({ status: "finished", format: "csv" });

    const json = rollsJson(exported.value, new Date("2026-01-02T03:04:05Z")) as { exportedAt: string; rolls: { dice: number[] }[]; statistics: { rolls: number } };
    expect(json.exportedAt).toBe("2026-01-02T03:04:05.000Z");
    expect(json.rolls).toHaveLength(total);
    expect(json.statistics.rolls).toBe(total);
  });

  it("stops at the limit and says so", async () => {
    const exported = await exportSelection(t.db, admin.id, all, "json", 3);
    expect(exported.ok && [exported.value.rows.length, exported.value.truncated]).toEqual([3, true]);
  });
});

describe("auditTrail", () => {
  it("lists the looks newest first with the administrator's name, optionally for one match", async () => {
    const trail = await auditTrail(t.db, { page: 1 });
    expect(trail.total).toBe(await t.db.prisma.adminAudit.count());
    expect(trail.items[0]?.admin).toBe("root-admin");
    const ids = trail.items.map((row) => row.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const one = await auditTrail(t.db, { page: 1, matchId: running.matchId });
    expect(one.total).toBeGreaterThan(0);
    expect(one.items.every((row) => row.matchId === running.matchId)).toBe(true);
  });
});
