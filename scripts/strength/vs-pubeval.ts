/**
 * `npx tsx scripts/strength/vs-pubeval.ts --ply P --games N [--seed S] [--weights FILE] [--race-weights FILE] [--crashed-weights FILE] [--log FILE]
 * [--first-game G] [--pairs FILE]`: the engine at
 * ply P (rankPlays with the committed evaluator and the bear-off database, or the network in FILE with the database) against Tesauro's pubeval, cubeless money
 * games, seeded duplicate dice (see duel.ts): the same command gives the same games. Prints points per game for the
 * engine with its 95 % interval and the share of games won; progress every 100 games to the log (or stderr).
 *
 * A long run can be split into shards, one per core: `--first-game G` plays games G to G+N−1 of the whole run (G even:
 * games come in pairs) and `--pairs FILE` appends each pair's points to FILE, one JSON line per pair; then
 * `--merge FILE…` prints the figure over all the pairs in the files, exactly as one run would have (duel.ts).
 *
 * @example
 *   npx tsx scripts/strength/vs-pubeval.ts --ply 0 --games 2000 --seed 1
 *   // ply 0 vs pubeval: +0.52 ± 0.06 ppg over 2000 games, 66.1 % won (seed 1)
 *   npx tsx scripts/strength/vs-pubeval.ts --ply 2 --games 1000 --first-game 1000 --pairs b.jsonl
 *   npx tsx scripts/strength/vs-pubeval.ts --merge a.jsonl b.jsonl
 */
import { parseArgs } from "node:util";
import { appendFileSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { type Dice, type Position, passPlay } from "@/lib/engine";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { pubevalChoosePlay } from "@/lib/analysis/pubeval";
import { rankPlays } from "@/lib/analysis/search";
import type { Ply } from "@/lib/analysis/types";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { type DuelResult, type PairResult, duel, summarizePairs } from "./duel";
import { strengthEvaluator } from "./engine-weights";

const text = { type: "string" } as const;
// `--merge FILE…` merges the pair files of several shards; otherwise the options below run games.
const { values: options, positionals } = parseArgs({
  options: { merge: { type: "boolean" }, ply: text, games: text, seed: text, weights: text, "race-weights": text, "crashed-weights": text, log: text, "first-game": text, pairs: text },
  allowPositionals: true,
  strict: true,
});

function option(name: string, fallback: string): string {
  const value = (options as Record<string, unknown>)[name];
  return typeof value === "string" ? value : fallback;
}

if (options.merge) {
  const files = positionals;
  const byPair = new Map<number, PairResult>();
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) if (line.trim()) byPair.set((JSON.parse(line) as PairResult).pair, JSON.parse(line) as PairResult);
  }
  const pairs = [...byPair.values()].sort((x, y) => x.pair - y.pair);
  const missing = pairs.length === 0 ? 0 : pairs.at(-1)!.pair + 1 - pairs.length;
  const r = summarizePairs(pairs);
  const sign = r.pointsPerGame >= 0 ? "+" : "";
  process.stdout.write(
    `merged ${files.length} file(s): ${sign}${r.pointsPerGame.toFixed(3)} ± ${r.interval95.toFixed(3)} ppg over ${r.games} games, ` +
      `${(100 * r.winRate).toFixed(1)} % won${missing > 0 ? ` (${missing} pairs missing below pair ${pairs.at(-1)!.pair})` : ""}\n`,
  );
  process.exit(0);
}

const ply = Number(option("ply", "0")) as Ply;
const games = Number(option("games", "2000"));
const seed = Number(option("seed", "1"));
const weights = option("weights", "");
const logFile = option("log", "");
const firstGame = Number(option("first-game", "0"));
const pairsFile = option("pairs", "");
if (![0, 1, 2].includes(ply) || !(games > 0) || !Number.isInteger(firstGame) || firstGame < 0 || firstGame % 2 !== 0) {
  process.stderr.write(
    "usage: npx tsx scripts/strength/vs-pubeval.ts --ply 0|1|2 --games N [--seed S] [--weights FILE] [--log FILE] [--first-game EVEN] [--pairs FILE]\n" +
      "       npx tsx scripts/strength/vs-pubeval.ts --merge FILE...\n",
  );
  process.exit(2);
}

const bearoff = loadBearoffDatabase();
const raceWeights = option("race-weights", "");
const crashedWeights = option("crashed-weights", "");
const evaluator =
  weights || raceWeights || crashedWeights
    ? strengthEvaluator({ weights: weights || undefined, raceWeights: raceWeights || undefined, crashedWeights: crashedWeights || undefined })
    : createEvaluator({ bearoff });
const engine = (pos: Position, dice: Dice) => rankPlays(pos, dice, { ply, evaluator })[0]?.play ?? passPlay(pos);
const started = performance.now();
function summarize(r: DuelResult): string {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const cpu = (process.cpuUsage().user / 1e6).toFixed(0);
  const sign = r.pointsPerGame >= 0 ? "+" : "";
  return `${sign}${r.pointsPerGame.toFixed(3)} ± ${r.interval95.toFixed(3)} ppg over ${r.games} games, ${(100 * r.winRate).toFixed(1)} % won, ${seconds} s (${cpu} s CPU)`;
}
const note = (line: string) => (logFile ? appendFileSync(logFile, `${line}\n`) : process.stderr.write(`${line}\n`));
const result = duel(
  engine,
  pubevalChoosePlay,
  games,
  seed * 1_000_003,
  (soFar, pair) => {
    if (pairsFile) appendFileSync(pairsFile, `${JSON.stringify(pair)}\n`);
    if (soFar.games % 100 === 0) note(`${new Date().toISOString()} ply ${ply}: ${summarize(soFar)}`);
  },
  firstGame / 2,
);
const shard = firstGame > 0 ? `, games ${firstGame}–${firstGame + result.games - 1}` : "";
const line = `ply ${ply} vs pubeval: ${summarize(result)} (seed ${seed}${shard}${weights ? `, weights ${weights}` : ""})`;
process.stdout.write(`${line}\n`);
if (logFile) appendFileSync(logFile, `${line}\n`);
