/**
 * Benchmark of match analysis (the review's "Analyse"): the 7-point match of lib/engine/fixtures/mat/server-7.json
 * (two bots through the match server) analysed at each ply asked for, with the network exact in bear-off races.
 * Prints the decisions, the total time and the time per decision.
 *
 * By default on this thread, as one analysis worker runs it. With `--workers N` the decisions go to a pool of N engine
 * worker threads, N at a time, as the site's runner sends them with ANALYSIS_WORKERS=N (the first decision of each
 * worker includes its start: loading the networks and the bear-off database).
 *
 *   npx tsx scripts/bench-match-analysis.ts [plies, e.g. 0,1] [--workers N]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { analyseMatch, analysisPoints, type AnalysisPoint } from "@/lib/analysis/match-analysis";
import type { Ply } from "@/lib/analysis/types";
import type { MatchEvent } from "@/lib/match/events";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { EnginePool } from "@/server/engine/engine-pool";

const { values, positionals } = parseArgs({ options: { workers: { type: "string" } }, allowPositionals: true, strict: true });
const fixture = JSON.parse(readFileSync("lib/engine/fixtures/mat/server-7.json", "utf8")) as { events: MatchEvent[] };
const actions = fixture.events.flatMap((e) => (e.type === "action" ? [e.action] : []));
const plies = (positionals[0] ?? "0,1,2").split(",").map(Number) as Ply[];
const workers = values.workers === undefined ? 0 : Number(values.workers);
if (!Number.isInteger(workers) || workers < 0 || workers > 16) throw new Error("--workers is a whole number from 1 to 16");

/** Every point of the match through the pool, `workers` in flight; how many decisions there were. */
async function inPool(pool: EnginePool, ply: Ply): Promise<number> {
  const { points } = analysisPoints({ matchLength: 7 }, actions);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let point: AnalysisPoint | undefined; (point = points[next++]) !== undefined; ) await pool.run({ kind: "analyse-match", point, ply });
  };
  await Promise.all(Array.from({ length: workers }, lane));
  return points.length;
}

const pool = workers > 0 ? new EnginePool({ size: workers }) : null;
const evaluator = pool ? null : createEvaluator({ bearoff: loadBearoffDatabase() });
for (const ply of plies) {
  const start = performance.now();
  let decisions = 0;
  if (pool) decisions = await inPool(pool, ply);
  else if (evaluator) analyseMatch({ matchLength: 7 }, actions, { ply, evaluator, onProgress: (_, total) => (decisions = total) });
  const seconds = (performance.now() - start) / 1000;
  const where = pool ? ` on ${workers} worker${workers === 1 ? "" : "s"}` : "";
  process.stdout.write(`${ply}-ply: ${decisions} decisions in ${seconds.toFixed(2)} s${where} (${((1000 * seconds) / decisions).toFixed(1)} ms per decision)\n`);
}
await pool?.close();
