/**
 * `npm run verify -- --match <id>`: the verifier reads a finished match straight from the database.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BotClient } from "@/scripts/bot/bot-client";
import { entryArgs } from "@/tests/support/server-bundle";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;
let matchId = "";

beforeAll(async () => {
  // Bots act without thinking; the per-socket limit (30 per 2 s) is for people, and would pace them to 15 commands a
  // second (hostile-clients.test.ts tests the limit).
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
  const [a, b] = [await t.user(), await t.user()];
  const white = new BotClient({ url: t.url, cookie: a.cookie, seed: 5 });
  const black = new BotClient({ url: t.url, cookie: b.cookie, seed: 6 });
  await Promise.all([white.connect(), black.connect()]);
  matchId = (await white.create({ matchLength: 1, color: "white", visibility: "public" })).matchId;
  await black.join(matchId);
  await white.submitSeed("cli-white");
  await black.submitSeed("cli-black");
  await white.finished();
  white.close();
  black.close();
});

afterAll(async () => {
  await t.close();
});

function runVerify(args: string[]) {
  return spawnSync(process.execPath, [...entryArgs("verify"), ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${path.join(t.dir, "test.db")}` },
  });
}

describe("verify --match", () => {
  it("verifies a finished match from the database (exit 0)", () => {
    const run = runVerify(["--match", matchId]);
    expect(run.stdout).toContain("VERIFIED");
    expect(run.status).toBe(0);
  });

  it("says so when there is no such match (exit 2)", () => {
    const run = runVerify(["--match", "nosuchmatch0000"]);
    expect(run.stderr).toContain("match nosuchmatch0000: There is no such match.");
    expect(run.status).toBe(2);
  });
});
