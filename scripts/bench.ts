/**
 * `npm run bench`: every benchmark of the project, one after another, printed as a table to paste into
 * docs/benchmarks.md. Benchmarks are scripts, not timed tests: shared machines make timings noisy, so each one
 * reports a median over several runs and its spread. `npm run bench -- engine dice` runs a subset.
 */
import os from "node:os";
import { benchAnalysis } from "./bench-analysis";
import { benchBearoff } from "./bench-bearoff";
import { benchDb } from "./bench-db";
import { benchDice } from "./bench-dice";
import { benchDiceV2 } from "./bench-dice-v2";
import { benchEngine } from "./bench-engine";
import { benchFairnessDice } from "./bench-fairness-dice";
import type { BenchResult } from "./bench-result";
import { benchTransparency } from "./bench-transparency";

const benchmarks: Record<string, () => BenchResult | Promise<BenchResult>> = {
  engine: benchEngine,
  dice: benchDice,
  "dice-v2": benchDiceV2,
  db: () => benchDb(),
  bearoff: benchBearoff,
  analysis: () => benchAnalysis(),
  "fairness-dice": () => benchFairnessDice(),
  transparency: () => benchTransparency(),
};

const wanted = process.argv.slice(2).filter((name) => !name.startsWith("-"));
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  process.stderr.write(`Unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(benchmarks).join(", ")}.\n`);
  process.exit(2);
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
process.stdout.write(`Node ${process.version} on ${os.cpus().length} × ${cpu}, ${new Date().toISOString().slice(0, 10)}\n\n`);
process.stdout.write("| benchmark | median | details |\n|---|---|---|\n");
for (const [key, run] of Object.entries(benchmarks)) {
  if (wanted.length > 0 && !wanted.includes(key)) continue;
  const result = await run();
  const details = Object.entries(result.details)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  process.stdout.write(`| ${result.name} | ${formatFigure(result.figure)} ${result.unit} | ${details} |\n`);
}

function formatFigure(figure: number): string {
  return figure >= 100 ? Math.round(figure).toLocaleString("en-US") : figure.toFixed(2);
}
