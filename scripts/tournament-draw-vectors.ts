/**
 * Writes the published test vectors of tournament-draw-v1 (docs/tournaments.md) to
 * lib/tournament/fixtures/tournament-draw-v1.vectors.json; `--check` fails if the file differs from what it would write
 * (lib/tournament/vectors.test.ts runs that; tests/tournaments runs the independent Python verifier on the file).
 *
 *   npx tsx scripts/tournament-draw-vectors.ts [--check]
 */
import path from "node:path";
import { tournamentDrawVectors } from "@/lib/tournament/fixtures/draw-vectors";
import { writeOrCheckVectors } from "./vectors-file";

writeOrCheckVectors({
  name: "tournament-draw-v1",
  file: path.join(import.meta.dirname, "..", "lib", "tournament", "fixtures", "tournament-draw-v1.vectors.json"),
  script: "scripts/tournament-draw-vectors.ts",
  vectors: tournamentDrawVectors(),
});
