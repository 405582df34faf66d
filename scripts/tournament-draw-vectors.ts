/**
 * Writes the published test vectors of tournament-draw-v1 (docs/tournaments.md) to
 * lib/tournament/fixtures/tournament-draw-v1.vectors.json; `--check` fails if the file differs from what it would write
 * (lib/tournament/vectors.test.ts runs that; tests/tournaments runs the independent Python verifier on the file).
 *
 *   npx tsx scripts/tournament-draw-vectors.ts [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { tournamentDrawVectors } from "@/lib/tournament/fixtures/draw-vectors";

const FILE = path.join(import.meta.dirname, "..", "lib", "tournament", "fixtures", "tournament-draw-v1.vectors.json");

const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
const text = `${JSON.stringify(tournamentDrawVectors(), null, 1)}\n`;
if (values.check) {
  if (readFileSync(FILE, "utf8") !== text) {
    console.error(`${FILE} differs from what scripts/tournament-draw-vectors.ts writes: run it and review the change`);
    process.exit(1);
  }
  console.log("tournament-draw-v1 vectors up to date");
} else {
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE}`);
}
