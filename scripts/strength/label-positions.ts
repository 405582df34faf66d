/**
 * `npx tsx scripts/strength/label-positions.ts --seed S --positions N --out FILE [--ply P] [--weights FILE] [--log FILE]`:
 * contact positions labelled by our own deeper search, for the supervised refinement of the contact network
 * (`npm run train -- --supervised FILE…`).
 *
 * The positions come from self-play games of the engine at 0-ply (one play in ten is a random legal one instead, so
 * that the set also holds the positions a search meets after poorer plays); a quarter of the contact positions met on
 * roll are kept, each once, except crashed ones (the crashed network answers those, not the contact network). Each is
 * labelled with its cubeless probabilities for the side on roll at `--ply` (default 2) by evaluateAtPly with the
 * committed networks (or --weights): the network is taught what its own search sees deeper. gnubg plays no part: its
 * values only judge the result (heldout-judge.ts).
 *
 * One JSON line per position, appended as it is labelled (a stopped run keeps what it did):
 * `{"pos":"<gnubg Position ID, side on roll second>","p":[win, winGammon, winBackgammon, loseGammon, loseBackgammon]}`.
 *
 * @example
 *   npx tsx scripts/strength/label-positions.ts --seed 41 --positions 30000 --out /work/logs/labels-41.jsonl
 */
import { appendFileSync, existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { type Position, encodePositionId, gameResult, initialPosition, legalPlays, swapTurn } from "@/lib/engine";
import { hasCrashedSide, isRace } from "@/lib/analysis/contact";
import { evaluateAtPly, searchPlay } from "@/lib/analysis/search";
import type { Ply } from "@/lib/analysis/types";
import { strengthEvaluator } from "./engine-weights";
import { openingDice, rollDice, seededRandom } from "./seeded-random";
import { readLabelledPositions } from "./supervised";

const EXPLORE = 0.1;
const KEEP = 0.25;

const text = { type: "string" } as const;
const { values } = parseArgs({ options: { seed: text, positions: text, out: text, ply: text, weights: text, log: text }, strict: true });
if (!values.seed || !values.positions || !values.out) {
  process.stderr.write("usage: label-positions.ts --seed S --positions N --out FILE [--ply P] [--weights FILE] [--log FILE]\n");
  process.exit(2);
}
const out = values.out;
const wanted = Number(values.positions);
const ply = Number(values.ply ?? "2") as Ply;
const random = seededRandom(Number(values.seed));
const evaluator = strengthEvaluator({ weights: values.weights });

function log(line: string): void {
  const stamped = `${new Date().toISOString()} ${line}\n`;
  process.stdout.write(stamped);
  if (values.log) appendFileSync(values.log, stamped);
}

// A run started again on the same file goes on where it stopped: the positions already there count and are not repeated.
const seen = new Set<string>(existsSync(out) ? readLabelledPositions([out]).map((labelled) => labelled.pos) : []);
let labelled = seen.size;

log(`start: seed ${values.seed}, ${wanted} positions at ${ply}-ply into ${out} (${labelled} there already)`);
const started = performance.now();
let games = 0;
while (labelled < wanted) {
  games++;
  let pos: Position = initialPosition(random() < 0.5 ? "white" : "black");
  let dice = openingDice(random);
  for (;;) {
    const plays = legalPlays(pos, dice);
    const explore = plays.length > 1 && random() < EXPLORE;
    const play = explore ? plays[Math.floor(random() * plays.length)] : searchPlay(pos, dice, evaluator);
    pos = play ? play.result : swapTurn(pos);
    if (gameResult(pos) !== null || isRace(pos)) break;
    // Not a race here (the line above), so a crashed side makes the position crashed: isCrashed would ask isRace again.
    if (random() < KEEP && !hasCrashedSide(pos)) {
      const id = encodePositionId(pos);
      if (!seen.has(id)) {
        seen.add(id);
        const p = evaluateAtPly(pos, { ply, evaluator });
        const label = [p.win, p.winGammon, p.winBackgammon, p.loseGammon, p.loseBackgammon].map((x) => Number(x.toFixed(6)));
        appendFileSync(out, `${JSON.stringify({ pos: id, p: label })}\n`);
        labelled++;
        if (labelled % 1000 === 0) {
          const seconds = (performance.now() - started) / 1000;
          log(`${labelled}/${wanted} positions (${games} games, ${(seconds / 60).toFixed(1)} min)`);
        }
        if (labelled >= wanted) break;
      }
    }
    dice = rollDice(random);
  }
}
log(`done: ${labelled} positions in ${((performance.now() - started) / 1000).toFixed(0)} s`);
