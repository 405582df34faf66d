/**
 * `npx tsx scripts/strength/vs-pubeval.ts --ply P --games N [--seed S] [--weights FILE] [--log FILE]`: the engine at
 * ply P (rankPlays with the committed evaluator and the bear-off database, or the network in FILE with the database) against Tesauro's pubeval, cubeless money
 * games, seeded duplicate dice (see duel.ts): the same command gives the same games. Prints points per game for the
 * engine with its 95 % interval and the share of games won; progress every 100 games to the log (or stderr).
 *
 * @example
 *   npx tsx scripts/strength/vs-pubeval.ts --ply 0 --games 2000 --seed 1
 *   // ply 0 vs pubeval: +0.52 ± 0.06 ppg over 2000 games, 66.1 % won (seed 1)
 */
import { appendFileSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { type Dice, type Position, passPlay } from "@/lib/engine";
import { createEvaluator, networkEvaluator } from "@/lib/analysis/evaluator";
import { Network, type NetworkJson } from "@/lib/analysis/network";
import { pubevalChoosePlay } from "@/lib/analysis/pubeval";
import { rankPlays } from "@/lib/analysis/search";
import type { Ply } from "@/lib/analysis/types";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { type DuelResult, duel } from "./duel";

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const ply = Number(option("ply", "0")) as Ply;
const games = Number(option("games", "2000"));
const seed = Number(option("seed", "1"));
const weights = option("weights", "");
const logFile = option("log", "");
if (![0, 1, 2].includes(ply) || !(games > 0)) {
  process.stderr.write("usage: npx tsx scripts/strength/vs-pubeval.ts --ply 0|1|2 --games N [--seed S] [--weights FILE] [--log FILE]\n");
  process.exit(2);
}

const bearoff = loadBearoffDatabase();
const evaluator = weights
  ? networkEvaluator(Network.fromJson(JSON.parse(readFileSync(weights, "utf8")) as NetworkJson), bearoff)
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
const result = duel(engine, pubevalChoosePlay, games, seed * 1_000_003, (soFar) => {
  if (soFar.games % 100 === 0) note(`${new Date().toISOString()} ply ${ply}: ${summarize(soFar)}`);
});
const line = `ply ${ply} vs pubeval: ${summarize(result)} (seed ${seed}${weights ? `, weights ${weights}` : ""})`;
process.stdout.write(`${line}\n`);
if (logFile) appendFileSync(logFile, `${line}\n`);
