import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, runPrismaCli } from "./prisma-cli";
import { schemaShape, shapeDifferences } from "./schema-shape";

const SQLITE_SCHEMA = "prisma/schema.prisma";
const POSTGRES_SCHEMA = "prisma/postgres/schema.prisma";
const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

describe("the two schemas", () => {
  it("have the same models, fields, types, attributes and enums", () => {
    const sqlite = schemaShape(read(SQLITE_SCHEMA));
    const postgres = schemaShape(read(POSTGRES_SCHEMA));
    expect(Object.keys(sqlite.models)).toEqual(["User", "Match", "MatchSeed", "RollLog", "MatchEvent", "Game", "AdminAudit", "MatchAnalysis", "RatingChange", "ChatMessage", "ChatReport", "ChatMute", "ChatSanction", "Follow", "Challenge", "Tournament", "StreamEvent", "TournamentEntry", "SiteSetting", "ProofKey", "DiceTally", "DicePlayerTally", "DiceTallyMatch", "TransparencyEntry", "TransparencyNode", "TransparencyHead"]);
    expect(shapeDifferences(sqlite, postgres, ["SQLite", "PostgreSQL"])).toEqual([]);
  });

  // Each mutation is a drift the check must catch (so the check above can fail).
  it.each([
    ["a changed type", "  nonce     Int", "  nonce     String"],
    ["a new field", "  die2      Int", "  die2      Int\n  die3      Int"],
    ["a dropped attribute", "@@unique([matchId, nonce])", ""],
    ["a changed default", 'role         Role     @default(USER)', 'role         Role     @default(ADMIN)'],
    ["a new enum value", "  aborted\n", "  aborted\n  abandoned\n"],
  ])("are told apart after %s", (_, from, to) => {
    const original = read(SQLITE_SCHEMA);
    expect(original).toContain(from);
    const mutated = original.replace(from, to);
    expect(shapeDifferences(schemaShape(original), schemaShape(mutated))).not.toEqual([]);
  });

  it("ignores what may differ: comments, layout, generator, datasource and native types", () => {
    const original = read(SQLITE_SCHEMA);
    const reworded = original
      .replace('provider = "sqlite"', 'provider = "postgresql"')
      .replace("  payload   String", "  // the JSON text\n  payload     String   @db.Text");
    expect(shapeDifferences(schemaShape(original), schemaShape(reworded))).toEqual([]);
  });
});

describe.concurrent("the migrations", () => {
  const scratch = mkdtempSync(join(tmpdir(), "fairgammon-drift-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const diff = (config: string, migrations: string, schema: string, env: Record<string, string> = {}) =>
    runPrismaCli(["migrate", "diff", "--config", config, "--from-migrations", migrations, "--to-schema-datamodel", schema, "--exit-code"], env);

  // The CLI opens the configured database even for a diff: point it at a scratch file, not ./data.
  const sqliteEnv = { DATABASE_URL: `file:${join(scratch, "unused.db")}` };

  it("capture everything in the SQLite schema", async () => {
    const { code, output } = await diff("prisma.config.ts", "prisma/migrations", SQLITE_SCHEMA, sqliteEnv);
    expect(output).toContain("No difference detected");
    expect(code).toBe(0);
  });

  it("are found wanting when the SQLite schema gains a column", async () => {
    const changed = join(scratch, "schema.prisma");
    writeFileSync(changed, read(SQLITE_SCHEMA).replace("  endReason   String?", "  endReason   String?\n  drifted     Int?"));
    const { code, output } = await diff("prisma.config.ts", "prisma/migrations", changed, sqliteEnv);
    expect(output).toContain("Added column `drifted`");
    expect(code).toBe(2);
  });

  it.runIf(process.env.TEST_POSTGRES_URL)("capture everything in the PostgreSQL schema", async () => {
    const { code, output } = await diff("prisma/postgres/prisma.config.ts", "prisma/postgres/migrations", POSTGRES_SCHEMA, {
      DATABASE_URL: process.env.TEST_POSTGRES_URL ?? "",
    });
    expect(output).toContain("No difference detected");
    expect(code).toBe(0);
  });
});
