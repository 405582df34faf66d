/**
 * A small multilayer perceptron with sigmoid units and five outputs in Probabilities' order (win, winGammon,
 * winBackgammon, loseGammon, loseBackgammon), with the sparse forward pass and the gradient step that self-play
 * training needs.
 *
 * Input weights are stored one row of `hidden` weights per input, so the hidden layer is its bias plus the rows of the
 * few non-zero inputs (encoding.ts), scaled by their values: some thirty rows instead of all 196.
 *
 * @example
 *   const net = Network.random(INPUT_COUNT, 80, seededRandom(1));
 *   const out = new Float64Array(OUTPUTS);
 *   net.forward(idx, val, n, out); // out[0] = P(win) for the side on roll
 */

export const OUTPUTS = 5;

/** Cubeless money equity of five outputs (Probabilities' order) for their side: cubelessMoneyEquity on the array. */
export function outputsMoneyEquity(out: ArrayLike<number>): number {
  return 2 * (out[0] as number) - 1 + (out[1] as number) - (out[3] as number) + (out[2] as number) - (out[4] as number);
}

/** The weights as committed to JSON (lib/analysis/weights/*.json). */
export interface NetworkJson {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
  /** inputs × hidden, row per input. */
  readonly inputWeights: readonly number[];
  readonly hiddenBias: readonly number[];
  /** outputs × hidden, row per output. */
  readonly outputWeights: readonly number[];
  readonly outputBias: readonly number[];
}

function exactSigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * The logistic function from a table with linear interpolation (step 1/64 on [−20, 20], error under 4e-6; Math.exp
 * beyond): Math.exp was an eighth of the time of a 2-ply search, 80 calls per evaluation. GNU Backgammon
 * uses a table too.
 */
const SIGMOID_STEPS_PER_UNIT = 64;
const SIGMOID_RANGE = 20;
const SIGMOID_TABLE = Float64Array.from(
  { length: 2 * SIGMOID_RANGE * SIGMOID_STEPS_PER_UNIT + 2 },
  (_, i) => 1 / (1 + Math.exp(-(i / SIGMOID_STEPS_PER_UNIT - SIGMOID_RANGE))),
);

function sigmoid(x: number): number {
  if (x <= -SIGMOID_RANGE || x >= SIGMOID_RANGE) return exactSigmoid(x);
  const t = (x + SIGMOID_RANGE) * SIGMOID_STEPS_PER_UNIT;
  const i = t | 0;
  const a = SIGMOID_TABLE[i] as number;
  return a + (t - i) * ((SIGMOID_TABLE[i + 1] as number) - a);
}

export interface NetworkOptions {
  /** Math.exp for every sigmoid (training) instead of the faster table (play and analysis). */
  readonly exactSigmoid?: boolean;
}

export class Network {
  private readonly hiddenScratch: Float64Array;
  private readonly deltaScratch: Float64Array;

  private constructor(
    readonly inputs: number,
    readonly hidden: number,
    readonly w1: Float64Array,
    readonly b1: Float64Array,
    readonly w2: Float64Array,
    readonly b2: Float64Array,
    /**
     * Math.exp instead of the table: training uses it, so that a training run gives the same weights as the runs
     * made before the table existed (the committed weights' command must reproduce them).
     */
    readonly exact: boolean,
  ) {
    this.hiddenScratch = new Float64Array(hidden);
    this.deltaScratch = new Float64Array(hidden);
  }

  /** Weights uniform in ±0.1 from `random` (a seeded generator, so a training run is reproducible). */
  static random(inputs: number, hidden: number, random: () => number, options: NetworkOptions = {}): Network {
    const fill = (n: number) => Float64Array.from({ length: n }, () => (random() - 0.5) * 0.2);
    return new Network(inputs, hidden, fill(inputs * hidden), fill(hidden), fill(OUTPUTS * hidden), fill(OUTPUTS), options.exactSigmoid ?? false);
  }

