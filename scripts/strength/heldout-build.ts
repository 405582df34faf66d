/**
 * `npx tsx scripts/strength/heldout-build.ts [--seed S] [--games N] [--contact C] [--race R] [--bearoff B] [--out FILE]
 * [--work DIR]`: builds a held-out checker-play set the way the outside measurement of issue 32 was built, from a seed
 * of our own.
 *
 * 1. GNU Backgammon 1.07 plays N cubeless money games against itself (its 0-ply player, Mersenne Twister seeded S;
 *    scripts/gnubg/heldout.py, mode games).
 * 2. Of its unforced checker plays (two or more legal plays), C contact (gnubg's classes contact and crashed), R race
 *    and B bear-off positions are drawn without replacement with our seeded generator (seed S), no position and roll
 *    twice. Every play gnubg made must be one of our generator's legal plays, or the build stops.
 * 3. Every legal play's result is valued by gnubg at 2-ply (cubeless money, its default pruning; mode rank), and the
 *    set is written one position per line, plays best first (heldout-set.ts).
 *
 * No engine of ours takes part, so the set judges the engine without having been shaped by it.
 *
 * @example
 *   npx tsx scripts/strength/heldout-build.ts --seed 20261204   # ~10 minutes on one core
 */
import { parseArgs } from "node:util";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Dice, decodePositionId, encodePositionId, legalPlays, validatePlay } from "@/lib/engine";
import { GNUBG } from "./gnubg-analyse";
import { type HeldoutGroup, type HeldoutPosition, groupOf } from "./heldout-set";
import { seededRandom } from "./seeded-random";

const SCRIPT = path.join(import.meta.dirname, "..", "gnubg", "heldout.py");
const text = { type: "string" } as const;
const { values } = parseArgs({ options: { seed: text, games: text, contact: text, race: text, bearoff: text, out: text, work: text }, strict: true });
const seed = Number(values.seed ?? "20261204");
const games = Number(values.games ?? "150");
const wanted: Record<HeldoutGroup, number> = { contact: Number(values.contact ?? "240"), race: Number(values.race ?? "80"), bearoff: Number(values.bearoff ?? "80") };
const out = values.out ?? `scripts/strength/fixtures/heldout-${seed}.jsonl`;
const work = values.work ?? `/tmp/heldout-${seed}`;
mkdirSync(work, { recursive: true });

function runGnubg(env: Record<string, string>, expectFile: string): void {
  const run = spawnSync(GNUBG, ["-t", "-q", "-r", "-p", SCRIPT], { env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (!existsSync(expectFile)) throw new Error(`gnubg wrote nothing: ${`${run.stdout}${run.stderr}`.slice(-2000)}`);
}

const lines = (file: string) => readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");

// 1. gnubg's games.
const gamesFile = path.join(work, "games.jsonl");
if (!existsSync(gamesFile)) runGnubg({ HELDOUT_MODE: "games", HELDOUT_SEED: String(seed), HELDOUT_GAMES: String(games), HELDOUT_OUT: gamesFile }, gamesFile);
interface Candidate {
  readonly game: number;
  readonly pos: string;
  readonly dice: [number, number];
  readonly class: string;
  readonly played: number[][];
}
const candidates = lines(gamesFile).map((l) => JSON.parse(l) as Candidate);

// 2. Unforced plays by group, every gnubg play checked against our generator.
const byGroup: Record<HeldoutGroup, { candidate: Candidate; dice: Dice }[]> = { contact: [], race: [], bearoff: [] };
const seen = new Set<string>();
for (const candidate of candidates) {
  const decoded = decodePositionId(candidate.pos, "white");
  if (!decoded.ok) throw new Error(`gnubg wrote a Position ID we cannot read: ${candidate.pos}`);
  const dice = candidate.dice as unknown as Dice;
  const plays = legalPlays(decoded.value, dice);
  const made = validatePlay(decoded.value, dice, candidate.played.map(([from, to]) => ({ from: from as number, to: to as number })));
  if (!made.ok) throw new Error(`gnubg's play ${JSON.stringify(candidate.played)} in ${candidate.pos} ${dice.join("-")} is not legal by our rules`);
  const group = groupOf(candidate.class);
  const id = `${candidate.pos} ${[...dice].sort().join("")}`;
  if (plays.length < 2 || group === null || seen.has(id)) continue;
  seen.add(id);
  byGroup[group].push({ candidate, dice });
}
const random = seededRandom(seed);
const chosen: { candidate: Candidate; dice: Dice; group: HeldoutGroup }[] = [];
for (const group of ["contact", "race", "bearoff"] as const) {
  const pool = byGroup[group];
  if (pool.length < wanted[group]) throw new Error(`only ${pool.length} ${group} positions in ${games} games; ask for more games`);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]];
  }
  for (const item of pool.slice(0, wanted[group])) chosen.push({ ...item, group });
}

// 3. gnubg's 2-ply value of every play's result.
const results = new Set<string>();
const playsOf = chosen.map(({ candidate, dice }) => {
  const decoded = decodePositionId(candidate.pos, "white");
  if (!decoded.ok) throw new Error("unreachable: read above");
  return legalPlays(decoded.value, dice).map((p) => {
    const result = encodePositionId(p.result);
    results.add(result);
    return { move: p.notation, result };
  });
});
const rankIn = path.join(work, "results.txt");
const rankOut = path.join(work, "ranked.jsonl");
writeFileSync(rankIn, `${[...results].join("\n")}\n`);
process.stdout.write(`${candidates.length} plays in ${games} games; ${chosen.length} positions, ${results.size} results to value at 2-ply\n`);
const started = Date.now();
if (!existsSync(rankOut) || lines(rankOut).length !== results.size) runGnubg({ HELDOUT_MODE: "rank", HELDOUT_IN: rankIn, HELDOUT_OUT: rankOut, HELDOUT_PLY: "2" }, rankOut);
const valued = new Map(lines(rankOut).map((l) => {
  const row = JSON.parse(l) as { pos: string; equity: number };
  return [row.pos, row.equity] as const;
}));
if (valued.size !== results.size) throw new Error(`gnubg valued ${valued.size} of ${results.size} results`);
const set: HeldoutPosition[] = chosen.map(({ candidate, dice, group }, i) => ({
  pos: candidate.pos,
  dice,
  group,
  gnubgClass: candidate.class,
  plays: (playsOf[i] ?? [])
    // The opponent is on roll in the result: the mover's equity is minus gnubg's.
    .map((p) => ({ ...p, equity: Number((-(valued.get(p.result) as number)).toFixed(6)) }))
    .sort((a, b) => b.equity - a.equity),
}));
writeFileSync(out, `${set.map((p) => JSON.stringify(p)).join("\n")}\n`);
process.stdout.write(`wrote ${set.length} positions to ${out} (gnubg 2-ply took ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
