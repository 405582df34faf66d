/**
 * The monitor (scripts/monitor.ts) against the real site: it follows a running server's log as matches are played,
 * then an operator rewrites one finished match — its record's digest in the log, every node and head re-made and
 * re-signed with the site's own key, the append-only triggers lifted as only someone with the database can — and the
 * monitor names the fork, with the evidence.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEntry, type LogEntry } from "@/lib/transparency";
import { playFinishedMatch } from "@/tests/support/finished-match";
import { tempDirs } from "@/tests/support/temp-dirs";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { TransparencyLog } from "./transparency-log";

let t: TestServer;
const tempDir = tempDirs("monitor-site-");

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});
afterAll(async () => {
  await t.close();
});

async function monitor(...args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/monitor.ts", ...args], { cwd: process.cwd() });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const [code] = (await once(child, "close")) as [number | null];
  return { code, stdout };
}

describe("the monitor against a running site", () => {
  it("follows the log as matches are played, then names the rewrite of a finished match", async () => {
    const state = join(tempDir(), "state.json");
    const run = () => monitor(t.url, "--state", state, "--once", "--audit-entries");
    const { matchId } = await playFinishedMatch(t, 501);
    await waitFor(async () => (await t.db.prisma.transparencyEntry.count({ where: { matchId } })) === 2, "the match-ended entry");
    const first = await run();
    expect(first.code, first.stdout).toBe(0);
    const second = await playFinishedMatch(t, 503);
    await waitFor(async () => (await t.db.prisma.transparencyEntry.count({ where: { matchId: second.matchId } })) === 2, "the second match-ended entry");
    const followed = await run();
    expect(followed.code, followed.stdout).toBe(0);
    expect(followed.stdout).toMatch(/ok size \d+ → \d+, consistent/);

    // The rewrite: the first match's end says another record; the log is rebuilt from its entries and re-signed.
    const rows = await t.db.prisma.transparencyEntry.findMany({ orderBy: { index: "asc" } });
    const entries = rows.map((row) => {
      const parsed = parseEntry(JSON.parse(row.entry));
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.entry;
    });
    const forged = entries.map((entry): LogEntry =>
      entry.kind === "match-ended" && entry.matchId === matchId ? { ...entry, recordDigest: createHash("sha256").update("another record").digest("hex") } : entry,
    );
    for (const table of ["TransparencyEntry", "TransparencyNode", "TransparencyHead"]) {
      await t.db.prisma.$executeRawUnsafe(`DROP TRIGGER "${table}_no_delete"`);
      await t.db.prisma.$executeRawUnsafe(`DELETE FROM "${table}"`);
    }
    const rewriter = new TransparencyLog(t.db, t.proofKey);
    for (const entry of forged) await rewriter.append(entry);

    const caught = await run();
    expect(caught.code, caught.stdout).toBe(1);
    expect(caught.stdout).toMatch(/!! (FORK|INCONSISTENT)/);
  });
});
