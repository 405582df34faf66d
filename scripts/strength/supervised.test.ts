/** The supervised refinement learns its labels: exact targets on a small network, errors reported before and after. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encodePositionId, initialPosition, legalPlays } from "@/lib/engine";
import { INPUT_COUNT } from "@/lib/analysis/encoding";
import { Network } from "@/lib/analysis/network";
import { readLabelledPositions, refine } from "./supervised";
import { seededRandom } from "./seeded-random";

const dir = mkdtempSync(join(tmpdir(), "supervised-test-"));

describe("refine", () => {
  // The opening and the positions after two opening plays, each for the side then on roll.
  const opening = encodePositionId(initialPosition("white"));
  const after31 = encodePositionId(legalPlays(initialPosition("white"), [3, 1])[0]!.result);
  const after64 = encodePositionId(legalPlays(initialPosition("white"), [6, 4])[0]!.result);
  const positions = [
    { pos: opening, p: [0.5, 0.15, 0.01, 0.15, 0.01] },
    { pos: after31, p: [0.4, 0.1, 0.005, 0.2, 0.01] },
    { pos: after31, p: [0.9, 0.9, 0.9, 0.9, 0.9] }, // a second label for the same position: the first is kept
    { pos: after64, p: [0.7, 0.3, 0.02, 0.05, 0.002] },
  ];

  it("reads labelled files, each position once, and refuses a label of the wrong size", () => {
    const file = join(dir, "labels.jsonl");
    writeFileSync(file, positions.map((p) => JSON.stringify(p)).join("\n") + "\n");
    expect(readLabelledPositions([file]).map((p) => p.pos)).toEqual([opening, after31, after64]);
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify({ pos: opening, p: [0.5] })}\n`);
    expect(() => readLabelledPositions([bad])).toThrow(/5 probabilities/);
  });

  it("moves the network's equities toward the labels, epoch 0 being where it started", () => {
    const net = Network.random(INPUT_COUNT, 8, seededRandom(3), { exactSigmoid: true });
    const labelled = readLabelledPositions([join(dir, "labels.jsonl")]);
    const reports = refine(net, labelled, { epochs: 1000, alpha: 1, alphaEnd: 0.1, random: seededRandom(4) });
    expect(reports).toHaveLength(1001);
    expect(reports[0]?.alpha).toBe(0);
    expect(reports[1000]?.alpha).toBeCloseTo(0.1, 12);
    expect(reports[1000]!.trainError).toBeLessThan(reports[0]!.trainError / 10);
    expect(reports[0]!.trainError).toBeGreaterThan(0.2); // a random network is far from them
    expect(reports[1000]!.trainError).toBeLessThan(0.03);
  });

  it("learns them with Adam on mini-batches too, and refuses a batch that is not a whole number", () => {
    const net = Network.random(INPUT_COUNT, 8, seededRandom(3), { exactSigmoid: true });
    const labelled = readLabelledPositions([join(dir, "labels.jsonl")]);
    const reports = refine(net, labelled, { epochs: 300, alpha: 0.05, alphaEnd: 0.005, optimizer: "adam", batch: 2, random: seededRandom(4) });
    expect(reports[0]!.trainError).toBeGreaterThan(0.2);
    expect(reports[300]!.trainError).toBeLessThan(0.01);
    expect(() => refine(net, labelled, { epochs: 1, alpha: 0.01, alphaEnd: 0.01, optimizer: "adam", batch: 0.5, random: seededRandom(4) })).toThrow(/whole number/);
  });
});
