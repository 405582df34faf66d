/**
 * `npx tsx scripts/strength/gnubg-judge.ts --games N [--ply P] [--opponent pubeval|self] [--seed S] [--gnubg-ply A]
 * [--weights FILE] [--chunk C] [--out DIR] [--log FILE] [--rejudge DIR] [--from K] [--engine-only]`: how well the
 * engine plays its checkers, as judged by GNU Backgammon 1.07.
 *
 * Plays N cubeless money games (seeded dice, so the same command gives the same games) of the engine at ply P —
 * rankPlays with the network and the exact bear-off database, as the computer opponent plays — as white against
 * Tesauro's pubeval or against itself, writes them C at a time as money sessions in .mat files (lib/engine/mat.ts,
 * " 0 point match"), has gnubg analyse each file (scripts/gnubg/judge-mat.py; gnubg's default analysis settings, with
 * its chequer-play ply set to A, 2 by default: its "world class" setting) and adds up gnubg's own per-game figures.
 * Each side's error rate is gnubg's: the equity it lost on unforced moves, in thousandths of a point (mEMG), divided
 * by the number of unforced moves; the rating is gnubg's label for that rate (analysis.c, arThrsRating). The interval
 * is 1.96 standard errors of that ratio with games as the samples.
 *
 * Writes DIR/summary.json after every file (so a run cut short leaves its figures so far; printed at the end) with a
 * markdown table row for docs/benchmarks.md; progress to the log. The .mat files stay in DIR: `--rejudge DIR`
 * analyses the files of an earlier run again (e.g. at another --gnubg-ply) instead of playing new games; the
 * weights must then be those of that run, for the record.
 *
 * @example
 *   npx tsx scripts/strength/gnubg-judge.ts --games 100 --ply 2 --gnubg-ply 0 --seed 1 --chunk 5 --out /tmp/judge
 *   // | 2-ply vs pubeval | 100 | 1 | gnubg 0-ply | 7.35 ± 1.10 (Expert) | 2380 | 61 / 22 | 34.65 (Beginner) | 236deba012fd |
 */
import { parseArgs } from "node:util";
import { createHash } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { english } from "@/i18n/english";
import type { Dice, Position } from "@/lib/engine";
import { makeMat } from "@/lib/engine/mat";
import { networkEvaluator } from "@/lib/analysis/evaluator";
import { Network, type NetworkJson } from "@/lib/analysis/network";
import { pubevalChoosePlay } from "@/lib/analysis/pubeval";
import { rankPlays } from "@/lib/analysis/search";
import type { Ply } from "@/lib/analysis/types";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import type { Chooser } from "./duel";
import { type RecordedGame, recordedGame } from "./recorded-game";
import { GNUBG, checkRead, judgeMat } from "./gnubg-analyse";
import { type SideStats, summarise } from "./judge-summary";

const COMMITTED_WEIGHTS = path.join(import.meta.dirname, "..", "..", "lib", "analysis", "weights", "network.json");
const COMMITTED_RACE_WEIGHTS = path.join(import.meta.dirname, "..", "..", "lib", "analysis", "weights", "race-network.json");

const text = { type: "string" } as const;
const { values: options } = parseArgs({ options: { games: text, ply: text, opponent: text, seed: text, "gnubg-ply": text, weights: text, "race-weights": text, chunk: text, out: text, log: text, rejudge: text, from: text, "engine-only": { type: "boolean" } }, strict: true });

function option(name: string, fallback: string): string {
  const value = (options as Record<string, unknown>)[name];
  return typeof value === "string" ? value : fallback;
}

