import { describe, expect, it } from "vitest";
import { compatible, pairPlayers, ratingWindow, type QueueEntry } from "./pairing";

const NOW = 1_000_000;
const entry = (userId: string, rating: number, waitedMs = 0, options: Partial<QueueEntry> = {}): QueueEntry => ({
  userId, rating, matchLength: 5, rated: true, timeControl: null, joinedAt: NOW - waitedMs, ...options,
});
const CLOCK = { reserveMs: 600_000, delayMs: 12_000 };
const ids = (pairs: ReturnType<typeof pairPlayers>) => pairs.map(([a, b]) => [a.userId, b.userId]);

describe("the rating window", () => {
  it("starts at 50, grows by 50 every 10 s waited, and stops at 400", () => {
    expect([0, 9_999, 10_000, 25_000, 60_000, 70_000, 3_600_000].map(ratingWindow)).toEqual([50, 50, 100, 150, 350, 400, 400]);
    expect(ratingWindow(-5)).toBe(50);
  });
});

describe("pairing", () => {
  it("pairs only the same length and the same rated choice, never a player with themself", () => {
    expect(compatible(entry("a", 1500), entry("b", 1500, 0, { matchLength: 7 }), NOW)).toBe(false);
    expect(compatible(entry("a", 1500), entry("b", 1500, 0, { rated: false }), NOW)).toBe(false);
    expect(compatible(entry("a", 1500), entry("a", 1500), NOW)).toBe(false);
    expect(compatible(entry("a", 1500), entry("b", 1500, 0, { timeControl: CLOCK }), NOW)).toBe(false);
    expect(compatible(entry("a", 1500), entry("b", 1550), NOW)).toBe(true);
  });

  it("pairs a clock only with the same clock: reserve and delay", () => {
    const timed = (userId: string, timeControl: QueueEntry["timeControl"]) => entry(userId, 1500, 0, { timeControl });
    expect(compatible(timed("a", CLOCK), timed("b", { ...CLOCK }), NOW)).toBe(true);
    expect(compatible(timed("a", CLOCK), timed("b", { ...CLOCK, delayMs: 0 }), NOW)).toBe(false);
    expect(compatible(timed("a", CLOCK), timed("b", { ...CLOCK, reserveMs: 300_000 }), NOW)).toBe(false);
    expect(compatible(timed("a", CLOCK), timed("b", null), NOW)).toBe(false);
  });

  it("needs the gap inside both windows, so a newcomer is not handed a far opponent who has waited long", () => {
    const patient = entry("patient", 1500, 60_000); // window 350
    const newcomer = entry("newcomer", 1800); // window 50
    expect(pairPlayers([patient, newcomer], NOW)).toEqual([]);
    // 30 s later the newcomer's window is 200: still not 300. After 50 s it is 300: they play.
    expect(pairPlayers([patient, newcomer], NOW + 30_000)).toEqual([]);
    expect(ids(pairPlayers([patient, newcomer], NOW + 50_000))).toEqual([["patient", "newcomer"]]);
  });

  it("serves the longest-waiting player first, with the closest acceptable rating", () => {
    const pairs = pairPlayers(
      [entry("late", 1510, 1_000), entry("first", 1500, 20_000), entry("close", 1495, 5_000), entry("far", 1640, 5_000), entry("other", 1700, 15_000)],
      NOW,
    );
    // first (window 150) takes close (5 away) over late (10 away); other (1700) and far (1640) are 60 apart, within
    // other's 100 but not far's 50; late is left with nobody close enough.
    expect(ids(pairs)).toEqual([["first", "close"]]);
    expect(ids(pairPlayers([entry("other", 1700, 15_000), entry("far", 1640, 10_000)], NOW))).toEqual([["other", "far"]]);
  });

  it("pairs everybody it can in one pass, each player once", () => {
    const queue = Array.from({ length: 9 }, (_, i) => entry(`p${i}`, 1500 + i * 10, i * 1000));
    const pairs = pairPlayers(queue, NOW);
    expect(pairs).toHaveLength(4);
    const seen = pairs.flat().map((e) => e.userId);
    expect(new Set(seen).size).toBe(8);
  });
});
