/**
 * Writes the published test vectors of fair-dice-v2 (docs/fair-dice-v2.md) to lib/dice/fixtures/fair-dice-v2.vectors.json:
 * seed chains, single rolls with their HMAC messages and blocks, and whole bundles — played and tampered — with the
 * verdict, the failed checks and the per-game verdicts every verifier must give. Everything comes from fixed seeds and
 * reproducible salts, so a rerun writes the same file; `--check` fails if the file differs from what it would write
 * (verify-v2.test.ts runs that, and tests/fair-dice-v2 runs the independent Python verifier on the file).
 *
 *   npx tsx scripts/fair-dice-v2-vectors.ts [--check]
 */
import path from "node:path";
import { fairDiceV2Vectors } from "@/lib/dice/fixtures/v2-vectors";
import { writeOrCheckVectors } from "./vectors-file";

writeOrCheckVectors({
  name: "fair-dice-v2",
  file: path.join(import.meta.dirname, "..", "lib", "dice", "fixtures", "fair-dice-v2.vectors.json"),
  script: "scripts/fair-dice-v2-vectors.ts",
  vectors: fairDiceV2Vectors(),
});
