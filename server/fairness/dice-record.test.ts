/**
 * The public dice record and its dataset on every test database: only finished public matches count (a running
 * match's seeds are secret, a private match is nobody else's), the counts are right, the cache computes once, and the
 * dataset streams every roll in order, in batches, and refuses bad filters and floods.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { newUser, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { Db } from "@/server/db/client";
import type { Visibility } from "@/server/db/types";
import { createLimiter } from "@/server/rate-limiter";
import { datasetResponse, datasetStream, parseDatasetQuery } from "./dice-dataset";
import { computeDiceRecord, DiceRecordCache } from "./dice-record";

type Rolled = readonly [number, number];
/** A finished public match's turn rolls (white, black, white, …) after its opening 3-1. */
const COUNTED: readonly Rolled[] = [[6, 6], [1, 2], [3, 3], [5, 4], [2, 1], [6, 6]];

/** A match with an opening 3-1 and these turn rolls, its status and visibility set as given. */
async function matchWithRolls(db: Db, rolls: readonly Rolled[], status: "finished" | "playing", visibility: Visibility, white?: string) {
  const waiting = await waitingMatch(db, testVault(), { color: "white", visibility });
  const black = await newUser(db, "black");
  const whiteId = white ?? waiting.creator.id;
  await db.prisma.match.update({ where: { id: waiting.match.id }, data: { status, whiteId, blackId: black.id } });
  await db.prisma.rollLog.createMany({
    data: [
      { matchId: waiting.match.id, nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 1 },
      ...rolls.map(([die1, die2], i) => ({ matchId: waiting.match.id, nonce: i + 1, game: 1, kind: "turn" as const, player: i % 2 === 0 ? ("white" as const) : ("black" as const), die1, die2 })),
    ],
  });
  return { matchId: waiting.match.id, whiteId, blackId: black.id };
}

const generous = () => createLimiter({ limit: 1000, windowMs: 60_000 }, `test:${Math.random()}`);