  /**
   * This network with more inputs and hidden units that compute the same function: new input rows start at 0 for the
   * old hidden units, new hidden units get random input weights (from `random`) and output weights of 0. Training
   * grows a trained network this way rather than starting over.
   */
  grown(inputs: number, hidden: number, random: () => number): Network {
    if (inputs < this.inputs || hidden < this.hidden) throw new Error("a network can only grow");
    const w1 = new Float64Array(inputs * hidden);
    for (let i = 0; i < inputs; i++) {
      for (let j = 0; j < hidden; j++) {
        w1[i * hidden + j] = j < this.hidden ? (i < this.inputs ? (this.w1[i * this.hidden + j] as number) : 0) : (random() - 0.5) * 0.2;
      }
    }
    const b1 = new Float64Array(hidden);
    b1.set(this.b1);
    const w2 = new Float64Array(OUTPUTS * hidden);
    for (let o = 0; o < OUTPUTS; o++) for (let j = 0; j < this.hidden; j++) w2[o * hidden + j] = this.w2[o * this.hidden + j] as number;
    return new Network(inputs, hidden, w1, b1, w2, Float64Array.from(this.b2), this.exact);
  }

  /** A network with the same weights, independent of this one (a running average of a training run starts as one). */
  clone(): Network {
    return new Network(this.inputs, this.hidden, Float64Array.from(this.w1), Float64Array.from(this.b1), Float64Array.from(this.w2), Float64Array.from(this.b2), this.exact);
  }

  /**
   * Moves every weight a `share` of the way toward `other`'s (same shape): with share 1/k for the k-th network seen,
   * this network is the running mean of them all (Polyak averaging of a training run's weights).
   */
  blendToward(other: Network, share: number): void {
    if (other.inputs !== this.inputs || other.hidden !== this.hidden) throw new Error("only networks of the same shape blend");
    const blend = (mine: Float64Array, theirs: Float64Array) => {
      for (let i = 0; i < mine.length; i++) mine[i] = (mine[i] as number) + share * ((theirs[i] as number) - (mine[i] as number));
    };
    blend(this.w1, other.w1);
    blend(this.b1, other.b1);
    blend(this.w2, other.w2);
    blend(this.b2, other.b2);
  }

  static fromJson(json: NetworkJson, options: NetworkOptions = {}): Network {
    const { inputs, hidden } = json;
    if (json.outputs !== OUTPUTS || json.inputWeights.length !== inputs * hidden || json.hiddenBias.length !== hidden) {
      throw new Error(`network weights do not fit ${inputs} × ${hidden} × ${OUTPUTS}`);
    }
    if (json.outputWeights.length !== OUTPUTS * hidden || json.outputBias.length !== OUTPUTS) {
      throw new Error("network output weights have the wrong size");
    }
    return new Network(
      inputs,
      hidden,
      Float64Array.from(json.inputWeights),
      Float64Array.from(json.hiddenBias),
      Float64Array.from(json.outputWeights),
      Float64Array.from(json.outputBias),
      options.exactSigmoid ?? false,
    );
  }

  /** The weights rounded to `digits` significant digits (enough for play, and a JSON file a fifth the size). */
  toJson(digits = 7): NetworkJson {
    const round = (a: Float64Array) => Array.from(a, (v) => Number(v.toPrecision(digits)));
    return {
      inputs: this.inputs,
      hidden: this.hidden,
      outputs: OUTPUTS,
      inputWeights: round(this.w1),
      hiddenBias: round(this.b1),
      outputWeights: round(this.w2),
      outputBias: round(this.b2),
    };
  }

  /**
   * The hidden layer's inputs before the sigmoid into `z`: its bias plus the rows of the `n` non-zero inputs (idx,
   * val). Rows are added four at a time: one pass over `z` per four rows measured 2.2 times faster than one per row in
   * V8 (the loop is bound by loads and stores of z).
   */
  preActivation(idx: Int32Array, val: Float64Array, n: number, z: Float64Array): void {
    this.sumRows(this.b1, idx, val, n, z);
  }

