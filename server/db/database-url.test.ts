import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTarget, ensureSqliteDirectory, targetOf } from "./database-url";
import { poolConfigOf } from "./postgres-adapter";

describe("databaseTarget", () => {
  // Expected values: the rule in the brief and README (DATABASE_URL picks; default file:./data/fairgammon.db; DATA_DIR moves it).
  it.each([
    [{}, { kind: "sqlite", url: "file:./data/fairgammon.db", file: "./data/fairgammon.db" }],
    [{ DATABASE_URL: "" }, { kind: "sqlite", url: "file:./data/fairgammon.db", file: "./data/fairgammon.db" }],
    [{ DATA_DIR: "/var/lib/fg/" }, { kind: "sqlite", url: "file:/var/lib/fg/fairgammon.db", file: "/var/lib/fg/fairgammon.db" }],
    [{ DATABASE_URL: "file:/tmp/x.db", DATA_DIR: "/ignored" }, { kind: "sqlite", url: "file:/tmp/x.db", file: "/tmp/x.db" }],
    [{ DATABASE_URL: "postgres://u@h/db" }, { kind: "postgres", url: "postgres://u@h/db" }],
    [{ DATABASE_URL: "postgresql://u:p@h:5433/db" }, { kind: "postgres", url: "postgresql://u:p@h:5433/db" }],
  ])("%j → %j", (env, expected) => {
    expect(databaseTarget(env)).toEqual(expected);
  });

  it("refuses a URL that is neither SQLite nor PostgreSQL", () => {
    expect(() => targetOf("mysql://u@h/db")).toThrow(/DATABASE_URL must start with/);
  });

  it("creates the data folder on demand", () => {
    const root = mkdtempSync(join(tmpdir(), "fairgammon-url-"));
    try {
      ensureSqliteDirectory(targetOf(`file:${join(root, "a", "b", "x.db")}`));
      expect(statSync(join(root, "a", "b")).isDirectory()).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("poolConfigOf", () => {
  // Expected values: the URL's parts (WHATWG URL parsing), percent-decoded; 5432 is PostgreSQL's default port.
  it.each([
    ["postgresql://postgres@127.0.0.1:5432/test", { host: "127.0.0.1", port: 5432, user: "postgres", password: undefined, database: "test" }],
    ["postgres://a%40b:p%2Fw@db.example:6543/my%20db", { host: "db.example", port: 6543, user: "a@b", password: "p/w", database: "my db" }],
    ["postgresql://localhost", { host: "localhost", port: 5432, user: undefined, password: undefined, database: undefined }],
  ])("%s", (url, expected) => {
    expect(poolConfigOf(url)).toEqual(expected);
  });
});
