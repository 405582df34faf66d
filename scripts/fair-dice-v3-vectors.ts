/**
 * Writes the published test vectors of fair-dice-v3 (docs/fair-dice-v3.md) to lib/dice/fixtures/fair-dice-v3.vectors.json:
 * chains, computer values, roll messages and dice, and whole bundles — played and tampered — with what every verifier
 * must answer. Everything comes from fixed seeds, tails and salts, so a rerun writes the same file; `--check` fails if
 * the file differs from what it would write (verify-v3.test.ts runs that check in-process).
 *
 *   npx tsx scripts/fair-dice-v3-vectors.ts [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fairDiceV3Vectors } from "@/lib/dice/vectors-v3";

const FILE = path.join(import.meta.dirname, "..", "lib", "dice", "fixtures", "fair-dice-v3.vectors.json");

const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
const text = `${JSON.stringify(fairDiceV3Vectors(), null, 1)}\n`;
if (values.check) {
  if (readFileSync(FILE, "utf8") !== text) {
    console.error(`${FILE} differs from what scripts/fair-dice-v3-vectors.ts writes: run it and review the change`);
    process.exit(1);
  }
  console.log("fair-dice-v3 vectors up to date");
} else {
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE}`);
}
