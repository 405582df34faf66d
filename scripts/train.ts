/**
 * `npm run train -- --seed S --games N --out FILE [--hidden H] [--init FILE] [--log FILE] [--alpha A --alpha-end A] [--average-from G]
 * [--lambda L --lambda-end L] [--check N --check-games N]`: trains the evaluator's network by
 * self-play with TD(λ), as TD-Gammon did, on one core.
 *
 * Both sides share the network and play greedily at 0-ply (the play whose result the network likes best; the dice
 * give all the exploration needed). After each game every position s_t of it moves toward its λ-return
 * G_t = (1 − λ)·V(s_t+1) + λ·G_t+1 (seen from s_t's side on roll; the last one is the exact result): the forward view
 * of TD(λ) with its updates applied at the end of the game, which equals accumulating eligibility traces over the
 * game and is far cheaper with sparse inputs. The rate α falls geometrically from --alpha to --alpha-end and λ
 * linearly from --lambda to --lambda-end over the N games. Everything random comes from one seeded generator, so
 * the same command gives the same weights.
 *
 * --init FILE starts from the weights in FILE instead of random ones (a later phase of a run, at a lower rate); with
 * --features (the hand-made inputs of lib/analysis/features.ts) or a --hidden larger than FILE's, the network is
 * first grown (Network.grown: same outputs, new weights to learn). --blockade-features grows it to the blockade features
 * as well (lib/analysis/features.ts).
 *
 * --race trains the race network instead (lib/analysis/weights/race-network.json): every game starts from a random
 * race (strength/random-race.ts) and ends once both sides are bearing off, where the exact bear-off database gives the
 * last value; the evaluator then uses it for every race the database does not cover. Its progress check is the mean
 * 0-ply loss on the held-out set's race positions (gnubg's values judge the weights; they never train them).
 *
 * --stragglers SHARE (with --race) starts that share of the games from a straggler race instead
 * (strength/random-race.ts: checkers off beside a checker still outside home, which only contact makes), and
 * --gammon-races SHARE another share from the end of a gammon race (one side bearing off, the other still coming home
 * with none off: strength/random-race.ts randomGammonRace).
 *
 * --prime-starts SHARE (contact training) starts that share of the games from a prime with checkers trapped behind it
 * (strength/random-prime.ts) instead of the opening: positions the contact network values worst and seldom reaches.
 *
 * --race-weights FILE (contact training) ends every game at its first race, where the race network in FILE (and the
 * bear-off database once both sides are home) gives the last value, as gnubg trains its contact net: the contact
 * network then learns only contact positions, toward better values than its own at the race boundary, and plays the
 * moves that break contact by the race network's values.
 *
 * --crashed --contact-weights FILE --race-weights FILE trains the crashed network instead
 * (lib/analysis/weights/crashed-network.json, for the contact positions lib/analysis/contact.ts calls crashed), from
 * --init (the contact network, whose values it starts from): ordinary self-play games, in which the contact network
 * in FILE values contact positions, the network being trained the crashed ones and the race network the first race
 * (which ends the game); only the crashed positions learn. Its progress figure is how many have.
 *
 * --supervised FILE[,FILE…] [--epochs E] [--optimizer sgd|adam] [--batch B] refines the --init network on positions
 * labelled by our own deeper search (strength/label-positions.ts) instead: E epochs of one gradient step per position
 * toward its label (sgd), or of one Adam step per B positions on their cross-entropy (adam), α falling from --alpha to
 * --alpha-end, each epoch's error on positions held aside logged and its weights written to --out
 * (strength/supervised.ts). No self-play, so --games is not needed.
 *
 * --average-from G writes, from game G on, the running mean of the weights after every 100th game instead of the last
 * weights (Polyak averaging: TD's steps at a constant or slowly falling rate leave noise in the weights, which the
 * mean takes out); self-play goes on with the last weights. The checkpoint's meta says over how many it averaged.
 *
 * Every --check games a quick match of --check-games against pubeval (0-ply, fixed dice seeds) is logged, and the
 * weights are written to --out (a checkpoint records how many games it has seen); with --average-from both are the
 * averaged weights once averaging has begun.
 *
 * @example
 *   npm run train -- --seed 1 --games 300000 --out /work/logs/network.json --log /work/logs/train.log
 */
