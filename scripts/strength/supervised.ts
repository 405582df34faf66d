/**
 * Supervised refinement of a network on positions labelled by our own deeper search (label-positions.ts): the
 * second step of training after TD(λ) self-play, as gnubg's networks were refined on rollouts. Every 20th position is
 * held aside; each epoch goes once over the others in a seeded random order, at a rate falling geometrically from
 * `alpha` to `alphaEnd` over the epochs, by one of two optimisers:
 * - "sgd" (the default, phase 9's): one plain gradient step of squared error per position toward the label's five
 *   probabilities (Network.train, as TD learning steps);
 * - "adam": mini-batches of `batch` positions, the cross-entropy gradient summed over each (Network
 *   addCrossEntropyGradient), one Adam step per batch (adam.ts). On 450,000 1-ply labels it took the network 34.0 →
 *   27.2 mEMG from them in 20 epochs where 6 plain epochs on 300,000 had gone 35.0 → 33.1 (lib/analysis/weights/README.md,
 *   phases 9 and 10).
 *
 * After each epoch the mean absolute difference between the network's 0-ply money equity and the label's, on the positions held
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
import { Adam } from "./adam";

const HOLD_ASIDE_EVERY = 20;
const DEFAULT_BATCH = 128;

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
  /** "sgd" (default) or "adam" (see above). */
  readonly optimizer?: "sgd" | "adam";
  /** Positions per Adam step (default 128). */
  readonly batch?: number;
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
  const adam = options.optimizer === "adam" ? new Adam(net.parameters()) : null;
  const gradient = adam?.zeroGradient() ?? [];
  const batch = options.batch ?? DEFAULT_BATCH;
  if (!(Number.isInteger(batch) && batch >= 1)) throw new Error(`a batch is a whole number of positions: ${batch}`);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    const alpha = options.alpha * Math.pow(options.alphaEnd / options.alpha, options.epochs === 1 ? 0 : (epoch - 1) / (options.epochs - 1));
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(options.random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    if (adam) {
      for (let start = 0; start < order.length; start += batch) {
        for (const g of gradient) g.fill(0);
        const end = Math.min(order.length, start + batch);
        for (let s = start; s < end; s++) {
          const e = train[order[s] as number] as Encoded;
          net.addCrossEntropyGradient(e.idx, e.val, e.idx.length, e.target, gradient, out);
        }
        adam.step(gradient, alpha, 1 / (end - start));
      }
    } else {
      for (const k of order) {
        const e = train[k] as Encoded;
        net.train(e.idx, e.val, e.idx.length, e.target, alpha, out);
      }
    }
    const report = { epoch, alpha, trainError: meanError(train), heldAsideError: meanError(heldAside) };
    reports.push(report);
    options.onEpoch?.(report);
  }
  return reports;
}