const games = Number(option("games", "10"));
const ply = Number(option("ply", "2")) as Ply;
const opponent = option("opponent", "pubeval");
const seed = Number(option("seed", "1"));
const gnubgPly = Number(option("gnubg-ply", "2"));
const weightsFile = option("weights", COMMITTED_WEIGHTS);
const chunk = Number(option("chunk", "10"));
const outDir = option("out", "/tmp/gnubg-judge");
const logFile = option("log", "");
const rejudge = option("rejudge", "");
/** Skip the first K games (their dice are seed … seed + K − 1): continues a run cut short, in its own --out DIR. */
const from = Number(option("from", "0"));
/** Have gnubg analyse only the engine's plays (white's): half the time; no figure for the opponent then. */
const engineOnly = options["engine-only"] === true;
if (![0, 1, 2].includes(ply) || !(games > 0) || !(chunk > 0) || !["pubeval", "self"].includes(opponent) || ![0, 1, 2, 3].includes(gnubgPly)) {
  process.stderr.write("usage: npx tsx scripts/strength/gnubg-judge.ts --games N [--ply 0|1|2] [--opponent pubeval|self] [--seed S] [--gnubg-ply 0-3] [--weights FILE] [--chunk C] [--out DIR] [--log FILE] [--rejudge DIR] [--from K] [--engine-only]\n");
  process.exit(2);
}
if (!existsSync(GNUBG)) {
  process.stderr.write(`${GNUBG} is absent (apt-get install gnubg)\n`);
  process.exit(2);
}

function log(line: string): void {
  const text = `${new Date().toISOString()} ${line}\n`;
  if (logFile) appendFileSync(logFile, text);
  else process.stderr.write(text);
}

const weightsText = readFileSync(weightsFile, "utf8");
const weightsJson = JSON.parse(weightsText) as NetworkJson & { meta?: unknown };
const weights = { file: path.relative(process.cwd(), weightsFile), sha256: createHash("sha256").update(weightsText).digest("hex"), meta: weightsJson.meta ?? null };
const bearoff = loadBearoffDatabase();
// As the computer opponent plays: the network, with the exact bear-off database once both sides are home.
const raceWeightsFile = option("race-weights", COMMITTED_RACE_WEIGHTS);
const evaluator = networkEvaluator(Network.fromJson(weightsJson), bearoff, raceWeightsFile === "none" ? null : Network.fromJson(JSON.parse(readFileSync(raceWeightsFile, "utf8")) as NetworkJson));

let engineSeconds = 0;
let engineMoves = 0;
const engine: Chooser = (pos: Position, dice: Dice) => {
  const start = performance.now();
  const best = rankPlays(pos, dice, { ply, evaluator })[0];
  engineSeconds += (performance.now() - start) / 1000;
  engineMoves++;
  if (!best) throw new Error("rankPlays gave no play for a position with legal plays");
  return best.play;
};
const other: Chooser = opponent === "self" ? engine : pubevalChoosePlay;
const names = { white: `engine-${ply}ply`, black: opponent === "self" ? `engine-${ply}ply-b` : "pubeval" };