import { parseArgs } from "node:util";
import { appendFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { type Position, checkersInPlay, decodePositionId, encodePositionId, initialPosition, opponentOf } from "@/lib/engine";
import { backChecker, isCrashed, isRace } from "@/lib/analysis/contact";
import { rankPlays } from "@/lib/analysis/search";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { REPORTING_SET, readHeldoutSet } from "./strength/heldout-set";
import { loadNetwork } from "./strength/engine-weights";
import { randomGammonRace, randomRace, randomStragglerRace } from "./strength/random-race";
import { randomPrimePosition } from "./strength/random-prime";
import { generatePlays } from "@/lib/engine/move-generator";
import { BLOCKADE_FEATURE_INPUT_COUNT, FEATURE_INPUT_COUNT, MAX_ACTIVE, INPUT_COUNT } from "@/lib/analysis/encoding";
import { encodeInputsInto, evaluateInto, networkEvaluator } from "@/lib/analysis/evaluator";
import { Network, OUTPUTS, outputsMoneyEquity } from "@/lib/analysis/network";
import { pubevalChoosePlay } from "@/lib/analysis/pubeval";
import { duel } from "./strength/duel";
import { readLabelledPositions, refine } from "./strength/supervised";
import { netChooser } from "./strength/choosers";
import { openingDice, rollDice, seededRandom } from "./strength/seeded-random";

const USAGE = "usage: npm run train -- --seed S (--games N | --supervised FILES --init FILE) --out FILE [--hidden H] [--log FILE]";
const text = { type: "string" } as const;
let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: { features: { type: "boolean" }, "blockade-features": { type: "boolean" }, race: { type: "boolean" }, crashed: { type: "boolean" }, "contact-weights": text, "race-weights": text, stragglers: text, "gammon-races": text, "prime-starts": text, supervised: text, epochs: text, optimizer: text, batch: text, seed: text, games: text, out: text, init: text, hidden: text, log: text, alpha: text, "alpha-end": text, lambda: text, "lambda-end": text, check: text, "check-games": text, "average-from": text },
    strict: true,
  }));
} catch (error) {
  process.stderr.write(`train: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
}

function option(name: string, fallback?: string): string {
  const given = values[name];
  const value = typeof given === "string" ? given : fallback;
  if (value === undefined) {
    process.stderr.write(`train: --${name} is required\n${USAGE}\n`);
    process.exit(2);
  }
  return value;
}

const supervisedFiles = typeof values.supervised === "string" ? values.supervised.split(",") : null;
const seed = Number(option("seed"));
const games = Number(option("games", supervisedFiles ? "0" : undefined));
const out = option("out");
const init = option("init", "");
const logFile = option("log", "");
const alpha0 = Number(option("alpha", "0.1"));
const alphaEnd = Number(option("alpha-end", "0.02"));
const lambda0 = Number(option("lambda", "0.7"));
const lambdaEnd = Number(option("lambda-end", "0.3"));
const checkEvery = Number(option("check", "10000"));
const checkGames = Number(option("check-games", "500"));
// From this game on (0: never) the weights written are the mean of the weights after every AVERAGE_EVERY-th game.
const averageFrom = Number(option("average-from", "0"));
const AVERAGE_EVERY = 100;
const command = `npm run train -- ${process.argv.slice(2).join(" ")}`;

function log(line: string): void {
  const text = `${new Date().toISOString()} ${line}\n`;
  process.stdout.write(text);
  if (logFile) appendFileSync(logFile, text);
}

const raceMode = values.race === true;
const raceWeightsFile = option("race-weights", "");
const stragglerShare = Number(option("stragglers", "0"));
const gammonRaceShare = Number(option("gammon-races", "0"));
const primeShare = Number(option("prime-starts", "0"));
if (!(primeShare >= 0 && primeShare < 1)) {
  process.stderr.write("train: --prime-starts is a share of the games, below 1\n");
  process.exit(2);
}
if (!(stragglerShare >= 0 && gammonRaceShare >= 0 && stragglerShare + gammonRaceShare < 1)) {
  process.stderr.write("train: --stragglers and --gammon-races are shares of the games, together below 1\n");
  process.exit(2);
}
if (raceMode && raceWeightsFile) {
  process.stderr.write("train: --race-weights is for contact training (--race trains the race network itself)\n");
  process.exit(2);
}
const bearoff = raceMode || raceWeightsFile ? loadBearoffDatabase() : undefined;
// The network that values races in contact training with --race-weights (undefined: the contact network does).
const raceNet = raceWeightsFile ? loadNetwork(raceWeightsFile) : undefined;
const crashedMode = values.crashed === true;
const contactWeightsFile = option("contact-weights", "");
if (crashedMode && (!contactWeightsFile || !raceNet || !init)) {
  process.stderr.write("train: --crashed needs --init, --contact-weights and --race-weights\n");
  process.exit(2);
}
// In crashed training the fixed contact network values contact positions (the trained one, crashed positions).
const contactNet = crashedMode ? loadNetwork(contactWeightsFile) : undefined;
let crashedLearned = 0;
const random = seededRandom(seed);
// --init continues from earlier weights (a second phase at a lower rate); the dice still come from --seed.
const exact = { exactSigmoid: true };
const start = init ? loadNetwork(init, exact) : null;
const inputs =
  values["blockade-features"] === true || (start?.inputs ?? 0) >= BLOCKADE_FEATURE_INPUT_COUNT
    ? BLOCKADE_FEATURE_INPUT_COUNT
    : values.features === true || (start?.inputs ?? 0) > INPUT_COUNT
      ? FEATURE_INPUT_COUNT
      : INPUT_COUNT;
const hidden = Number(option("hidden", String(start?.hidden ?? 80)));
const net = start
  ? start.inputs === inputs && start.hidden === hidden
    ? start
    : start.grown(inputs, hidden, random)
  : Network.random(inputs, hidden, random, exact);
const idx = new Int32Array(MAX_ACTIVE);
const val = new Float64Array(MAX_ACTIVE);
const scratch = new Float64Array(OUTPUTS);
const candidate = new Float64Array(OUTPUTS);

/** The values `pos` gets in self-play: the trained network's, or in crashed training each class's own network's. */
function valueInto(pos: Position, out: Float64Array): void {
  if (contactNet) evaluateInto(contactNet, pos, out, bearoff, raceNet, net);
  else evaluateInto(net, pos, out, bearoff, raceNet);
}

/** One self-play game: the positions (each with its side on roll) and their values, the last one exact. */
function selfPlay(): { positions: Position[]; values: Float64Array } {
  // No draw for a share that is 0, so that runs without --stragglers or --gammon-races keep their dice.
  const raceStart = (): Position => {
    if (stragglerShare > 0 && random() < stragglerShare) return randomStragglerRace(random);
    if (gammonRaceShare > 0 && random() < gammonRaceShare / (1 - stragglerShare)) return randomGammonRace(random);
    return randomRace(random);
  };
  // Likewise no draw when --prime-starts is 0.
  const contactStart = (): Position => (primeShare > 0 && random() < primeShare ? randomPrimePosition(random) : initialPosition(random() < 0.5 ? "white" : "black"));
  let pos = raceMode ? raceStart() : contactStart();
  const positions: Position[] = [pos];
  const values: number[] = [];
  valueInto(pos, scratch);
  values.push(...scratch);
  let dice = raceMode ? rollDice(random) : openingDice(random);
  for (;;) {
    const plays = generatePlays(pos, dice);
    let best: Position;
    if (plays.length === 0) {
      best = { white: pos.white, black: pos.black, turn: pos.turn === "white" ? "black" : "white" };
      valueInto(best, scratch);
    } else {
      // The mover wants the result that is worst for the opponent, who is on roll in it.
      let bestEquity = Infinity;
      best = pos;
      for (const play of plays) {
        valueInto(play.result, candidate);
        const e = outputsMoneyEquity(candidate);
        if (e < bestEquity) {
          bestEquity = e;
          best = play.result;
          scratch.set(candidate);
        }
      }
    }
    positions.push(best);
    values.push(...scratch);
    pos = best;
    if (scratch[0] === 0 && checkersInPlay(pos[opponentOf(pos.turn)]) === 0) break;
    // In a race the database is exact once both sides are home: that value ends the game.
    if (raceMode && backChecker(pos.white) <= 6 && backChecker(pos.black) <= 6) break;
    // With --race-weights the race network's value of the first race ends a contact game.
    if (raceNet && isRace(pos)) break;
    dice = rollDice(random);
  }
  return { positions, values: Float64Array.from(values) };
}

const target = new Float64Array(OUTPUTS);
const next = new Float64Array(OUTPUTS);

/** The λ-return updates of one game, from the last position back to the first. */
function learn(positions: Position[], values: Float64Array, alpha: number, lambda: number): void {
  const last = positions.length - 1;
  for (let k = 0; k < OUTPUTS; k++) next[k] = values[last * OUTPUTS + k] as number;
  for (let t = last - 1; t >= 0; t--) {
    // G_t = invert((1 − λ)·V_t+1 + λ·G_t+1); `next` holds the mix in s_t+1's view, inverted into s_t's.
    const mixWin = next[0] as number;
    target[0] = 1 - mixWin;
    target[1] = next[3] as number;
    target[2] = next[4] as number;
    target[3] = next[1] as number;
    target[4] = next[2] as number;
    const pos = positions[t] as Position;
    if (!crashedMode || isCrashed(pos)) {
      const n = encodeInputsInto(net, pos, idx, val);
      net.train(idx, val, n, target, alpha, scratch);
      if (crashedMode) crashedLearned++;
    }
    for (let k = 0; k < OUTPUTS; k++) next[k] = (1 - lambda) * (values[t * OUTPUTS + k] as number) + lambda * (target[k] as number);
  }
}

const heldoutRaces = raceMode ? readHeldoutSet(REPORTING_SET).filter((p) => p.group === "race") : [];

/** The race network's 0-ply loss on the held-out races, by gnubg's 2-ply values (a progress figure, never a target). */
function heldoutRaceLoss(): number {
  const evaluate = networkEvaluator(net, bearoff, net);
  let total = 0;
  for (const item of heldoutRaces) {
    const decoded = decodePositionId(item.pos, "white");
    if (!decoded.ok) continue;
    const chosen = rankPlays(decoded.value, item.dice, { ply: 0, evaluator: evaluate })[0];
    const gnubg = new Map(item.plays.map((p) => [p.result, p.equity]));
    const equity = chosen ? gnubg.get(encodePositionId(chosen.play.result)) : undefined;
    total += 1000 * ((item.plays[0]?.equity ?? 0) - (equity ?? 0));
  }
  return heldoutRaces.length === 0 ? 0 : total / heldoutRaces.length;
}

/** The running mean of the weights since --average-from (null before), and how many it holds. */
let average: Network | null = null;
let averaged = 0;

/** What a checkpoint writes and the pubeval check plays: the averaged weights once there are any. */
const written = (): Network => average ?? net;

function checkpoint(done: number, epoch?: number): void {
  const refinement = supervisedFiles ? { supervised: supervisedFiles, epoch } : {};
  const averaging = average ? { averageFrom, averageEvery: AVERAGE_EVERY, averaged } : {};
  writeFileSync(out, `${JSON.stringify({ meta: { command, seed, games: done, of: games, inputs: net.inputs, hidden: net.hidden, race: raceMode, crashed: crashedMode, contactWeights: contactWeightsFile || null, raceWeights: raceWeightsFile || null, init: init || null, ...refinement, ...averaging }, ...written().toJson() })}\n`);
}

function pubevalCheck(): string {
  const vs = duel(netChooser(written()), pubevalChoosePlay, checkGames, 1_000_000);
  return `vs pubeval ${vs.pointsPerGame.toFixed(3)} ± ${vs.interval95.toFixed(3)} ppg, wins ${(100 * vs.winRate).toFixed(1)} % (${vs.games} games)`;
}

if (supervisedFiles) {
  // Refinement on labelled positions (strength/supervised.ts) instead of self-play: --init is the network to refine.
  if (!start) {
    process.stderr.write("train: --supervised refines a network: give it with --init\n");
    process.exit(2);
  }
  const positions = readLabelledPositions(supervisedFiles);
  const epochs = Number(option("epochs", "10"));
  const optimizer = option("optimizer", "sgd");
  if (optimizer !== "sgd" && optimizer !== "adam") {
    process.stderr.write(`train: --optimizer is sgd or adam, not ${optimizer}\n`);
    process.exit(2);
  }
  const batch = Number(option("batch", "128"));
  log(`start: ${command} (${positions.length} labelled positions, ${epochs} epochs, ${optimizer}, α ${alpha0}→${alphaEnd}) ${pubevalCheck()}`);
  refine(net, positions, {
    epochs,
    optimizer,
    batch,
    alpha: alpha0,
    alphaEnd,
    random,
    onEpoch: ({ epoch, alpha, trainError, heldAsideError }) => {
      if (epoch > 0) checkpoint(0, epoch);
      log(`epoch ${epoch} α ${alpha.toFixed(4)}: equity error against the labels ${(1000 * trainError).toFixed(1)} mEMG (training), ${(1000 * heldAsideError).toFixed(1)} (held aside)`);
    },
  });
  log(`done: ${pubevalCheck()}; weights in ${out}`);
  process.exit(0);
}

log(`start: ${command} (inputs ${net.inputs}, hidden ${net.hidden}, α ${alpha0}→${alphaEnd}, λ ${lambda0}→${lambdaEnd})`);
const started = performance.now();
let moves = 0;
for (let g = 1; g <= games; g++) {
  const progress = (g - 1) / games;
  const alpha = alpha0 * Math.pow(alphaEnd / alpha0, progress);
  const lambda = lambda0 + (lambdaEnd - lambda0) * progress;
  const { positions, values } = selfPlay();
  moves += positions.length - 1;
  learn(positions, values, alpha, lambda);
  if (averageFrom > 0 && g >= averageFrom && (g - averageFrom) % AVERAGE_EVERY === 0) {
    averaged++;
    if (average) average.blendToward(net, 1 / averaged);
    else average = net.clone();
  }
  if (g % checkEvery === 0 || g === games) {
    const seconds = (performance.now() - started) / 1000;
    checkpoint(g);
    const head = `games ${g} (${(g / seconds).toFixed(1)}/s, ${(moves / g).toFixed(1)} plies/game) α ${alpha.toFixed(4)} λ ${lambda.toFixed(2)}${average ? ` (weights averaged over ${averaged})` : ""}`;
    if (raceMode) {
      log(`${head} held-out races at 0-ply: ${heldoutRaceLoss().toFixed(2)} mEMG per position`);
    } else if (crashedMode) {
      log(`${head} crashed positions learned: ${crashedLearned} (${(crashedLearned / g).toFixed(2)} a game)`);
    } else {
      log(`${head} ${pubevalCheck()}`);
    }
  }
}
log(`done: ${games} games in ${((performance.now() - started) / 1000).toFixed(0)} s; weights in ${out}`);
