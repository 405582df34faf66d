/**
 * Writes the published test vectors of fair-dice-v3 (docs/fair-dice-v3.md) to lib/dice/fixtures/fair-dice-v3.vectors.json:
 * chains, computer values, roll messages and dice, and whole bundles — played and tampered — with what every verifier
 * must answer. Everything comes from fixed seeds, tails and salts, so a rerun writes the same file; `--check` fails if
 * the file differs from what it would write (verify-v3.test.ts runs that check in-process).
 *
 *   npx tsx scripts/fair-dice-v3-vectors.ts [--check]
 */
import path from "node:path";
import { fairDiceV3Vectors } from "@/lib/dice/vectors-v3";
import { writeOrCheckVectors } from "./vectors-file";

writeOrCheckVectors({
  name: "fair-dice-v3",
  file: path.join(import.meta.dirname, "..", "lib", "dice", "fixtures", "fair-dice-v3.vectors.json"),
  script: "scripts/fair-dice-v3-vectors.ts",
  vectors: fairDiceV3Vectors(),
});
