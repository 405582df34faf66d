import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { computerSalt } from "./computer-salt";
import { computerValue, computerValueMessage } from "./computer-value";

const SEED = "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a";

describe("computerValue (docs/fair-dice-v3.md, section 1)", () => {
  it("is the whole hex HMAC-SHA256 of the game seed's ASCII over computer-value:c", () => {
    expect(computerValueMessage(7)).toBe("computer-value:7");
    for (const c of [1, 2, 1024, 1025]) {
      expect(computerValue(SEED, c)).toBe(createHmac("sha256", Buffer.from(SEED, "ascii")).update(`computer-value:${c}`).digest("hex"));
    }
  });

  it("differs by contribution and by game, and is never the computer's salt", () => {
    const values = new Set([1, 2, 3].map((c) => computerValue(SEED, c)));
    expect(values.size).toBe(3);
    expect(computerValue(SEED.replace(/^7/, "8"), 1)).not.toBe(computerValue(SEED, 1));
    expect(computerValue(SEED, 1).slice(0, 32)).not.toBe(computerSalt(SEED, 1));
  });

  it("has no contribution 0 or fractions: numbers start at 1 in each game", () => {
    expect(() => computerValueMessage(0)).toThrow(RangeError);
    expect(() => computerValueMessage(1.5)).toThrow(RangeError);
  });
});
