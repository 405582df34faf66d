/**
 * The events route's answers (its route handler sends `eventsResponse`): the whole log for whoever may see the match,
 * the same 404 for a private match a stranger may not see as for an unknown id, 400 for a malformed id, and no seed
 * before its reveal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { newUser, seededMatch, testVault } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { eventsResponse } from "./events-response";

let handle: TestDatabase;
const vault = testVault();
let running: { id: string; seed: string };
let hidden: { id: string; token: string; player: UserRow };
let stranger: UserRow;

beforeAll(async () => {
  handle = await openTestDatabase("sqlite");
  const live = await seededMatch(handle.db, vault);
  running = { id: live.match.id, seed: vault.reveal(live.seed) };
  const secret = await seededMatch(handle.db, vault, undefined, "private");
  hidden = { id: secret.match.id, token: secret.match.inviteToken ?? "", player: secret.black };
  stranger = await newUser(handle.db, "stranger");
});
afterAll(() => handle?.dispose());

const as = (user: UserRow | null) => async () => user;

describe("eventsResponse", () => {
  it("gives anyone a public match's whole log in order, never cached, without the secret seed", async () => {
    const answer = await eventsResponse(handle.db, running.id, undefined, as(null));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    const body = JSON.parse(text) as { version: number; events: { version: number; event: { type: string } }[] };
    expect(body.events.map((e) => e.version)).toEqual(Array.from({ length: body.version }, (_, i) => i + 1));
    expect(body.events[0]?.event.type).toBe("created");
    expect(body.events.map((e) => e.event.type)).toEqual(["created", "joined", "seed", "seed"]);
    expect(running.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain(running.seed);
  });

  it("answers a stranger about a private match exactly as about an unknown id, and lets its player and invitees in", async () => {
    const unknown = await eventsResponse(handle.db, "nosuchmatch00", undefined, as(stranger));
    const secret = await eventsResponse(handle.db, hidden.id, undefined, as(stranger));
    expect([unknown.status, secret.status]).toEqual([404, 404]);
    expect(await secret.json()).toEqual(await unknown.json());
    expect((await eventsResponse(handle.db, hidden.id, "wrong-token", as(null))).status).toBe(404);
    expect((await eventsResponse(handle.db, hidden.id, hidden.token, as(null))).status).toBe(200);
    expect((await eventsResponse(handle.db, hidden.id, undefined, as(hidden.player))).status).toBe(200);
  });

  it("refuses a malformed id without asking who is asking", async () => {
    let asked = false;
    const answer = await eventsResponse(handle.db, "<script>alert(1)</script>", undefined, async () => {
      asked = true;
      return null;
    });
    expect(answer.status).toBe(400);
    expect(asked).toBe(false);
    expect(await answer.text()).not.toContain("<script>");
  });
});
