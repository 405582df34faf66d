/** label-positions.ts as a child process: contact positions, labels that are probabilities, a seed that repeats, a resume. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodePositionId } from "@/lib/engine";
import { isRace } from "@/lib/analysis/contact";
import { entryArgs } from "@/tests/support/server-bundle";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "label-test-"));

function label(seed: number, positions: number, name: string): { pos: string; p: number[] }[] {
  const out = join(dir, name);
  const args = ["--seed", String(seed), "--positions", String(positions), "--ply", "1", "--out", out];
  // Its bundle (tests/support/server-bundle.ts; under tsx without one).
  const result = spawnSync(process.execPath, [...entryArgs("label-positions"), ...args], { cwd: repoRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`label-positions failed: ${result.stderr}`);
  return readFileSync(out, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { pos: string; p: number[] });
}

describe("label-positions", () => {
  it("labels distinct contact positions with five probabilities, the same for the same seed, and resumes a file", () => {
    const a = label(3, 6, "a.jsonl");
    expect(a).toHaveLength(6);
    expect(new Set(a.map((x) => x.pos)).size).toBe(6);
    for (const { pos, p } of a) {
      const decoded = decodePositionId(pos, "white");
      expect(decoded.ok && !isRace(decoded.value)).toBe(true);
      expect(p).toHaveLength(5);
      const [win, wg, wbg, lg, lbg] = p as [number, number, number, number, number];
      expect(win).toBeGreaterThanOrEqual(0);
      expect(win).toBeLessThanOrEqual(1);
      expect(wbg).toBeLessThanOrEqual(wg + 1e-6);
      expect(wg).toBeLessThanOrEqual(win + 1e-6);
      expect(lbg).toBeLessThanOrEqual(lg + 1e-6);
      expect(lg).toBeLessThanOrEqual(1 - win + 1e-6);
    }
    expect(label(3, 6, "b.jsonl")).toEqual(a);
    expect(label(4, 6, "c.jsonl")).not.toEqual(a);
    // Run again on the same file for more: the six stay, four new ones follow, none repeated.
    const more = label(3, 10, "a.jsonl");
    expect(more.slice(0, 6)).toEqual(a);
    expect(new Set(more.map((x) => x.pos)).size).toBe(10);
  }, 60_000);
});