  /**
   * `from` plus the rows of the `n` inputs (idx, val) scaled by their values, into `z` (which may be `from`): the
   * pre-activation of a board that differs from `from`'s by those inputs. Four rows per pass over `z`, as above.
   */
  sumRows(from: Float64Array, idx: Int32Array, val: Float64Array, n: number, z: Float64Array): void {
    const H = this.hidden;
    const w1 = this.w1;
    if (z !== from) z.set(from.subarray(0, H));
    let k = 0;
    for (; k + 4 <= n; k += 4) {
      const r0 = (idx[k] as number) * H;
      const r1 = (idx[k + 1] as number) * H;
      const r2 = (idx[k + 2] as number) * H;
      const r3 = (idx[k + 3] as number) * H;
      const v0 = val[k] as number;
      const v1 = val[k + 1] as number;
      const v2 = val[k + 2] as number;
      const v3 = val[k + 3] as number;
      for (let j = 0; j < H; j++) {
        z[j] = (z[j] as number) + v0 * (w1[r0 + j] as number) + v1 * (w1[r1 + j] as number) + v2 * (w1[r2 + j] as number) + v3 * (w1[r3 + j] as number);
      }
    }
    for (; k < n; k++) this.addRow(z, idx[k] as number, val[k] as number);
  }

  /** Adds `scale` times input `input`'s weight row to the pre-activation `z` (one input changed by `scale`). */
  addRow(z: Float64Array, input: number, scale: number): void {
    const H = this.hidden;
    const w1 = this.w1;
    const row = input * H;
    for (let j = 0; j < H; j++) z[j] = (z[j] as number) + scale * (w1[row + j] as number);
  }

  /** The five outputs from a hidden pre-activation `z` (as preActivation and addRow build it) into `out`. */
  outputsFrom(z: Float64Array, out: Float64Array): void {
    const h = this.hiddenScratch;
    if (this.exact) for (let j = 0; j < this.hidden; j++) h[j] = exactSigmoid(z[j] as number);
    else for (let j = 0; j < this.hidden; j++) h[j] = sigmoid(z[j] as number);
    this.outputLayer(h, out);
  }

  /** Hidden activations into `h` from the `n` non-zero inputs (idx, val). */
  private hiddenLayer(idx: Int32Array, val: Float64Array, n: number, h: Float64Array): void {
    this.preActivation(idx, val, n, h);
    if (this.exact) for (let j = 0; j < this.hidden; j++) h[j] = exactSigmoid(h[j] as number);
    else for (let j = 0; j < this.hidden; j++) h[j] = sigmoid(h[j] as number);
  }

  private outputLayer(h: Float64Array, out: Float64Array): void {
    const H = this.hidden;
    const w2 = this.w2;
    // The five sums in one pass over h: each output still adds its terms in the order j = 0, 1, …, so the values are
    // those of one pass per output.
    let s0 = this.b2[0] as number;
    let s1 = this.b2[1] as number;
    let s2 = this.b2[2] as number;
    let s3 = this.b2[3] as number;
    let s4 = this.b2[4] as number;
    for (let j = 0; j < H; j++) {
      const hj = h[j] as number;
      s0 += (w2[j] as number) * hj;
      s1 += (w2[H + j] as number) * hj;
      s2 += (w2[2 * H + j] as number) * hj;
      s3 += (w2[3 * H + j] as number) * hj;
      s4 += (w2[4 * H + j] as number) * hj;
    }
    const squash = this.exact ? exactSigmoid : sigmoid;
    out[0] = squash(s0);
    out[1] = squash(s1);
    out[2] = squash(s2);
    out[3] = squash(s3);
    out[4] = squash(s4);
  }

  /** The five outputs for the sparse input (idx, val, n) into `out`. */
  forward(idx: Int32Array, val: Float64Array, n: number, out: Float64Array): void {
    this.hiddenLayer(idx, val, n, this.hiddenScratch);
    this.outputLayer(this.hiddenScratch, out);
  }

