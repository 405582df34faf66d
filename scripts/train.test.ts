/** Runs `npm run train` as a child process: the same seed must give the same weights, byte for byte. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "train-test-"));

function train(seed: number, name: string): { inputWeights: number[]; meta: { games: number; seed: number } } {
  const out = join(dir, name);
  const args = ["scripts/train.ts", "--seed", String(seed), "--games", "40", "--hidden", "8", "--check", "40", "--check-games", "2", "--out", out];
  const result = spawnSync("node_modules/.bin/tsx", args, { cwd: repoRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`train failed: ${result.stderr}`);
  return JSON.parse(readFileSync(out, "utf8")) as { inputWeights: number[]; meta: { games: number; seed: number } };
}

describe("npm run train", () => {
  const a = train(7, "a.json");
  const b = train(7, "b.json");
  const c = train(8, "c.json");

  it("is reproducible: the same seed writes the same weights", () => {
    expect(b.inputWeights).toEqual(a.inputWeights);
    expect(a.meta).toMatchObject({ games: 40, seed: 7 });
  });

  it("depends on the seed", () => {
    expect(c.inputWeights).not.toEqual(a.inputWeights);
  });
});
