/**
 * What the tests that run a verifier as a player would — the command-line verifier (scripts/verify.test.ts), the
 * guide's Python check (guide-python.test.ts) — hand it: files in a scratch directory, the fair-dice-v1 bundle of
 * vector public-3's seed, a copy of a bundle with one die changed, and key list entries as /api/fairness/keys
 * serves them.
 *
 * @example
 *   const { dir, file } = scratchFiles("verify-cli-");
 *   const path = file("tampered.json", withChangedDie(v1Played.bundle, 23));
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { keyIdOf, proofPublicKeyOf, simulateMatch } from "@/lib/dice";

export const SEED = "24dadb377ead7c24cc1d916807673e1c18021fa9f58422f64b0700912dfc7cba"; // vector public-3's seed
export const CLIENT_SEEDS = { white: "w", black: "b" } as const;

/** An 80-roll fair-dice-v1 match from SEED: its bundle and game record. */
export const v1Played = simulateMatch({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchId: "cli", rolls: 80, turnsPerGame: 15 });

/** A scratch directory for the test file, removed after it, and `file`, which writes one (JSON unless text) and gives its path. */
export function scratchFiles(prefix: string): { readonly dir: string; file(name: string, content: unknown): string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
      return path;
    },
  };
}

/** A copy of `bundle` whose roll at `index` shows another second die (the next face up, 6 going to 1). */
export function withChangedDie(bundle: unknown, index: number): unknown {
  const tampered = JSON.parse(JSON.stringify(bundle)) as { rolls: { dice: number[] }[] };
  tampered.rolls[index]!.dice[1] = (tampered.rolls[index]!.dice[1]! % 6) + 1;
  return tampered;
}

/** `privateKey`'s public half as an entry of a key list, listed under `keyId` (its own by default). */
export function keyEntry(privateKey: Uint8Array, keyId?: string) {
  const publicKey = proofPublicKeyOf(privateKey);
  return { keyId: keyId ?? keyIdOf(publicKey), algorithm: "Ed25519", publicKey, from: "2026-12-06T00:00:00.000Z" };
}
