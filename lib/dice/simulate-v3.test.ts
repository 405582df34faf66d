import { describe, expect, it } from "vitest";
import { chainHead } from "./hash-chain";
import { simulateMatchV3 } from "./simulate-v3";

const options = { serverSeed: "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a", clientSeeds: { white: "w", black: "b" }, matchLength: 3, games: 3, turnsPerGame: 5 } as const;

describe("simulateMatchV3", () => {
  it("repeats exactly, and makes every roll of the contributions its kind needs", () => {
    const { bundle } = simulateMatchV3(options);
    expect(simulateMatchV3(options).bundle).toEqual(bundle);
    for (const roll of bundle.rolls) {
      if (roll.kind === "opening") expect([Object.keys(roll.salts), Object.keys(roll.values).sort()]).toEqual([[], ["black", "white"]]);
      else expect([Object.keys(roll.salts), Object.keys(roll.values)]).toEqual([[roll.player], [roll.player === "white" ? "black" : "white"]]);
    }
  });

  it("keeps in each browser its own salts, the salts it was shown, both heads and its tails", () => {
    const { bundle, browsers } = simulateMatchV3(options);
    const white = browsers.white!;
    for (const roll of bundle.rolls.filter((r) => r.kind === "turn")) {
      const salt = roll.salts[roll.player!]!;
      expect(roll.player === "white" ? white.salts.get(roll.nonce) : white.shownSalts.get(roll.nonce)).toBe(salt);
    }
    for (const [game, heads] of white.heads) expect(heads).toEqual(bundle.chains[String(game)]);
    for (const [game, tails] of white.tails) expect(tails.map(chainHead)).toEqual(bundle.chains[String(game)]!.white);
  });

  it("against the computer: no browser and no heads for its seat, its values and salts from the seeds", () => {
    const { bundle, browsers } = simulateMatchV3({ ...options, computer: "white" });
    expect(browsers.white).toBeUndefined();
    expect(Object.keys(bundle.chains["1"]!)).toEqual(["black"]);
    expect(bundle.computer).toBe("white");
  });
});
