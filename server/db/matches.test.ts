import { describe, expect, it } from "vitest";
import { simulateMatch, verify } from "@/lib/dice";
import { emptyMatchView, evolve } from "@/lib/match";
import { appendEvent } from "./append-event";
import { STORED_EVENT_TYPES } from "./event-codec";
import { eventAppend } from "./event-rows";
import { auditBundle, loadMatch } from "./match-read";
import { createMatch, newMatchId, revealSeed } from "./matches";
import { testDatabaseKinds } from "./test-databases";
import { useTestDatabase } from "@/tests/support/test-database";
import { addClientSeed, decided, newUser, seededMatch, takeSeat, testVault, waitingMatch } from "./test-fixtures";

const vault = testVault();

describe.each(testDatabaseKinds())("matches on %s", (kind) => {
  const handle = useTestDatabase(kind);

  describe("createMatch", () => {
    it("stores a waiting match at version 1 with its sealed seed and a match-created event", async () => {
      const { match, seed, creator, view } = await waitingMatch(handle.db, vault, { color: "black", matchLength: 7 });
      expect(match).toMatchObject({ status: "waiting", version: 1, whiteId: null, blackId: creator.id, matchLength: 7, inviteToken: null });
      expect(match).toMatchObject({ scoreWhite: 0, scoreBlack: 0, winner: null, endReason: null, startedAt: null, finishedAt: null });
      const loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.seed).toMatchObject({ commitment: seed.commitment, sealed: seed.sealed, revealedSeed: null });
      expect(loaded?.events).toMatchObject([
        { sequence: 1, type: STORED_EVENT_TYPES.created, actorId: creator.id, payload: { color: "black", matchLength: 7, commitment: seed.commitment } },
      ]);
      expect(view).toMatchObject({ matchId: match.id, version: 1, status: "waiting", commitment: seed.commitment });
      expect(view.players).toEqual({ white: null, black: { id: creator.id, name: creator.username, isGuest: false, kind: "registered" } });
    });

    it("returns exactly the row the database reads back", async () => {
      for (const options of [{ visibility: "private" as const, rated: true }, { visibility: "public" as const, timeControl: { reserveMs: 60_000, delayMs: 5_000 } }]) {
        const { match } = await waitingMatch(handle.db, vault, options);
        expect(await handle.db.prisma.match.findUniqueOrThrow({ where: { id: match.id } })).toEqual(match);
        expect(match.id).toMatch(/^c[0-9a-f]{24}$/);
      }
    });

    it("gives a private match an invite token", async () => {
      const { match } = await waitingMatch(handle.db, vault, { visibility: "private" });
      expect(match.inviteToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    });

    it("answers ERR_USER_NOT_FOUND for an unknown creator", async () => {
      const seed = vault.drawChain(1);
      const nobody = { player: { id: "nobody", name: "nobody", isGuest: false }, kind: "registered" } as const;
      const create = { type: "create", color: "white", matchLength: 1, visibility: "public", timeControl: null, rated: false, commitment: seed.commitment, chainLength: 1 } as const;
      const { view, events } = decided(emptyMatchView(newMatchId()), create, nobody);
      const result = await createMatch(handle.db, { view, events, creatorId: "nobody", seed, inviteToken: null });
      expect(result.ok ? "" : result.code).toBe("ERR_USER_NOT_FOUND");
    });

    it("refuses an id that exists (ERR_MATCH_EXISTS) and writes nothing for it", async () => {
      const creator = await newUser(handle.db);
      const actor = { player: { id: creator.id, name: creator.username, isGuest: false }, kind: "registered" } as const;
      const id = newMatchId();
      const attempt = () => {
        const seed = vault.drawChain(3);
        const create = { type: "create", color: "white", matchLength: 3, visibility: "public", timeControl: null, rated: false, commitment: seed.commitment, chainLength: 5 } as const;
        const { view, events } = decided(emptyMatchView(id), create, actor);
        return createMatch(handle.db, { view, events, creatorId: creator.id, seed, inviteToken: null });
      };
      // At once, as two nodes answering one rematch would: one match, one refusal.
      const results = await Promise.all([attempt(), attempt()]);
      expect(results.map((result) => (result.ok ? "ok" : result.code)).sort()).toEqual(["ERR_MATCH_EXISTS", "ok"]);
      expect(await handle.db.prisma.matchEvent.count({ where: { matchId: id } })).toBe(1);
      expect(await handle.db.prisma.matchSeed.count({ where: { matchId: id } })).toBe(1);
    });

    it("holds the waiting cap against creates made at once (ERR_TOO_MANY_WAITING)", async () => {
      const creator = await newUser(handle.db);
      const actor = { player: { id: creator.id, name: creator.username, isGuest: false }, kind: "registered" } as const;
      const attempt = () => {
        const seed = vault.drawChain(1);
        const create = { type: "create", color: "black", matchLength: 1, visibility: "public", timeControl: null, rated: false, commitment: seed.commitment, chainLength: 1 } as const;
        const { view, events } = decided(emptyMatchView(newMatchId()), create, actor);
        return createMatch(handle.db, { view, events, creatorId: creator.id, seed, inviteToken: null, maxWaiting: 2 });
      };
      const results = await Promise.all(Array.from({ length: 5 }, attempt));
      expect(results.filter((result) => result.ok)).toHaveLength(2);
      expect(results.filter((result) => !result.ok).map((result) => (result.ok ? "" : result.code))).toEqual(["ERR_TOO_MANY_WAITING", "ERR_TOO_MANY_WAITING", "ERR_TOO_MANY_WAITING"]);
      expect(await handle.db.prisma.match.count({ where: { creatorId: creator.id, status: "waiting" } })).toBe(2);
    });
  });

  // The seat and seed rules are lib/match's (seating.test.ts); here, what storing their events writes.
  describe("a join", () => {
    it("stores the seat, the status seeding and a player-joined event", async () => {
      const { match, view } = await waitingMatch(handle.db, vault, { color: "white" });
      const joiner = await newUser(handle.db);
      await takeSeat(handle.db, view, joiner.id);
      const loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.match).toMatchObject({ status: "seeding", whiteId: view.players.white?.id, blackId: joiner.id, version: 2 });
      expect(loaded?.events[1]).toMatchObject({ sequence: 2, type: STORED_EVENT_TYPES.joined, actorId: joiner.id, payload: { userId: joiner.id, color: "black" } });
    });

    it("seats exactly one of several players joining at once: the others were decided on a version that is gone", async () => {
      // A fair-dice-v2 match: decide seats players in no other (lib/match/dice-protocol.ts).
      const { match, view } = await waitingMatch(handle.db, vault, { chain: true });
      const joiners = await Promise.all(Array.from({ length: 5 }, () => newUser(handle.db)));
      const results = await Promise.all(
        joiners.map(async (joiner) => {
          const joined = decided(view, { type: "join" }, { player: { id: joiner.id, name: joiner.username, isGuest: false }, kind: "registered" });
          return appendEvent(handle.db, eventAppend(view, joined.view, joined.events[0]!, joiner.id, new Date()));
        }),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.code))).toEqual(Array(4).fill("ERR_VERSION_CONFLICT"));
      expect((await loadMatch(handle.db, match.id))?.match.version).toBe(2);
    });
  });

  describe("a client seed", () => {
    it("is stored in MatchSeed with its client-seed event; the second one starts the match", async () => {
      const { match, view: created } = await waitingMatch(handle.db, vault);
      const joiner = await newUser(handle.db);
      const seated = await takeSeat(handle.db, created, joiner.id);
      const first = await addClientSeed(handle.db, seated, joiner.id, "first_seed");
      let loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.seed).toMatchObject({ whiteClientSeed: null, blackClientSeed: "first_seed" });
      expect(loaded?.match).toMatchObject({ status: "seeding", version: 3, startedAt: null });
      expect(loaded?.events[2]).toMatchObject({ sequence: 3, type: STORED_EVENT_TYPES.seed, actorId: joiner.id, payload: { color: "black", seed: "first_seed" } });
      await addClientSeed(handle.db, first, created.players.white?.id ?? "", "second_seed");
      loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.seed).toMatchObject({ whiteClientSeed: "second_seed", blackClientSeed: "first_seed" });
      expect(loaded?.match).toMatchObject({ status: "playing", version: 4 });
      expect(loaded?.match.startedAt).toBeInstanceOf(Date);
    });

    it("is never overwritten: a second one for a seat is refused by the version, and by the seed column if the log disagrees", async () => {
      const { match, view: created } = await waitingMatch(handle.db, vault);
      const white = created.players.white?.id ?? "";
      const seeded = await addClientSeed(handle.db, created, white, "kept_seed");
      const again = { type: "seed", color: "white", clientSeed: "other_seed" } as const;
      // Decided on the view before the first seed: that version is gone.
      const stale = await appendEvent(handle.db, eventAppend(created, evolve(created, again), again, white, new Date()));
      expect(stale.ok ? "" : stale.code).toBe("ERR_VERSION_CONFLICT");
      // At the current version, as only a log that lost the first seed's event could decide it: the column refuses.
      const forged = eventAppend(seeded, { ...seeded, version: 3 }, again, white, new Date());
      await expect(appendEvent(handle.db, forged)).rejects.toThrow(/white's client seed is already stored/);
      const loaded = await loadMatch(handle.db, match.id);
      expect(loaded?.seed.whiteClientSeed).toBe("kept_seed");
      expect(loaded?.match.version).toBe(2);
      expect(loaded?.events).toHaveLength(2);
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
