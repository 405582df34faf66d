/**
 * Supervised refinement of a network on positions labelled by our own deeper search (label-positions.ts): the
 * second step of training after TD(λ) self-play, as gnubg's networks were refined on rollouts. Every 20th position is
 * held aside; each epoch goes once over the others in a seeded random order, one gradient step each toward the
 * label's five probabilities, at a rate falling geometrically from `alpha` to `alphaEnd` over the epochs. After each
 * epoch the mean absolute difference between the network's 0-ply money equity and the label's, on the positions held
 * aside, is reported (with the same on the training positions; epoch 0 is before any step): the figure that says whether the network learned the
 * search's values or only memorised them.
 *
 * @example
 *   refine(net, readLabelledPositions(["/work/logs/labels-41.jsonl"]), { epochs: 10, alpha: 0.01, alphaEnd: 0.001, random, onEpoch });
 */
import { readFileSync } from "node:fs";
import { decodePositionId } from "@/lib/engine";
import { MAX_ACTIVE } from "@/lib/analysis/encoding";
import { encodeInputsInto } from "@/lib/analysis/evaluator";
import { type Network, OUTPUTS, outputsMoneyEquity } from "@/lib/analysis/network";

const HOLD_ASIDE_EVERY = 20;

export interface LabelledPosition {
  /** gnubg Position ID, the side on roll encoded second. */
  readonly pos: string;
  /** win, winGammon, winBackgammon, loseGammon, loseBackgammon for the side on roll. */
  readonly p: readonly number[];
}

export function readLabelledPositions(files: readonly string[]): LabelledPosition[] {
  const seen = new Set<string>();
  const positions: LabelledPosition[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line) continue;
      const labelled = JSON.parse(line) as LabelledPosition;
      if (labelled.p.length !== OUTPUTS) throw new Error(`${file}: a label needs ${OUTPUTS} probabilities: ${line}`);
      if (seen.has(labelled.pos)) continue;
      seen.add(labelled.pos);
      positions.push(labelled);
    }
  }
  return positions;
}

export interface EpochReport {
  readonly epoch: number;
  readonly alpha: number;
  /** Mean |network equity − label equity| at 0-ply, on the training positions and on those held aside. */
  readonly trainError: number;
  readonly heldAsideError: number;
}

export interface RefineOptions {
  readonly epochs: number;
  readonly alpha: number;
  readonly alphaEnd: number;
  readonly random: () => number;
  readonly onEpoch?: (report: EpochReport) => void;
}

interface Encoded {
  readonly idx: Int32Array;
  readonly val: Float64Array;
  readonly target: Float64Array;
}

export function refine(net: Network, positions: readonly LabelledPosition[], options: RefineOptions): EpochReport[] {
  const scratchIdx = new Int32Array(MAX_ACTIVE);
  const scratchVal = new Float64Array(MAX_ACTIVE);
  const train: Encoded[] = [];
  const heldAside: Encoded[] = [];
  for (const [i, labelled] of positions.entries()) {
    const decoded = decodePositionId(labelled.pos, "white");
    if (!decoded.ok) throw new Error(`bad Position ID among the labelled positions: ${labelled.pos}`);
    // The inputs do not change while the weights do (the features are of the board alone): encode once.
    const n = encodeInputsInto(net, decoded.value, scratchIdx, scratchVal);
    const encoded = { idx: scratchIdx.slice(0, n), val: scratchVal.slice(0, n), target: Float64Array.from(labelled.p) };
    (i % HOLD_ASIDE_EVERY === HOLD_ASIDE_EVERY - 1 ? heldAside : train).push(encoded);
  }
  const out = new Float64Array(OUTPUTS);
  const meanError = (set: readonly Encoded[]): number => {
    let total = 0;
    for (const e of set) {
      net.forward(e.idx, e.val, e.idx.length, out);
      total += Math.abs(outputsMoneyEquity(out) - outputsMoneyEquity(e.target));
    }
    return set.length === 0 ? 0 : total / set.length;
  };
  // Epoch 0: where the network starts.
  const reports: EpochReport[] = [{ epoch: 0, alpha: 0, trainError: meanError(train), heldAsideError: meanError(heldAside) }];
  options.onEpoch?.(reports[0] as EpochReport);
  const order = train.map((_, i) => i);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    const alpha = options.alpha * Math.pow(options.alphaEnd / options.alpha, options.epochs === 1 ? 0 : (epoch - 1) / (options.epochs - 1));
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(options.random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const k of order) {
      const e = train[k] as Encoded;
      net.train(e.idx, e.val, e.idx.length, e.target, alpha, out);
    }
    const report = { epoch, alpha, trainError: meanError(train), heldAsideError: meanError(heldAside) };
    reports.push(report);
    options.onEpoch?.(report);
  }
  return reports;
}
