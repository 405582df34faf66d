/**
 * The kernel and its stream store on each database (SQLite; PostgreSQL with TEST_POSTGRES_URL): the version check
 * lets one writer of a version through and makes the other decide again (two kernels on one database are two
 * nodes), a refusal stores nothing, a corrupt payload is named where it is read, and the table is append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { err } from "@/lib/engine/types";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { createLogger } from "@/server/log";
import { Kernel, type Aggregate } from "./kernel";
import { StreamStore } from "./stream-store";

/** A counter that counts to a limit: the smallest aggregate with a rule, a refusal and a settle. */
type Event = { readonly type: "added"; readonly by: string } | { readonly type: "capped" };
interface View {
  readonly version: number;
  readonly count: number;
  readonly capped: boolean;
}
type Command = { readonly type: "add"; readonly by: string } | { readonly type: "settle" };
const counter: Aggregate<View, Command, Event, { readonly limit: number }, "ERR_FULL"> = {
  name: "counter",
  empty: () => ({ version: 0, count: 0, capped: false }),
  evolve: (view, event) => ({ version: view.version + 1, count: view.count + (event.type === "added" ? 1 : 0), capped: view.capped || event.type === "capped" }),
  decide: (view, command, { limit }) => {
    if (command.type === "settle") return { ok: true, events: view.count >= limit && !view.capped ? [{ type: "capped" }] : [] };
    return view.capped ? err("ERR_FULL") : { ok: true, events: [{ type: "added", by: command.by }] };
  },
  settle: { type: "settle" },
  parse: (payload) => {
    const event = payload as Event;
    if (event.type !== "added" && event.type !== "capped") throw new Error("not a counter event");
    return event;
  },
};

describe.each(testDatabaseKinds())("the command kernel on %s", (kind) => {
  let handle: TestDatabase;
  const logger = createLogger("error", () => {});
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.dispose();
  });

  it("stores each of many commands from two nodes once, in one order, and settles once", async () => {
    const store = new StreamStore(handle.db);
    const [a, b] = [new Kernel(counter, { store, logger }), new Kernel(counter, { store: new StreamStore(handle.db), logger })];
    const heard: number[] = [];
    a.onStored((message) => heard.push(message.version));
    const context = () => ({ limit: 6 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).command("c1", { type: "add", by: `n${i}` }, context)));
    const accepted = answers.filter((answer) => answer.ok);
    const refused = answers.filter((answer) => !answer.ok);
    // Six adds, then the cap (settle) refuses the rest; a conflict that outlasted its retries is ERR_CONFLICT, never a lost add.
    const events = await store.read("counter:c1", counter.parse);
    expect(events.filter((e) => e.type === "added")).toHaveLength(accepted.length);
    expect(events.filter((e) => e.type === "capped")).toHaveLength(1);
    expect(refused.every((answer) => !answer.ok && (answer.code === "ERR_FULL" || answer.code === "ERR_CONFLICT"))).toBe(true);
    const conflicts = refused.filter((answer) => !answer.ok && answer.code === "ERR_CONFLICT").length;
    expect(accepted.length).toBe(conflicts === 0 ? 6 : Math.min(6, 8 - conflicts));
    expect(await store.version("counter:c1")).toBe(events.length);
    expect(new Set(heard).size).toBe(heard.length);
  });

  it("stores nothing for a refusal, and names a corrupt event where it is read", async () => {
    const store = new StreamStore(handle.db);
    const kernel = new Kernel(counter, { store, logger });
    expect((await kernel.command("c2", { type: "add", by: "x" }, () => ({ limit: 1 }))).ok).toBe(true);
    expect(await kernel.command("c2", { type: "add", by: "y" }, () => ({ limit: 1 }))).toMatchObject({ ok: false, code: "ERR_FULL" });
    expect(await store.version("counter:c2")).toBe(2);
    await handle.db.prisma.streamEvent.create({ data: { stream: "counter:c3", version: 1, type: "added", payload: JSON.stringify({ type: "bogus" }) } });
    await expect(store.read("counter:c3", counter.parse)).rejects.toThrow(/stream counter:c3: event 1 is corrupt/);
  });

  it("refuses a stale append and keeps the table append-only", async () => {
    const store = new StreamStore(handle.db);
    expect(await store.append("s:1", 0, [{ type: "added" }], new Date())).toMatchObject({ ok: true, value: 1 });
    expect(await store.append("s:1", 0, [{ type: "added" }], new Date())).toMatchObject({ ok: false, code: "ERR_CONFLICT" });
    await expect(handle.db.prisma.$executeRawUnsafe(`UPDATE "StreamEvent" SET "type" = 'x' WHERE "stream" = 's:1'`)).rejects.toThrow(/append-only/);
    await expect(handle.db.prisma.$executeRawUnsafe(`DELETE FROM "StreamEvent" WHERE "stream" = 's:1'`)).rejects.toThrow(/append-only/);
  });
});
