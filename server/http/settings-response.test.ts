/**
 * The admin settings route, attacked as an outsider would (another site, a form post, hostile bodies), and the
 * setting it changes: read back by every node from the database, the environment's default until changed, and each
 * change in the audit trail. On every test database (PostgreSQL with TEST_POSTGRES_URL). The admin gate itself
 * (403 for anyone else) is withAdmin's, tested with every admin route (server/auth/route-guards.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerTournamentsAllowed } from "@/server/admin/site-settings";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { newUser } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { settingsResponse } from "./settings-response";

const SITE = "http://localhost:3000";
const sameSite = { host: "localhost:3000", origin: SITE, "content-type": "application/json" };
const post = (body: string, headers: Record<string, string> = sameSite) => new Request(`${SITE}/api/admin/settings`, { method: "POST", headers, body });

describe.each(testDatabaseKinds())("settingsResponse on %s", (kind) => {
  let handle: TestDatabase;
  let admin: UserRow;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    admin = await handle.db.prisma.user.update({ where: { id: (await newUser(handle.db, "admin")).id }, data: { role: "ADMIN" } });
  }, 60_000);
  afterAll(() => handle?.dispose());

  it("follows the environment until changed, then the database; each change is audited", async () => {
    expect(await playerTournamentsAllowed(handle.db, false)).toBe(false);
    expect(await playerTournamentsAllowed(handle.db, true)).toBe(true);
    const answer = await settingsResponse(handle.db, post('{"playerTournaments":true}'), admin);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ playerTournaments: true });
    expect(await playerTournamentsAllowed(handle.db, false)).toBe(true);
    await settingsResponse(handle.db, post('{"playerTournaments":false}'), admin);
    expect(await playerTournamentsAllowed(handle.db, true)).toBe(false);
    const audit = await handle.db.prisma.adminAudit.findMany({ where: { adminId: admin.id, action: "settings" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => row.details)).toEqual(['{"playerTournaments":true}', '{"playerTournaments":false}']);
  });

  it("refuses another site, a form post and every other body, and changes nothing", async () => {
    const before = await handle.db.prisma.adminAudit.count();
    const cases: [Request, number][] = [
      [post('{"playerTournaments":true}', { ...sameSite, origin: "https://evil.test" }), 403],
      [post('{"playerTournaments":true}', { ...sameSite, "sec-fetch-site": "cross-site" }), 403],
      [post("playerTournaments=true", { host: "localhost:3000", origin: SITE, "content-type": "application/x-www-form-urlencoded" }), 415],
      [post('{"playerTournaments":"yes"}'), 400],
      [post('{"playerTournaments":true,"role":"ADMIN"}'), 400],
      [post("[]"), 400],
      [post("not json"), 400],
      [post('{"__proto__":{"playerTournaments":true}}'), 400],
    ];
    for (const [request, status] of cases) expect((await settingsResponse(handle.db, request, admin)).status).toBe(status);
    expect(await handle.db.prisma.adminAudit.count()).toBe(before);
  });
});
