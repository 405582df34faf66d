/**
 * The fair-dice-v3 Python check in docs/provably-fair.md (the player's guide), run as a player would run it: copied
 * out of the guide (its second ```python block; the first is the v2 check, tests/fair-dice-v2/guide-python.test.ts)
 * into a file, and given the published v3 vectors and bundles lib/dice simulates and signs — good, a changed value, a
 * value not on its chain (re-signed), a replaced salt (re-signed), a changed die. Its verdict must agree with the
 * vectors' (and with verifyV3's) and the checks it names with their failed checks, as far as the recipe covers them.
 * The French and Portuguese guides must carry the same code, byte for byte (i18n/guide.test.ts checks every block).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROOF_KEYS_FORMAT, signProofV3, signSimulatedV3, simulateMatchV3, verifyV3, type AuditBundleV3, type ProofKey } from "@/lib/dice";
import { CLIENT_SEEDS, keyEntry, SEED, scratchFiles } from "../fair-dice-v2/verifier-inputs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const { file } = scratchFiles("guide-python-v3-");

/** The checks of docs/fair-dice-v3.md, section 7, that the recipe makes; it names each failure with its id. */
const COVERED = ["seed-chain", "nonce-sequence", "chain-heads", "chain-values", "contributions", "rolls-recomputed", "signature", "record-moves"];

