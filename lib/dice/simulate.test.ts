import { describe, expect, it } from "vitest";
import { simulateMatch } from "./simulate";

describe("simulateMatch", () => {
  const options = { serverSeed: "0".repeat(63) + "1", clientSeeds: { white: "a", black: "b" }, rolls: 120, turnsPerGame: 6 };

  it("logs at least the asked rolls, nonces 0.., and never ends on a voided tie", () => {
    const { bundle } = simulateMatch(options);
    expect(bundle.rolls.length).toBeGreaterThanOrEqual(120);
    expect(bundle.rolls.map((r) => r.nonce)).toEqual(bundle.rolls.map((_, i) => i));
    const last = bundle.rolls.at(-1)!;
    expect(last.kind === "opening" && last.dice[0] === last.dice[1]).toBe(false);
  });

  it("plays turnsPerGame turn rolls after each opening move", () => {
    const { bundle } = simulateMatch(options);
    const game1 = bundle.rolls.filter((r) => r.game === 1 && r.kind === "turn");
    expect(game1).toHaveLength(6);
  });

  it("the record has one turn per roll that is not a voided tie", () => {
    const { bundle, record } = simulateMatch(options);
    const ties = bundle.rolls.filter((r) => r.kind === "opening" && r.dice[0] === r.dice[1]).length;
    expect(record).toHaveLength(bundle.rolls.length - ties);
  });

  it("hides the seed unless revealed", () => {
    expect(simulateMatch({ ...options, revealed: false }).bundle.serverSeed).toBeNull();
    expect(simulateMatch(options).bundle.serverSeed).toBe(options.serverSeed);
  });
});