/** The summary of the first `done` games, written to DIR/summary.json after every file so that a cut-off run leaves one. */
function writeSummary(done: number) {
  const engineSide = opponent === "self" && !engineOnly ? summarise([...perGame.engine, ...perGame.opponent]) : summarise(perGame.engine);
  const opponentSide = opponent === "self" || engineOnly ? null : summarise(perGame.opponent);
  const summary = {
    rejudged: rejudge || null,
    command: `npx tsx scripts/strength/gnubg-judge.ts ${process.argv.slice(2).join(" ")}`,
    games: perGame.opponent.length,
    first: from + 1,
    last: done,
    seed,
    engine: { ply, opponent, weights, secondsPerMove: engineSeconds / Math.max(1, engineMoves) },
    gnubg: { version: "1.07", chequerPly: gnubgPly, settings: "defaults otherwise (pruning nets, default move filters), cube off, Jacoby off, 1 thread" },
    engineSide,
    opponentSide,
    pointsPerGameForEngine: perGame.points.length > 0 ? perGame.points.reduce((a, b) => a + b, 0) / perGame.points.length : null,
    seconds: { total: (performance.now() - started) / 1000, gnubg: gnubgSeconds },
    markdownRow:
      `| ${ply}-ply vs ${opponent} | ${perGame.opponent.length} | ${seed} | gnubg ${gnubgPly}-ply | ${engineSide.errorRate.toFixed(2)} ± ${engineSide.interval95.toFixed(2)} (${english(`analysis.rating.${engineSide.rating}`)}) | ` +
      `${engineSide.unforcedMoves} | ${engineSide.errors} / ${engineSide.blunders} | ` +
      `${opponentSide ? `${opponentSide.errorRate.toFixed(2)} (${english(`analysis.rating.${opponentSide.rating}`)})` : "—"} | ${weights.sha256.slice(0, 12)} |`,
  };
  writeFileSync(path.join(outDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

mkdirSync(outDir, { recursive: true });
log(`gnubg-judge: ${games} games, engine ${ply}-ply vs ${opponent}, seed ${seed}, gnubg ${gnubgPly}-ply, weights ${weights.file} ${weights.sha256.slice(0, 12)}`);
const perGame: { engine: SideStats[]; opponent: SideStats[]; points: number[] } = { engine: [], opponent: [], points: [] };
let gnubgSeconds = 0;
let gamesDone = 0;
const started = performance.now();
/** The .mat files of an earlier run, for --rejudge: each holds the games its name says (games-0001-5.mat). */
const earlier = rejudge
  ? readdirSync(rejudge)
      .filter((f) => /^games-\d+-\d+\.mat$/.test(f))
      .sort()
      .map((f) => path.join(rejudge, f))
  : [];
for (let first = from, file = 0; first < games; first += chunk, file++) {
  let count = Math.min(chunk, games - first);
  let played: RecordedGame[] | null = null;
  let base = path.join(outDir, `games-${String(first + 1).padStart(4, "0")}-${first + count}`);
  if (rejudge) {
    const from = earlier[file];
    if (from === undefined) break;
    base = path.join(outDir, path.basename(from, ".mat"));
    copyFileSync(from, `${base}.mat`);
  } else {
    played = [];
    // Game k: dice from seed + k, white (the engine) starting the even ones.
    for (let k = first; k < first + count; k++) played.push(recordedGame(engine, other, seed + k, k % 2 === 0));
    writeFileSync(`${base}.mat`, makeMat({ matchLength: 0, players: names, games: played.map((g) => g.mat), event: `gnubg-judge seed ${seed}` }));
  }
  const t0 = performance.now();
  const judged = judgeMat(`${base}.mat`, `${base}.json`, gnubgPly, engineOnly);
  gnubgSeconds += (performance.now() - t0) / 1000;
  if (played && judged.games.length !== count) throw new Error(`gnubg read ${judged.games.length} games from ${base}.mat, ${count} were written`);
  count = judged.games.length;
  for (const [i, g] of judged.games.entries()) {
    // A rejudged file was checked when it was written; its points are not known here.
    if (played) checkRead(played[i] as RecordedGame, g, `game ${first + i + 1}`);
    perGame.engine.push(g.X);
    perGame.opponent.push(g.O);
    if (played) perGame.points.push(played[i]?.points ?? 0);
  }
  const done = first + count;
  gamesDone = done;
  const { engineSide } = writeSummary(done);
  log(
    `games ${done}/${games}: engine ${engineSide.errorRate.toFixed(2)} ± ${engineSide.interval95.toFixed(2)} mEMG/move (${english(`analysis.rating.${engineSide.rating}`)}) over ${engineSide.unforcedMoves} unforced moves; ` +
      `engine ${(engineSeconds / Math.max(1, engineMoves)).toFixed(2)} s/move, gnubg ${(gnubgSeconds / done).toFixed(1)} s/game, ` +
      `elapsed ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

const summary = writeSummary(gamesDone);
log(`done: ${summary.markdownRow}`);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
