/**
 * Runs `npm run train` as a child process: the same seed must give the same weights, byte for byte; --supervised
 * refines the network it is given on labelled positions; race training can start games from gammon races, contact
 * training from primes.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { entryArgs } from "@/tests/support/server-bundle";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "train-test-"));

/** `npm run train -- <args>`: its bundle (tests/support/server-bundle.ts; under tsx without one), from the repository's root. */
function trainCli(args: readonly string[]) {
  return spawnSync(process.execPath, [...entryArgs("train"), ...args], { cwd: repoRoot, encoding: "utf8" });
}

interface Trained {
  readonly inputWeights: number[];
  readonly meta: { games: number; seed: number; averaged?: number };
}

function train(seed: number, name: string, games = 40, extra: readonly string[] = []): Trained {
  const out = join(dir, name);
  const args = ["--seed", String(seed), "--games", String(games), "--hidden", "8", "--check", String(games), "--check-games", "2", "--out", out, ...extra];
  const result = trainCli(args);
  if (result.status !== 0) throw new Error(`train failed: ${result.stderr}`);
  return JSON.parse(readFileSync(out, "utf8")) as Trained;
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

describe("npm run train --average-from", () => {
  // Samples every 100th game from G on: from 250 of 250 games one sample (the last weights), from 50 three.
  const plain = train(9, "plain.json", 250);
  const last = train(9, "last.json", 250, ["--average-from", "250"]);
  const mean = train(9, "mean.json", 250, ["--average-from", "50"]);

  it("writes the mean of the sampled weights: one sample is the last weights, three are not", () => {
    expect(last.inputWeights).toEqual(plain.inputWeights);
    expect(last.meta.averaged).toBe(1);
    expect(mean.meta.averaged).toBe(3);
    expect(mean.inputWeights).not.toEqual(plain.inputWeights);
    expect(plain.meta.averaged).toBeUndefined();
  });
});

describe("npm run train --supervised", () => {
  const labels = join(dir, "labels.jsonl");
  // Two positions with labels of our own (the opening and one met in self-play), as label-positions.ts writes them.
  writeFileSync(labels, ['{"pos":"4HPwATDgc/ABMA","p":[0.5,0.15,0.01,0.15,0.01]}', '{"pos":"jOfgASiYZ/ABMA","p":[0.45,0.12,0.005,0.16,0.01]}'].join("\n") + "\n");
  const run = (args: string[]) => trainCli(args);

  it("refines the --init network epoch by epoch and records where it came from", () => {
    const init = join(dir, "init.json");
    const first = run(["--seed", "7", "--games", "2", "--hidden", "8", "--check-games", "2", "--out", init]);
    expect(first.status, first.stderr).toBe(0);
    const out = join(dir, "refined.json");
    const refined = run(["--seed", "9", "--supervised", labels, "--epochs", "3", "--init", init, "--check-games", "2", "--out", out]);
    expect(refined.status, refined.stderr).toBe(0);
    expect(refined.stdout).toContain("epoch 0");
    expect(refined.stdout).toContain("epoch 3");
    const weights = JSON.parse(readFileSync(out, "utf8")) as { inputWeights: number[]; meta: { supervised: string[]; epoch: number } };
    expect(weights.meta).toMatchObject({ supervised: [labels], epoch: 3 });
    const before = JSON.parse(readFileSync(init, "utf8")) as { inputWeights: number[] };
    expect(weights.inputWeights).not.toEqual(before.inputWeights);
  });

  it("refines with Adam on mini-batches when asked, reproducibly, and refuses an optimiser it does not know", () => {
    const init = join(dir, "init-adam.json");
    expect(run(["--seed", "7", "--games", "2", "--hidden", "8", "--check-games", "2", "--out", init]).status).toBe(0);
    const adam = (out: string) =>
      run(["--seed", "9", "--supervised", labels, "--optimizer", "adam", "--batch", "2", "--epochs", "3", "--alpha", "0.01", "--alpha-end", "0.001", "--init", init, "--check-games", "2", "--out", out]);
    const [a, b] = [adam(join(dir, "adam-a.json")), adam(join(dir, "adam-b.json"))];
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toContain("adam");
    const weights = (file: string) => (JSON.parse(readFileSync(join(dir, file), "utf8")) as { inputWeights: number[] }).inputWeights;
    expect(weights("adam-a.json")).toEqual(weights("adam-b.json"));
    expect(weights("adam-a.json")).not.toEqual(weights("init-adam.json"));
    expect(b.status).toBe(0);
    const bogus = run(["--seed", "9", "--supervised", labels, "--optimizer", "lbfgs", "--init", init, "--out", join(dir, "x.json")]);
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toContain("--optimizer is sgd or adam");
  });

  it("refuses to refine without a network to start from", () => {
    const result = run(["--seed", "9", "--supervised", labels, "--out", join(dir, "x.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--init");
  });
});

describe("npm run train --race --gammon-races", () => {
  // Race games are short: 200 of them, from random races, straggler races and gammon races.
  const mixed = ["--race", "--stragglers", "0.3", "--gammon-races", "0.3"];
  const first = train(11, "gammon-a.json", 200, mixed);
  const again = train(11, "gammon-b.json", 200, mixed);
  const without = train(11, "gammon-none.json", 200, ["--race", "--stragglers", "0.3"]);

  it("starts some games from gammon races, reproducibly", () => {
    expect(again.inputWeights).toEqual(first.inputWeights);
    expect(without.inputWeights).not.toEqual(first.inputWeights);
  });

  it("refuses shares that add up to all the games or more", () => {
    const result = trainCli(["--race", "--seed", "1", "--games", "10", "--stragglers", "0.5", "--gammon-races", "0.5", "--out", join(dir, "x.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--gammon-races");
  });
});

describe("npm run train --prime-starts", () => {
  const primed = train(12, "prime-a.json", 40, ["--prime-starts", "0.5"]);
  const again = train(12, "prime-b.json", 40, ["--prime-starts", "0.5"]);
  const opening = train(12, "prime-none.json", 40);

  it("starts some contact games from a prime, reproducibly", () => {
    expect(again.inputWeights).toEqual(primed.inputWeights);
    expect(opening.inputWeights).not.toEqual(primed.inputWeights);
  });

  it("refuses a share of all the games or more", () => {
    const result = trainCli(["--seed", "1", "--games", "10", "--prime-starts", "1", "--out", join(dir, "x.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--prime-starts");
  });
});
