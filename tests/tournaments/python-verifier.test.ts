/**
 * The independent tournament-draw-v1 verifier (tests/tournaments/verify_draw.py: Python's standard library only,
 * written from docs/tournaments.md alone) agrees with lib/tournament: on every published vector — draw orders, first
 * rounds, played and tampered tournaments — and on tournaments simulated from fresh random seeds, fields and results,
 * tampered or not. Needs `python3` (CI installs it).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { simulateTournament, verifyDraw, type DrawRecord } from "@/lib/tournament";
import { mulberry32 } from "@/scripts/bot/random";

const HERE = import.meta.dirname;
const VERIFIER = path.join(HERE, "verify_draw.py");
const VECTORS = JSON.parse(readFileSync(path.join(HERE, "..", "..", "lib", "tournament", "fixtures", "tournament-draw-v1.vectors.json"), "utf8")) as {
  orders: { seed: string; entrants: string[]; order: string[] }[];
  records: { name: string; record: DrawRecord; expected: { verdict: string; failed: unknown[] } }[];
};
const dir = mkdtempSync(path.join(tmpdir(), "tournament-draw-py-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Python verifier's reports on many records, in one run (`--batch`). */
function python(records: readonly DrawRecord[]): { verdict: string; failed: unknown[] }[] {
  const file = path.join(dir, `${randomBytes(6).toString("hex")}.json`);
  writeFileSync(file, JSON.stringify(records));
  const reports = JSON.parse(execFileSync("python3", [VERIFIER, "--batch", file], { encoding: "utf8" })) as { verdict: string; checks: { status: string }[] }[];
  return reports.map((report) => ({ verdict: report.verdict, failed: report.checks.filter((check) => check.status === "failed") }));
}

/** The single-record command line, as a person runs it: exit 0 only when verified. */
function pythonExit(record: DrawRecord): number {
  const file = path.join(dir, `${randomBytes(6).toString("hex")}.json`);
  writeFileSync(file, JSON.stringify(record));
  try {
    execFileSync("python3", [VERIFIER, file], { encoding: "utf8" });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

function ours(record: DrawRecord) {
  const report = verifyDraw(record);
  return { verdict: report.verdict, failed: report.checks.filter((check) => check.status === "failed") };
}


describe("the independent Python verifier of tournament draws", () => {
  it("computes every published draw order", () => {
    for (const vector of VECTORS.orders) {
      expect(JSON.parse(execFileSync("python3", [VERIFIER, "--order", vector.seed, ...vector.entrants], { encoding: "utf8" }))).toEqual(vector.order);
    }
  });

  it("gives every published tournament its published verdict and failed checks", () => {
    const reports = python(VECTORS.records.map((vector) => vector.record));
    VECTORS.records.forEach((vector, i) => expect(reports[i], vector.name).toEqual(vector.expected));
    const [verified, failed] = [VECTORS.records.find((v) => v.expected.verdict === "verified")!, VECTORS.records.find((v) => v.expected.verdict === "failed")!];
    expect([pythonExit(verified.record), pythonExit(failed.record)]).toEqual([0, 1]);
  });

  it("agrees with lib/tournament on tournaments from fresh seeds, played and tampered", { timeout: 60_000 }, () => {
    const random = mulberry32(Number.parseInt(randomBytes(4).toString("hex"), 16));
    const records: DrawRecord[] = [];
    for (let k = 0; k < 40; k++) {
      const n = 2 + Math.floor(random() * 11);
      const entrants = Array.from({ length: n }, (_, i) => `u${Math.floor(random() * 1e6)}x${i}`);
      const format = random() < 0.5 ? "knockout" : "swiss";
      const withdrawals = format === "swiss" && n > 4 && random() < 0.5 ? [{ player: entrants[1]!, fromRound: 2 + Math.floor(random() * 2) }] : [];
      const record = simulateTournament({ seed: randomBytes(32).toString("hex"), entrants, format, rounds: Math.min(n - 1, 4), withdrawals }, (p) => (random() < 0.5 || p.black === null ? p.white : p.black));
      expect(ours(record).verdict).toBe("verified");
      records.push(record);
      // Tampered: the winners of the first round turned around (knockouts and Swiss rounds after it change).
      if (record.rounds.length > 1) {
        const [first, ...rest] = record.rounds;
        const flipped = { ...first!, winners: first!.winners.map((w, i) => { const p = first!.pairings[i]!; return p.black === null ? w : w === p.white ? p.black : p.white; }) };
        records.push({ ...record, rounds: [flipped, ...rest] });
      }
    }
    const reports = python(records);
    records.forEach((record, i) => expect(reports[i], `${record.format} of ${record.entrants.length} (${i})`).toEqual(ours(record)));
    // The flipped ones that changed a later round fail there in both.
    expect(reports.some((report) => report.verdict === "failed")).toBe(true);
  });
});
