/**
 * Benchmark of the fair-dice-v2 verifier (docs/fair-dice-v2.md): a 10,000-roll bundle of a 25-point match (a chain of
 * 49 game seeds, every roll salted), with its game record, from fixed seeds, verified from plain JSON as the browser
 * and the CLI verify it. The figure is the median of several runs after a warm-up; the goal is under 100 ms in Node.
 * v3's benchmark (bench-dice-v3.ts) is the same with v3's simulator, signer and verifier: signedMatchBench.
 *
 *   npx tsx scripts/bench-dice-v2.ts
 *
 * @example
 *   const { figure } = benchDiceV2(); // milliseconds
 */
import { pathToFileURL } from "node:url";
import { signSimulated, simulateMatchV2, verifyV2, type ProofKey } from "@/lib/dice";
import type { BenchResult } from "./bench-result";
import { benchSigningKey, LONG_MATCH, verifierBench } from "./timed-runs";

/**
 * A long match simulated by `simulate`, signed with the benchmark's own key by `sign` (a bundle verifies only signed,
 * as the site serves it; the key is listed from `keyListedFrom`) and verified from JSON by `verify`: verifierBench's
 * figure. v2's and v3's simulators, signers and verifiers take the same options.
 */
export function signedMatchBench<S extends { readonly record: readonly unknown[] }>(
  protocol: string,
  keyListedFrom: string,
  simulate: (options: typeof LONG_MATCH) => S,
  sign: (simulated: S, options: { readonly privateKey: Uint8Array }) => { readonly rolls: readonly unknown[] },
  verify: (bundle: unknown, record: unknown, options: { readonly keys: readonly ProofKey[] }) => { readonly verdict: string },
): BenchResult {
  const key = benchSigningKey(`bench-dice-${protocol.slice("fair-dice-".length)}`, keyListedFrom);
  const simulated = simulate(LONG_MATCH);
  const bundle = sign(simulated, { privateKey: key.privateKey });
  return verifierBench(protocol, bundle, simulated.record, (b, r) => verify(b, r, { keys: key.keys }));
}

/** Runs `bench` and prints its line when `moduleUrl` is the script node was started with. */
export function printWhenRun(moduleUrl: string, bench: () => BenchResult): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const result = bench();
  process.stdout.write(`${result.name}: ${result.figure} ${result.unit} (median) ${JSON.stringify(result.details)}\n`);
}

export const benchDiceV2 = (): BenchResult => signedMatchBench("fair-dice-v2", "2026-12-06T00:00:00.000Z", simulateMatchV2, signSimulated, verifyV2);

printWhenRun(import.meta.url, benchDiceV2);
