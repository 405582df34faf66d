/**
 * The Adam optimiser (Kingma and Ba, 2015) over a network's weight arrays, for supervised training on labelled
 * positions (supervised.ts). Each weight keeps running means of its gradient and of the gradient's square, and steps
 * by the first over the root of the second: a step of about the rate whatever the gradient's scale, which plain
 * gradient steps of one rate for all weights could not give the input rows (touched by a few positions in a hundred)
 * and the output weights (by all of them) at once.
 *
 * @example
 *   const adam = new Adam(net.parameters());
 *   const gradient = adam.zeroGradient();
 *   for (const e of batch) net.addCrossEntropyGradient(e.idx, e.val, e.idx.length, e.target, gradient, out);
 *   adam.step(gradient, 0.001, 1 / batch.length);
 */
const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

export class Adam {
  private readonly firstMoment: Float64Array[];
  private readonly secondMoment: Float64Array[];
  private steps = 0;

  constructor(private readonly parameters: readonly Float64Array[]) {
    this.firstMoment = parameters.map((p) => new Float64Array(p.length));
    this.secondMoment = parameters.map((p) => new Float64Array(p.length));
  }

  /** Gradient arrays of the parameters' shapes, all zero (fill(0) them again between batches). */
  zeroGradient(): Float64Array[] {
    return this.parameters.map((p) => new Float64Array(p.length));
  }

  /** One step of rate `rate` against `gradient` times `scale` (1 / the batch size for a batch's mean gradient). */
  step(gradient: readonly Float64Array[], rate: number, scale = 1): void {
    this.steps++;
    const unbias1 = 1 - Math.pow(BETA1, this.steps);
    const unbias2 = 1 - Math.pow(BETA2, this.steps);
    for (const [k, weights] of this.parameters.entries()) {
      const g = gradient[k] as Float64Array;
      const m = this.firstMoment[k] as Float64Array;
      const v = this.secondMoment[k] as Float64Array;
      for (let i = 0; i < weights.length; i++) {
        const gi = (g[i] as number) * scale;
        const mi = BETA1 * (m[i] as number) + (1 - BETA1) * gi;
        const vi = BETA2 * (v[i] as number) + (1 - BETA2) * gi * gi;
        m[i] = mi;
        v[i] = vi;
        weights[i] = (weights[i] as number) - (rate * (mi / unbias1)) / (Math.sqrt(vi / unbias2) + EPSILON);
      }
    }
  }
}
