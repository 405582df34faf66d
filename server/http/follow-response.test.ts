/**
 * Following a player, attacked as an outsider would: another site, no session, a guest, yourself, a name that is not a
 * player, a flood; following twice is one follow. On every test database (PostgreSQL with TEST_POSTGRES_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { newUser } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { followedIds } from "@/server/players/follows";
import { createLimiter } from "@/server/rate-limiter";
import { followResponse } from "./follow-response";

const SITE = "http://localhost:3000";
const sameSite = { host: "localhost:3000", origin: SITE, "content-type": "application/json" };

function request(method: "POST" | "DELETE", headers: Record<string, string> = sameSite): Request {
  return new Request(`${SITE}/api/players/x/follow`, { method, headers, body: "{}" });
}

describe.each(testDatabaseKinds())("followResponse on %s", (kind) => {
  let handle: TestDatabase;
  let me: UserRow;
  let ada: UserRow;
  const generous = () => createLimiter({ limit: 1000, windowMs: 60_000 }, `test:${Math.random()}`);
  const as = (user: UserRow | null) => async () => user;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    me = await newUser(handle.db);
    ada = await newUser(handle.db);
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("follows once however often it is asked, and unfollows", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await followResponse(handle.db, request("POST"), ada.username, as(me), generous());
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ following: true, followers: 1 });
    }
    expect(await followedIds(handle.db, me.id)).toEqual([ada.id]);
    const undone = await followResponse(handle.db, request("DELETE"), ada.username, as(me), generous());
    expect(await undone.json()).toEqual({ following: false, followers: 0 });
    expect(await followedIds(handle.db, me.id)).toEqual([]);
  });

  it("refuses another site, a visitor, a guest, yourself and unknown names, and changes nothing", async () => {
    const guest = await handle.db.prisma.user.update({ where: { id: (await newUser(handle.db, "guest")).id }, data: { isGuest: true } });
    const cases: [Request, UserRow | null, string, number][] = [
      [request("POST", { ...sameSite, origin: "https://evil.test" }), me, ada.username, 403],
      [request("POST", { ...sameSite, "sec-fetch-site": "cross-site" }), me, ada.username, 403],
      [request("POST", { host: "localhost:3000", origin: SITE, "content-type": "text/plain" }), me, ada.username, 415],
      [request("POST"), null, ada.username, 401],
      [request("POST"), guest, ada.username, 403],
      [request("POST"), me, me.username, 400],
      [request("POST"), me, "nobody-by-that-name", 404],
      [request("POST"), me, guest.username, 404],
      [request("POST"), me, "<script>".repeat(20), 404],
    ];
    for (const [req, viewer, name, status] of cases) expect((await followResponse(handle.db, req, name, as(viewer), generous())).status).toBe(status);
    expect(await handle.db.prisma.follow.count({ where: { followerId: { in: [me.id, guest.id] } } })).toBe(0);
  });

  it("holds a flood to the limit", async () => {
    const limiter = createLimiter({ limit: 3, windowMs: 60_000 }, `test:${Math.random()}`);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await followResponse(handle.db, request(i % 2 ? "DELETE" : "POST"), ada.username, as(me), limiter)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
