/**
 * Benchmark of match analysis (the review's "Analyse"): the 7-point match of lib/engine/fixtures/mat/server-7.json
 * (two bots through the match server) analysed at 0, 1 and 2 ply on this thread, as one engine worker runs it, with
 * the network exact in bear-off races. Prints the decisions, the total time and the time per decision.
 *
 *   npx tsx scripts/bench-match-analysis.ts [plies, e.g. 0,1]
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { analyseMatch } from "@/lib/analysis/match-analysis";
import type { Ply } from "@/lib/analysis/types";
import type { MatchEvent } from "@/lib/match/events";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";

const fixture = JSON.parse(readFileSync("lib/engine/fixtures/mat/server-7.json", "utf8")) as { events: MatchEvent[] };
const actions = fixture.events.flatMap((e) => (e.type === "action" ? [e.action] : []));
const evaluator = createEvaluator({ bearoff: loadBearoffDatabase() });
const plies = (process.argv[2] ?? "0,1,2").split(",").map(Number) as Ply[];

for (const ply of plies) {
  const start = performance.now();
  let decisions = 0;
  analyseMatch({ matchLength: 7 }, actions, { ply, evaluator, onProgress: (_, total) => (decisions = total) });
  const seconds = (performance.now() - start) / 1000;
  process.stdout.write(`${ply}-ply: ${decisions} decisions in ${seconds.toFixed(2)} s (${((1000 * seconds) / decisions).toFixed(1)} ms per decision)\n`);
}
