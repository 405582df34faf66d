import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateMatch, verify } from "@/lib/dice";
import { appendEvent } from "./append-event";
import { auditBundle, loadMatch } from "./match-read";
import { createMatch, DATA_LAYER_EVENTS, joinMatch, recordClientSeed, revealSeed } from "./matches";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "./test-databases";
import { newUser, seededMatch, testVault, waitingMatch } from "./test-fixtures";

const vault = testVault();

describe.each(testDatabaseKinds())("matches on %s", (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle?.dispose());

  describe("createMatch", () => {
    it("stores a waiting match at version 1 with its sealed seed and a match-created event", async () => {
      const { match, seed, creator } = await waitingMatch(handle.db, vault, { color: "black", matchLength: 7 });
      expect(match).toMatchObject({ status: "waiting", version: 1, whiteId: null, blackId: creator.id, matchLength: 7, inviteToken: null });
      const loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.seed).toMatchObject({ commitment: seed.commitment, sealed: seed.sealed, revealedSeed: null });
      expect(loaded?.events).toMatchObject([
        { sequence: 1, type: DATA_LAYER_EVENTS.created, actorId: creator.id, payload: { color: "black", matchLength: 7, commitment: seed.commitment } },
      ]);
    });

    it("gives a private match an invite token", async () => {
      const { match } = await waitingMatch(handle.db, vault, { visibility: "private" });
      expect(match.inviteToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    });

    it("answers ERR_USER_NOT_FOUND for an unknown creator", async () => {
      const result = await createMatch(handle.db, { creatorId: "nobody", color: "white", matchLength: 1, visibility: "public", seed: vault.draw() });
      expect(result.ok ? "" : result.code).toBe("ERR_USER_NOT_FOUND");
    });
  });

  describe("joinMatch", () => {
    it("seats the joiner in the free seat and moves the match to seeding", async () => {
      const { match } = await waitingMatch(handle.db, vault, { color: "white" });
      const joiner = await newUser(handle.db);
      expect(await joinMatch(handle.db, { matchId: match.id, userId: joiner.id })).toEqual({ ok: true, value: { color: "black", version: 2 } });
      const loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.match).toMatchObject({ status: "seeding", blackId: joiner.id, version: 2 });
      expect(loaded?.events[1]).toMatchObject({ sequence: 2, type: DATA_LAYER_EVENTS.joined, payload: { userId: joiner.id, color: "black" } });
    });

    it("refuses the creator, a full match, an unknown match, and a private match without its token", async () => {
      const { match, creator } = await waitingMatch(handle.db, vault);
      const priv = await waitingMatch(handle.db, vault, { visibility: "private" });
      const outsider = await newUser(handle.db);
      // Expected codes: the contract of joinMatch (server/db/matches.ts).
      const cases = [
        { input: { matchId: match.id, userId: creator.id }, code: "ERR_ALREADY_SEATED" },
        { input: { matchId: "no-such-match", userId: outsider.id }, code: "ERR_MATCH_NOT_FOUND" },
        { input: { matchId: priv.match.id, userId: outsider.id }, code: "ERR_INVITE_REQUIRED" },
        { input: { matchId: priv.match.id, userId: outsider.id, inviteToken: "wrong" }, code: "ERR_INVITE_REQUIRED" },
      ];
      for (const { input, code } of cases) {
        const result = await joinMatch(handle.db, input);
        expect(result.ok ? "" : result.code, JSON.stringify(input)).toBe(code);
      }
      expect((await joinMatch(handle.db, { matchId: priv.match.id, userId: outsider.id, inviteToken: priv.match.inviteToken ?? "" })).ok).toBe(true);
      expect((await joinMatch(handle.db, { matchId: match.id, userId: outsider.id })).ok).toBe(true);
      const late = await joinMatch(handle.db, { matchId: match.id, userId: (await newUser(handle.db)).id });
      expect(late.ok ? "" : late.code).toBe("ERR_MATCH_NOT_OPEN");
    });

    it("seats exactly one of several players joining at once", async () => {
      const { match } = await waitingMatch(handle.db, vault);
      const joiners = await Promise.all(Array.from({ length: 5 }, () => newUser(handle.db)));
      const results = await Promise.all(joiners.map((joiner) => joinMatch(handle.db, { matchId: match.id, userId: joiner.id })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.code))).toEqual(Array(4).fill("ERR_MATCH_NOT_OPEN"));
      expect((await loadMatch(handle.db, match.id))?.match.version).toBe(2);
    });
  });

  describe("recordClientSeed", () => {
    it("stores each colour's seed once and refuses a second, a bad seed, and a different commitment", async () => {
      const { match, seed } = await waitingMatch(handle.db, vault);
      const first = await recordClientSeed(handle.db, { matchId: match.id, color: "white", seed: "first_seed", expectedCommitment: seed.commitment });
      expect(first).toEqual({ ok: true, value: { version: 2, clientSeeds: { white: "first_seed", black: null } } });
      // Expected codes: recordClientSeed's contract and lib/dice validateClientSeed (docs/fair-dice-v1.md, section 1).
      const cases = [
        { input: { color: "white", seed: "second_seed" }, code: "ERR_CLIENT_SEED_ALREADY_SET" },
        { input: { color: "black", seed: "has space" }, code: "ERR_CLIENT_SEED_CHARS" },
        { input: { color: "black", seed: "" }, code: "ERR_CLIENT_SEED_EMPTY" },
        { input: { color: "black", seed: "ok", expectedCommitment: "0".repeat(64) }, code: "ERR_COMMITMENT_MISMATCH" },
      ] as const;
      for (const { input, code } of cases) {
        const result = await recordClientSeed(handle.db, { matchId: match.id, ...input });
        expect(result.ok ? "" : result.code, JSON.stringify(input)).toBe(code);
      }
      const loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.seed).toMatchObject({ whiteClientSeed: "first_seed", blackClientSeed: null });
      expect(loaded?.match.version).toBe(2);
      const missing = await recordClientSeed(handle.db, { matchId: "no-such-match", color: "white", seed: "x" });
      expect(missing.ok ? "" : missing.code).toBe("ERR_MATCH_NOT_FOUND");
    });
  });

  describe("revealSeed and auditBundle", () => {
    it("keeps the seed sealed while the match runs, reveals it once at the end, and the bundle verifies with lib/dice", async () => {
      const clientSeeds = { white: "w4h1t3seed", black: "Bl4ck_seed-9" };
      const { match, seed, version } = await seededMatch(handle.db, vault, clientSeeds);
      const serverSeed = vault.reveal(seed);
      // The rolls a protocol-true match would make with these seeds (lib/dice simulateMatch), logged as the server does.
      const { bundle: expected, record } = simulateMatch({ serverSeed, clientSeeds, matchId: match.id, rolls: 30, turnsPerGame: 10 });
      let current = version;
      for (const roll of expected.rolls) {
        const result = await appendEvent(handle.db, {
          matchId: match.id,
          expectedVersion: current,
          event: { type: "roll", payload: { nonce: roll.nonce, dice: [...roll.dice] } },
          roll: { nonce: roll.nonce, game: roll.game, kind: roll.kind, player: roll.player, die1: roll.dice[0], die2: roll.dice[1] },
          ...(roll.nonce === 0 ? { matchUpdate: { status: "playing", startedAt: new Date() } } : {}),
        });
        if (!result.ok) throw new Error(result.code);
        current = result.value.version;
      }

      const running = await auditBundle(handle.db, match.id);
      expect(running.ok && running.value.serverSeed).toBe(null);
      expect(running.ok && verify(running.value, record).verdict).toBe("not-yet-revealed");
      expect(JSON.stringify(await loadMatch(handle.db, match.id))).not.toContain(serverSeed);
      const early = await revealSeed(handle.db, match.id, serverSeed);
      expect(early.ok ? "" : early.code).toBe("ERR_MATCH_NOT_OVER");

      const ended = await appendEvent(handle.db, {
        matchId: match.id,
        expectedVersion: current,
        event: { type: "ended", payload: { reason: "resigned" } },
        matchUpdate: { status: "finished", winner: "white", endReason: "resigned", finishedAt: new Date() },
      });
      expect(ended.ok).toBe(true);
      const wrong = await revealSeed(handle.db, match.id, "f".repeat(64));
      expect(wrong.ok ? "" : wrong.code).toBe("ERR_SEED_MISMATCH");
      expect((await revealSeed(handle.db, match.id, serverSeed)).ok).toBe(true);
      const again = await revealSeed(handle.db, match.id, serverSeed);
      expect(again.ok ? "" : again.code).toBe("ERR_SEED_ALREADY_REVEALED");

      const revealed = await auditBundle(handle.db, match.id);
      if (!revealed.ok) throw new Error(revealed.code);
      expect(revealed.value).toEqual(expected);
      const report = verify(revealed.value, record);
      expect(report.checks.filter((c) => c.status !== "passed")).toEqual([]);
      expect(report.verdict).toBe("verified");
    });

    it("refuses a bundle before both client seeds are in, and for an unknown match", async () => {
      const { match } = await waitingMatch(handle.db, vault);
      const pending = await auditBundle(handle.db, match.id);
      expect(pending.ok ? "" : pending.code).toBe("ERR_CLIENT_SEEDS_PENDING");
      const missing = await auditBundle(handle.db, "no-such-match");
      expect(missing.ok ? "" : missing.code).toBe("ERR_MATCH_NOT_FOUND");
    });
  });
});