describe.each(testDatabaseKinds())("the public dice record on %s", (kind) => {
  let handle: TestDatabase;
  let counted: { matchId: string; whiteId: string };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    counted = await matchWithRolls(handle.db, COUNTED, "finished", "public");
    // Not counted: a running public match and a finished private one, with rolls that would show (all 1-1).
    await matchWithRolls(handle.db, [[1, 1], [1, 1], [1, 1]], "playing", "public");
    await matchWithRolls(handle.db, [[1, 1], [1, 1], [1, 1]], "finished", "private");
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("counts every roll of finished public matches only: faces, outcomes, doubles, months, players", async () => {
    const record = await computeDiceRecord(handle.db);
    expect(record.matches).toBe(1);
    expect(record.overall.rolls).toBe(7);
    expect(record.overall.doubles.count).toBe(3);
    expect(record.overall.outcomes.find((o) => o.label === "6-6")?.count).toBe(2);
    expect(record.overall.outcomes.find((o) => o.label === "1-1")?.count).toBe(0);
    // 3-1, 6-6, 1-2, 3-3, 5-4, 2-1, 6-6.
    expect(record.overall.faces).toEqual([3, 2, 3, 1, 1, 4]);
    expect(record.months).toHaveLength(1);
    expect(record.months[0]?.month).toBe(new Date().toISOString().slice(0, 7));
    expect(record.months[0]?.stats.rolls).toBe(7);
    // Turn rolls only, by their roller: white rolled 6-6, 3-3, 2-1; black 1-2, 5-4, 6-6.
    const white = record.players.find((p) => p.rolls === 3 && p.doubles === 2);
    const black = record.players.find((p) => p.rolls === 3 && p.doubles === 1);
    expect(white?.pipsPerRoll).toBeCloseTo((24 + 12 + 3) / 3);
    expect(black?.pipsPerRoll).toBeCloseTo((3 + 9 + 24) / 3);
    expect(record.luckOutliers).toEqual({ players: 0, outside: 0 });
  });

  it("computes once for a crowd, and again only after its time", async () => {
    let now = new Date("2026-12-01T00:00:00Z");
    const cache = new DiceRecordCache(handle.db, { ttlMs: 60_000, now: () => now });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    now = new Date(now.getTime() + 59_000);
    expect(await cache.get()).toBe(a);
    now = new Date(now.getTime() + 2_000);
    const later = await cache.get();
    expect(later).not.toBe(a);
    expect(later.overall.rolls).toBe(7);
  });

  it("streams every counted roll in order, in batches, as CSV and as JSON, with each match's audit link", async () => {
    const read = async (format: "csv" | "json", batch: number) => new Response(datasetStream(handle.db, {}, format, "https://fair.example", batch)).text();
    const csv = await read("csv", 2);
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("match_id,game,nonce,kind,player,die1,die2,audit");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 7).join(","))).toEqual([
      `${counted.matchId},1,0,opening,,3,1`,
      ...COUNTED.map(([d1, d2], i) => `${counted.matchId},1,${i + 1},turn,${i % 2 === 0 ? "white" : "black"},${d1},${d2}`),
    ]);
    expect(lines[1]?.split(",")[7]).toBe(`https://fair.example/api/matches/${counted.matchId}/audit`);
    const json = JSON.parse(await read("json", 3)) as { matchId: string; dice: number[] }[];
    expect(json.map((row) => row.dice)).toEqual([[3, 1], ...COUNTED]);
    expect(JSON.parse(await read("json", 100))).toEqual(json);
    // This month's window holds them all; a window with nothing in it is an empty list.
    const thisMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const windowed = JSON.parse(await new Response(datasetStream(handle.db, { from: thisMonth, until: new Date(thisMonth.getTime() + 40 * 86_400_000) }, "json", "x", 4)).text()) as unknown[];
    expect(windowed).toHaveLength(7);
    expect(JSON.parse(await new Response(datasetStream(handle.db, { from: new Date("2001-01-01"), until: new Date("2001-02-01") }, "json", "x")).text())).toEqual([]);
  });

  it("refuses bad filters and a flood from one address, and names the download", async () => {
    for (const query of ["from=2026-13", "from=26-01", "from=x", "to=2026-01&from=2026-02", "from=2026-01&from=2026-02", "limit=5", "from=<script>"]) {
      expect(parseDatasetQuery(new URLSearchParams(query)), query).toMatchObject({ ok: false, code: "ERR_BAD_REQUEST" });
    }
    expect(parseDatasetQuery(new URLSearchParams("from=2026-01&to=2026-01"))).toEqual({ ok: true, value: { from: new Date("2026-01-01T00:00:00Z"), until: new Date("2026-02-01T00:00:00Z") } });
    const bad = await datasetResponse(handle.db, new Request("http://x/api/fairness/dice.csv?from=nope"), "csv", generous());
    expect(bad.status).toBe(400);
    const limiter = createLimiter({ limit: 2, windowMs: 60_000 }, `test:${Math.random()}`);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await datasetResponse(handle.db, new Request("http://x/api/fairness/dice.json"), "json", limiter);
      statuses.push(answer.status);
      if (answer.status === 200) {
        expect(answer.headers.get("content-disposition")).toBe('attachment; filename="fairgammon-dice.json"');
        await answer.text();
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("names the site's host in the audit links, not the name the server listens on", async () => {
    // Behind the custom server a route's request.url says localhost whatever host the visitor used.
    const at = (headers: Record<string, string>) => new Request("http://localhost:3000/api/fairness/dice.csv", { headers });
    const firstAudit = async (answer: Response) => (await answer.text()).split("\n")[1]?.split(",")[7];
    const audit = `/api/matches/${counted.matchId}/audit`;
    expect(await firstAudit(await datasetResponse(handle.db, at({ host: "fair.example:8080" }), "csv", generous(), undefined))).toBe(`http://fair.example:8080${audit}`);
    expect(await firstAudit(await datasetResponse(handle.db, at({ host: "10.0.0.5:3000", "x-forwarded-host": "fair.example", "x-forwarded-proto": "https" }), "csv", generous(), undefined))).toBe(`https://fair.example${audit}`);
    expect(await firstAudit(await datasetResponse(handle.db, at({ host: "10.0.0.5:3000" }), "csv", generous(), "https://fairgammon.example"))).toBe(`https://fairgammon.example${audit}`);
  });
});