const pythonBlocks = (text: string) => [...text.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
const guideOf = (name: string) => readFileSync(join(repoRoot, "docs", name), "utf8");
const recipeOf = (name: string) => pythonBlocks(guideOf(name)).find((block) => block.includes("fair-dice-v3")) ?? "";

interface Vector {
  label: string;
  bundle: unknown;
  verdict: string;
  failedChecks: string[];
}
const vectors = JSON.parse(readFileSync(join(repoRoot, "lib/dice/fixtures/fair-dice-v3.vectors.json"), "utf8")) as { keys: { keys: unknown[] }; bundles: Vector[] };

type Mutable = { rolls: { nonce: number; game: number; kind: string; player: "white" | "black" | null; salts: Record<string, string>; values: Record<string, string>; dice: [number, number] }[] };
const copy = (value: unknown): Mutable => JSON.parse(JSON.stringify(value)) as Mutable;

describe("the fair-dice-v3 Python check in docs/provably-fair.md", () => {
  const hasCryptography = spawnSync("python3", ["-c", "import cryptography"]).status === 0;
  const snippet = recipeOf("provably-fair.md");
  const script = file("check3.py", snippet);
  const run = (bundle: unknown, keys: string) => {
    const result = spawnSync("python3", [script, file(`${randomBytes(6).toString("hex")}.json`, bundle), keys], { encoding: "utf8" });
    const named = [...result.stdout.matchAll(/^MISMATCH: \(([a-z-]+)\)/gm)].map((m) => m[1]!);
    return { ...result, named: [...new Set(named)].sort() };
  };
  const covered = (failed: readonly string[]) => failed.filter((id) => COVERED.includes(id)).sort();

  it("is in the guide, after the v2 check, and the same in French and Portuguese", () => {
    expect(snippet).toContain("def statement(b, key_id):");
    expect(snippet).toContain('"fairgammon-signed-proof-2"');
    expect(pythonBlocks(guideOf("provably-fair.md"))[0]).toContain('"fairgammon-signed-proof-1"');
    expect(recipeOf("provably-fair.fr.md")).toBe(snippet);
    expect(recipeOf("provably-fair.pt-BR.md")).toBe(snippet);
  });

  it.skipIf(!hasCryptography)("agrees with every published vector: verdict, and the failed checks it covers", () => {
    const keys = file("vector-keys.json", vectors.keys);
    for (const vector of vectors.bundles) {
      const result = run(vector.bundle, keys);
      const context = `${vector.label}: ${result.stdout}${result.stderr}`;
      if (vector.failedChecks.includes("bundle-format")) {
        // Not a v3 bundle's shape: every other check is skipped there, while the recipe trusts the shape, so it stops
        // (an error) or fails whatever it trips on; it never accepts the file.
        expect(result.status, context).not.toBe(0);
        expect(result.status, context).not.toBe(2);
        continue;
      }
      expect(result.named, context).toEqual(covered(vector.failedChecks));
      if (covered(vector.failedChecks).length > 0) {
        expect(result.status, context).toBe(1);
        expect(result.stdout, context).toMatch(/\nFAILED: .*\n$/);
      } else {
        // Verified, not yet revealed (its waiting rolls counted), incomplete for want of a record, or failed only
        // by `forwarded-salts`, which needs a browser's kept values: OK when signed, INCOMPLETE when not.
        const signed = (vector.bundle as { signature?: unknown }).signature !== undefined;
        expect(result.status, context).toBe(signed ? 0 : 2);
        expect(result.stderr, context).toBe("");
        if (vector.verdict === "not-yet-revealed") expect(result.stdout, context).toMatch(/, [1-9]\d* waiting for/);
      }
    }
  }, 120_000); // 37 runs of python3

  describe.skipIf(!hasCryptography)("on bundles lib/dice simulates and signs", () => {
    const KEY = new Uint8Array(randomBytes(32));
    const keyList = { format: PROOF_KEYS_FORMAT, keys: [keyEntry(KEY)] };
    const keysPath = file("keys.json", keyList);
    const simulated = simulateMatchV3({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 5, games: 3, turnsPerGame: 10 });
    const good = signSimulatedV3(simulated, { privateKey: KEY });
    const resign = (bundle: Mutable) => signProofV3(bundle as unknown as AuditBundleV3, KEY);
    const turnIndex = good.rolls.findIndex((roll) => roll.game === 2 && roll.kind === "turn");
    const turn = good.rolls[turnIndex]!;
    const opponent = turn.player === "white" ? "black" : "white";

    const changedValue = copy(good);
    changedValue.rolls[turnIndex]!.values[opponent] = randomBytes(32).toString("hex");
    const offChain = resign(copy(changedValue)); // the site itself re-signs: only the chain can tell
    const replacedSalt = copy(good);
    replacedSalt.rolls[turnIndex]!.salts[turn.player!] = randomBytes(16).toString("hex");
    const changedDie = copy(good);
    changedDie.rolls[turnIndex]!.dice[0] = (changedDie.rolls[turnIndex]!.dice[0] % 6) + 1;
    const cases: [string, unknown, string[]][] = [
      ["good", good, []],
      ["tampered value", changedValue, ["chain-values", "rolls-recomputed", "signature"]],
      ["value not on chain, re-signed", offChain, ["chain-values", "rolls-recomputed"]],
      ["replaced salt, re-signed", resign(copy(replacedSalt)), ["rolls-recomputed"]],
      ["changed die", changedDie, ["record-dice", "rolls-recomputed", "signature"]],
    ];

    it.each(cases)("%s: the recipe names the checks lib/dice fails", (_label, bundle, expected) => {
      const report = verifyV3(JSON.parse(JSON.stringify(bundle)), simulated.record, { keys: keyList.keys as readonly ProofKey[] });
      const failed = report.checks.filter((c) => c.status === "failed").map((c) => c.id).sort();
      expect(failed).toEqual(expected);
      const result = run(bundle, keysPath);
      expect(result.stderr).toBe("");
      expect(result.named).toEqual(covered(failed));
      expect(result.status).toBe(failed.length > 0 ? 1 : 0);
      if (failed.length === 0) {
        expect(report.verdict).toBe("verified");
        expect(result.stdout).toBe(
          `SIGNED: by ${keyList.keys[0]!.keyId}: the site logged exactly these rolls, salts, values and heads.\nOK: ${good.rolls.length} rolls recomputed, 0 waiting for their game's seed, 0 mismatch(es).\n`,
        );
      } else {
        expect(result.stdout).toContain(`(game ${turn.game})`);
        expect(result.stdout).toMatch(/\nFAILED: .*\n$/);
      }
    });

    it("counts a running game's rolls as waiting", () => {
      const running = simulateMatchV3({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 5, games: 3, turnsPerGame: 10, endedGames: 2, revealed: false });
      const result = run(signSimulatedV3(running, { privateKey: KEY, end: null }), keysPath);
      const waiting = running.bundle.rolls.filter((roll) => roll.game === 3).length;
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`OK: ${running.bundle.rolls.length - waiting} rolls recomputed, ${waiting} waiting for their game's seed, 0 mismatch(es).`);
    });
  });
});
