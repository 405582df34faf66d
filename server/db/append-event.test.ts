import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendEvent } from "./append-event";
import { loadMatch } from "./match-read";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "./test-databases";
import { seededMatch, testVault } from "./test-fixtures";
import type { JsonValue } from "./types";

const vault = testVault();

describe.each(testDatabaseKinds())("appendEvent on %s", (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle?.dispose());

  it("lets exactly one of many concurrent appends with the same expected version win", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    const contenders = 12;
    const results = await Promise.all(
      Array.from({ length: contenders }, (_, i) =>
        appendEvent(db, {
          matchId: match.id,
          expectedVersion: version,
          event: { type: "roll", payload: { contender: i } },
          roll: { nonce: 0, game: 1, kind: "opening", player: null, die1: 1 + (i % 6), die2: 1 + ((i + 1) % 6) },
        }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toEqual({ ok: true, value: { version: version + 1 } });
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.code))).toEqual(Array(contenders - 1).fill("ERR_VERSION_CONFLICT"));
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match.version).toBe(version + 1);
    const winner = loaded?.events.at(-1)?.payload as { contender: number };
    // The one logged roll is the winner's, and no loser left an event behind.
    expect(loaded?.events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(loaded?.rolls).toHaveLength(1);
    expect(loaded?.rolls[0]?.die1).toBe(1 + (winner.contender % 6));
  });

  it("refuses a nonce that is already logged and writes nothing", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    const roll = { nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 5 } as const;
    expect(await appendEvent(db, { matchId: match.id, expectedVersion: version, event: { type: "roll", payload: 1 }, roll })).toEqual({
      ok: true,
      value: { version: version + 1 },
    });
    const again = await appendEvent(db, { matchId: match.id, expectedVersion: version + 1, event: { type: "roll", payload: 2 }, roll: { ...roll, die1: 4 } });
    expect(again.ok ? "" : again.code).toBe("ERR_NONCE_TAKEN");
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match.version).toBe(version + 1);
    expect(loaded?.events).toHaveLength(version + 1);
    expect(loaded?.rolls.map((r) => r.die1)).toEqual([3]);
  });

  it("refuses an expected version the match is not at, stale or ahead, and writes nothing", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    for (const expectedVersion of [version - 1, version + 1, version + 5]) {
      const result = await appendEvent(db, { matchId: match.id, expectedVersion, event: { type: "x", payload: expectedVersion } });
      expect(result.ok ? "" : result.code).toBe("ERR_VERSION_CONFLICT");
    }
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match.version).toBe(version);
    expect(loaded?.events).toHaveLength(version);
  });

  it("answers ERR_MATCH_NOT_FOUND for an unknown match", async () => {
    const result = await appendEvent(handle.db, { matchId: "no-such-match", expectedVersion: 0, event: { type: "x", payload: null } });
    expect(result.ok ? "" : result.code).toBe("ERR_MATCH_NOT_FOUND");
  });

  it("applies the match update and records a finished game with the event, once per game number", async () => {
    const { db } = handle;
    const { match, version } = await seededMatch(db, vault);
    const finishedAt = new Date("2026-11-29T12:00:00.000Z");
    const game = { number: 1, winner: "black", points: 2, resultType: "gammon", endedBy: "bear-off", cubeValue: 1, crawford: false } as const;
    const ended = await appendEvent(db, {
      matchId: match.id,
      expectedVersion: version,
      event: { type: "ended", payload: { winner: "black" } },
      matchUpdate: { status: "finished", scoreBlack: 2, winner: "black", endReason: "completed", finishedAt },
      game,
    });
    expect(ended.ok).toBe(true);
    const loaded = await loadMatch(db, match.id);
    expect(loaded?.match).toMatchObject({ status: "finished", scoreWhite: 0, scoreBlack: 2, winner: "black", endReason: "completed", finishedAt, version: version + 1 });
    expect(loaded?.games).toMatchObject([game]);
    const twice = await appendEvent(db, { matchId: match.id, expectedVersion: version + 1, event: { type: "ended", payload: null }, game });
    expect(twice.ok ? "" : twice.code).toBe("ERR_GAME_RECORDED");
  });

  it("rebuilds a match from its events: every payload comes back in order, unchanged", async () => {
    const { db } = handle;
    const { match, version, white } = await seededMatch(db, vault);
    // Payloads of every JSON shape, including text that needs escaping and characters outside ASCII.
    const payloads: JsonValue[] = [
      { type: "move", play: [{ from: 24, to: 18 }, { from: 13, to: 11 }], notation: "24/18 13/11" },
      [1, 2.5, -3, true, false, null],
      "quote \" backslash \\ newline \n tab \t unicode é 🎲",
      0,
      null,
      { nested: { deeper: { list: [{ empty: {} }, []] } } },
    ];
    let current = version;
    for (const payload of payloads) {
      const result = await appendEvent(db, { matchId: match.id, expectedVersion: current, event: { type: "action", payload, actorId: white.id } });
      if (!result.ok) throw new Error(result.code);
      current = result.value.version;
    }
    const loaded = await loadMatch(db, match.id);
    const played = loaded?.events.slice(version) ?? [];
    expect(played.map((e) => e.sequence)).toEqual(payloads.map((_, i) => version + 1 + i));
    expect(played.map((e) => e.payload)).toEqual(payloads);
    expect(played.every((e) => e.type === "action" && e.actorId === white.id)).toBe(true);
  });
});
