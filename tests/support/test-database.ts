/**
 * A migrated test database (server/db/test-databases.ts) for the tests of a describe block: opened before them — or
 * before each one, with `{ perTest: true }`, for tests that must start from an empty database — and removed after.
 *
 * @example
 *   describe.each(testDatabaseKinds())("matches on %s", (kind) => {
 *     const handle = useTestDatabase(kind);
 *     it("…", async () => { await createUser(handle.db, { username: "ada" }); });
 *   });
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Db } from "@/server/db/client";
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from "@/server/db/test-databases";

export interface TestDatabaseHandle {
  /** The open database (only inside the tests). */
  readonly db: Db;
  readonly url: string;
}

export function useTestDatabase(kind: TestDatabaseKind, { perTest = false }: { perTest?: boolean } = {}): TestDatabaseHandle {
  let database: TestDatabase | null = null;
  const open = async () => {
    database = await openTestDatabase(kind);
  };
  const dispose = async () => {
    await database?.dispose();
    database = null;
  };
  if (perTest) {
    beforeEach(open);
    afterEach(dispose);
  } else {
    beforeAll(open);
    afterAll(dispose);
  }
  const current = () => {
    if (!database) throw new Error(`the ${kind} test database is not open (useTestDatabase opens it before the tests)`);
    return database;
  };
  return {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
  };
}
