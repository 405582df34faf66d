/**
 * The settings route's answers, attacked as an outsider would: another site, no session, hostile and malformed
 * bodies, a flood; and two changes at once both kept. On every test database (PostgreSQL with TEST_POSTGRES_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PLAY_PREFERENCES } from "@/lib/play/preferences";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { newUser } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { createLimiter } from "@/server/rate-limiter";
import { preferencesResponse } from "./preferences-response";

const SITE = "http://localhost:3000";
const sameSite = { host: "localhost:3000", origin: SITE, "content-type": "application/json" };

function request(method: "GET" | "POST", body?: string, headers: Record<string, string> = sameSite): Request {
  return new Request(`${SITE}/api/account/preferences`, { method, headers, ...(body !== undefined && { body }) });
}

describe.each(testDatabaseKinds())("preferencesResponse on %s", (kind) => {
  let handle: TestDatabase;
  let user: UserRow;
  const generous = () => createLimiter({ limit: 1000, windowMs: 60_000 }, `test:${Math.random()}`);
  /** The user as the session would read them now (the route reads the row on every request). */
  const viewer = () => async () => handle.db.prisma.user.findUnique({ where: { id: user.id } });
  const stored = async () => (await handle.db.prisma.user.findUnique({ where: { id: user.id } }))?.preferences ?? null;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    user = await newUser(handle.db);
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("gives the defaults to a player who chose nothing, and refuses a visitor without a session", async () => {
    const answer = await preferencesResponse(handle.db, request("GET"), viewer(), generous());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ preferences: DEFAULT_PLAY_PREFERENCES });
    const anonymous = await preferencesResponse(handle.db, request("POST", '{"autoRoll":true}'), async () => null, generous());
    expect(anonymous.status).toBe(401);
    expect(await stored()).toBeNull();
  });

  it("saves a change and answers the whole set in force", async () => {
    const answer = await preferencesResponse(handle.db, request("POST", '{"autoRoll":true,"confirmPlays":false}'), viewer(), generous());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ preferences: { ...DEFAULT_PLAY_PREFERENCES, autoRoll: true, confirmPlays: false } });
    expect(JSON.parse((await stored()) ?? "null")).toEqual({ autoRoll: true, confirmPlays: false });
    const read = await preferencesResponse(handle.db, request("GET"), viewer(), generous());
    expect(((await read.json()) as { preferences: { autoRoll: boolean } }).preferences.autoRoll).toBe(true);
  });

  it("changes nothing for another site, a form post, or a body that is not known settings set to true or false", async () => {
    const before = await stored();
    const refusals: [Request, number][] = [
      [request("POST", '{"sound":true}', { ...sameSite, origin: "https://evil.test" }), 403],
      [request("POST", '{"sound":true}', { ...sameSite, "sec-fetch-site": "cross-site" }), 403],
      [request("POST", '{"sound":true}', { ...sameSite, "content-type": "text/plain" }), 415],
      [request("POST", "not json"), 400],
      [request("POST", "[]"), 400],
      [request("POST", "{}"), 400],
      [request("POST", '{"sound":"true"}'), 400],
      [request("POST", '{"sound":true,"role":"ADMIN"}'), 400],
      [request("POST", '{"<img src=x onerror=alert(1)>":true}'), 400],
      [request("POST", '{"__proto__":{"sound":true}}'), 400],
    ];
    for (const [index, [sent, status]] of refusals.entries()) {
      const answer = await preferencesResponse(handle.db, sent, viewer(), generous());
      const body = (await answer.json()) as { error: string; message: string };
      expect(answer.status, `refusal ${index}`).toBe(status);
      // Nothing of what was sent comes back.
      expect(JSON.stringify(body)).not.toMatch(/onerror|ADMIN/);
    }
    expect(await stored()).toBe(before);
  });

  it("keeps both of two changes made at once (two tabs)", async () => {
    const [a, b] = await Promise.all([
      preferencesResponse(handle.db, request("POST", '{"sound":true}'), viewer(), generous()),
      preferencesResponse(handle.db, request("POST", '{"notify":true}'), viewer(), generous()),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(JSON.parse((await stored()) ?? "null")).toMatchObject({ sound: true, notify: true });
  });

  it("holds a flood from one user to the limit, and lets another user through", async () => {
    const limiter = createLimiter({ limit: 3, windowMs: 60_000 }, `test:${Math.random()}`);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await preferencesResponse(handle.db, request("POST", `{"sound":${i % 2 === 0}}`), viewer(), limiter)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const other = await newUser(handle.db);
    const answer = await preferencesResponse(handle.db, request("POST", '{"sound":true}'), async () => other, limiter);
    expect(answer.status).toBe(200);
  });
});