  /** The weight arrays in a fixed order (input rows, hidden bias, output rows, output bias): what an optimiser updates. */
  parameters(): [Float64Array, Float64Array, Float64Array, Float64Array] {
    return [this.w1, this.b1, this.w2, this.b2];
  }

  /**
   * Adds to `gradient` (arrays shaped as parameters()) the gradient of the cross-entropy between the outputs for
   * (idx, val, n) and `target` (five probabilities), with respect to every weight; `out` receives the outputs.
   * Cross-entropy rather than squared error: its gradient at an output is (output − target) without the factor
   * y(1 − y), so outputs near 0 or 1 (the backgammon chances of most positions) still learn. Supervised training
   * sums it over a mini-batch (scripts/strength/supervised.ts).
   */
  addCrossEntropyGradient(idx: Int32Array, val: Float64Array, n: number, target: ArrayLike<number>, gradient: readonly Float64Array[], out: Float64Array): void {
    const H = this.hidden;
    const h = this.hiddenScratch;
    const dh = this.deltaScratch;
    const [gw1, gb1, gw2, gb2] = gradient as [Float64Array, Float64Array, Float64Array, Float64Array];
    this.hiddenLayer(idx, val, n, h);
    this.outputLayer(h, out);
    const w2 = this.w2;
    dh.fill(0);
    for (let o = 0; o < OUTPUTS; o++) {
      const d = (out[o] as number) - (target[o] as number);
      if (d === 0) continue;
      const row = o * H;
      for (let j = 0; j < H; j++) {
        dh[j] = (dh[j] as number) + d * (w2[row + j] as number);
        gw2[row + j] = (gw2[row + j] as number) + d * (h[j] as number);
      }
      gb2[o] = (gb2[o] as number) + d;
    }
    for (let j = 0; j < H; j++) {
      const hj = h[j] as number;
      dh[j] = (dh[j] as number) * hj * (1 - hj);
      gb1[j] = (gb1[j] as number) + (dh[j] as number);
    }
    for (let k = 0; k < n; k++) {
      const row = (idx[k] as number) * H;
      const v = val[k] as number;
      for (let j = 0; j < H; j++) gw1[row + j] = (gw1[row + j] as number) + v * (dh[j] as number);
    }
  }

  /**
   * One gradient step of rate `alpha` moving the outputs for (idx, val, n) toward `target` (squared error, as TD
   * learning does). `out` receives the outputs before the step.
   */
  train(idx: Int32Array, val: Float64Array, n: number, target: ArrayLike<number>, alpha: number, out: Float64Array): void {
    const H = this.hidden;
    const h = this.hiddenScratch;
    const dh = this.deltaScratch;
    this.hiddenLayer(idx, val, n, h);
    this.outputLayer(h, out);
    const { w1, b1, w2, b2 } = this;
    dh.fill(0);
    for (let o = 0; o < OUTPUTS; o++) {
      const y = out[o] as number;
      const d = ((target[o] as number) - y) * y * (1 - y);
      if (d === 0) continue;
      const row = o * H;
      for (let j = 0; j < H; j++) {
        dh[j] = (dh[j] as number) + d * (w2[row + j] as number);
        w2[row + j] = (w2[row + j] as number) + alpha * d * (h[j] as number);
      }
      b2[o] = (b2[o] as number) + alpha * d;
    }
    for (let j = 0; j < H; j++) {
      const hj = h[j] as number;
      dh[j] = alpha * (dh[j] as number) * hj * (1 - hj);
      b1[j] = (b1[j] as number) + (dh[j] as number);
    }
    for (let k = 0; k < n; k++) {
      const row = (idx[k] as number) * H;
      const v = val[k] as number;
      for (let j = 0; j < H; j++) w1[row + j] = (w1[row + j] as number) + v * (dh[j] as number);
    }
  }
}
