import { relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "./client";
import { migrateDatabase } from "./migrate";
import { createEmptyDatabase } from "./test-databases";
import { createUser, findUserByUsername } from "./users";

describe("openDb", () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createEmptyDatabase("sqlite"));
    await migrateDatabase(url);
  });
  afterAll(() => drop());

  it("gives handles on the same SQLite file one client, however the path is written, until the last one closes", async () => {
    const absolute = openDb(url);
    const viaRelativePath = openDb(`file:${relative(process.cwd(), url.slice("file:".length))}`);
    expect(viaRelativePath.prisma).toBe(absolute.prisma);
    await absolute.close();
    await absolute.close();
    // Still open for the other handle (a second close of the same handle released nothing more).
    expect((await createUser(viaRelativePath, { username: "still-open" })).ok).toBe(true);
    await viaRelativePath.close();
    const reopened = openDb(url);
    expect(reopened.prisma).not.toBe(absolute.prisma);
    expect(await findUserByUsername(reopened, "still-open")).not.toBeNull();
    await reopened.close();
  });

  it("gives different databases different clients", async () => {
    const other = await createEmptyDatabase("sqlite");
    const a = openDb(url);
    const b = openDb(other.url);
    expect(a.prisma).not.toBe(b.prisma);
    await a.close();
    await b.close();
    await other.drop();
  });
});
