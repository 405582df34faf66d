import { describe, expect, it } from "vitest";
import { initialPosition } from "../engine/position";
import { INPUT_COUNT, MAX_ACTIVE, encodeSides } from "./encoding";
import { mulberry32 } from "@/lib/random/seeded";
import { Network, OUTPUTS } from "./network";

/** A fixed pseudo-random sequence (lib/random: mulberry32) so the test nets are the same on every run. */
const random = mulberry32;

/** The textbook dense forward pass over all INPUT_COUNT inputs, to check the sparse one against. */
function denseForward(json: ReturnType<Network["toJson"]>, x: number[]): number[] {
  const sig = (v: number) => 1 / (1 + Math.exp(-v));
  const h = json.hiddenBias.map((b, j) => sig(x.reduce((s, xi, i) => s + xi * (json.inputWeights[i * json.hidden + j] ?? 0), b)));
  return json.outputBias.map((b, o) => sig(h.reduce((s, hj, j) => s + hj * (json.outputWeights[o * json.hidden + j] ?? 0), b)));
}

describe("encodeSides", () => {
  it("writes Tesauro's units for the starting position: 4 occupied points a side, 13 non-zero inputs each", () => {
    const start = initialPosition("white");
    const idx = new Int32Array(MAX_ACTIVE);
    const val = new Float64Array(MAX_ACTIVE);
    const n = encodeSides(start.white, start.black, idx, val);
    const x = new Array<number>(INPUT_COUNT).fill(0);
    for (let k = 0; k < n; k++) x[idx[k] as number] = val[k] as number;
    // 24 point: 2 checkers → units 1,1,0,0. 13 point: 5 → 1,1,1,(5−3)/2 = 1. 8 point: 3 → 1,1,1,0. 6 point: 5.
    expect(x.slice(4 * 23, 4 * 24)).toEqual([1, 1, 0, 0]);
    expect(x.slice(4 * 12, 4 * 13)).toEqual([1, 1, 1, 1]);
    expect(x.slice(4 * 7, 4 * 8)).toEqual([1, 1, 1, 0]);
    expect(x.slice(4 * 5, 4 * 6)).toEqual([1, 1, 1, 1]);
    expect(n).toBe(2 * 13);
    // The opponent's block mirrors the mover's; nothing on the bar or off.
    expect(x.slice(98, 196)).toEqual(x.slice(0, 98));
  });
});

describe("Network", () => {
  const net = Network.random(INPUT_COUNT, 12, random(7));
  const idx = new Int32Array([3, 40, 97, 150, 195]);
  const val = new Float64Array([1, 0.5, 0.4, 1, 2]);
  const x = new Array<number>(INPUT_COUNT).fill(0);
  idx.forEach((i, k) => (x[i] = val[k] as number));

  it("gives the same outputs as a dense forward pass over every input (to the sigmoid table's 4e-6)", () => {
    const out = new Float64Array(OUTPUTS);
    net.forward(idx, val, idx.length, out);
    const dense = denseForward(net.toJson(17), x);
    dense.forEach((d, o) => expect(Math.abs((out[o] as number) - d)).toBeLessThan(1e-5));
  });

  it("survives a JSON round trip", () => {
    const copy = Network.fromJson(JSON.parse(JSON.stringify(net.toJson(17))));
    const a = new Float64Array(OUTPUTS);
    const b = new Float64Array(OUTPUTS);
    net.forward(idx, val, idx.length, a);
    copy.forward(idx, val, idx.length, b);
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it("moves its outputs toward the target with each training step", () => {
    const learner = Network.random(INPUT_COUNT, 12, random(8));
    const target = [0.9, 0.3, 0.05, 0.1, 0.01];
    const out = new Float64Array(OUTPUTS);
    const error = () => target.reduce((s, t, o) => s + (t - (out[o] as number)) ** 2, 0);
    learner.train(idx, val, idx.length, target, 0.5, out);
    const before = error();
    for (let i = 0; i < 50; i++) learner.train(idx, val, idx.length, target, 0.5, out);
    expect(error()).toBeLessThan(before / 10);
  });

  it("gives the cross-entropy gradient of every weight, as finite differences of the loss measure it", () => {
    const exact = Network.random(INPUT_COUNT, 12, random(9), { exactSigmoid: true });
    const target = [0.7, 0.2, 0.01, 0.1, 0.002];
    const out = new Float64Array(OUTPUTS);
    const loss = () => {
      exact.forward(idx, val, idx.length, out);
      return target.reduce((s, t, o) => s - t * Math.log(out[o] as number) - (1 - t) * Math.log(1 - (out[o] as number)), 0);
    };
    const gradient = exact.parameters().map((p) => new Float64Array(p.length));
    exact.addCrossEntropyGradient(idx, val, idx.length, target, gradient, out);
    // A second call adds to what is there: a mini-batch's gradient is the sum of its positions'.
    const twice = exact.parameters().map((p) => new Float64Array(p.length));
    exact.addCrossEntropyGradient(idx, val, idx.length, target, twice, out);
    exact.addCrossEntropyGradient(idx, val, idx.length, target, twice, out);
    // Some weight of each array: a used input's row, a hidden bias, an output row, an output bias (and an unused row's 0).
    const probes: [number, number][] = [[0, 40 * 12 + 3], [0, 195 * 12 + 11], [0, 5 * 12], [1, 4], [2, 2 * 12 + 7], [3, 0], [3, 4]];
    for (const [array, i] of probes) {
      const weights = exact.parameters()[array] as Float64Array;
      const saved = weights[i] as number;
      const h = 1e-6;
      weights[i] = saved + h;
      const up = loss();
      weights[i] = saved - h;
      const down = loss();
      weights[i] = saved;
      const numeric = (up - down) / (2 * h);
      expect(gradient[array]![i]).toBeCloseTo(numeric, 6);
      expect(twice[array]![i]).toBeCloseTo(2 * numeric, 6);
    }
    expect(gradient[0]![5 * 12]).toBe(0);
  });

  it("averages networks: blending the k-th toward it by 1/k gives their weights' mean, and a clone is independent", () => {
    const nets = [7, 9, 11].map((seed) => Network.random(INPUT_COUNT, 12, random(seed)));
    const mean = (nets[0] as Network).clone();
    nets.slice(1).forEach((other, k) => mean.blendToward(other, 1 / (k + 2)));
    const weights = nets.map((n) => n.toJson(17));
    const got = mean.toJson(17);
    for (const field of ["inputWeights", "hiddenBias", "outputWeights", "outputBias"] as const) {
      got[field].forEach((w, i) => expect(w).toBeCloseTo(weights.reduce((s, n) => s + (n[field][i] as number), 0) / 3, 12));
    }
    expect(nets[0]?.toJson(17)).toEqual(weights[0]); // the clone's blending left the first network alone
    expect(() => mean.blendToward(Network.random(INPUT_COUNT, 13, random(1)), 0.5)).toThrow(/same shape/);
  });

  it("refuses weights of the wrong size", () => {
    const json = net.toJson();
    expect(() => Network.fromJson({ ...json, hiddenBias: [0] })).toThrow(/do not fit/);
  });
});
