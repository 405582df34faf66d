import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRollerV3, openingRollMessage, rollMessageV3, turnRollMessage } from "./roll-v3";
import { createSaltedRoller } from "./salted-roll";

const SEED = "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a";
const SALT = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const VALUE = "a".repeat(64);
const OTHER = "b".repeat(64);

/** Section 3 written out with node:crypto, block by block. */
function referenceDice(message: string): [number, number] {
  const dice: number[] = [];
  for (let block = 0; ; block++) {
    const bytes = createHmac("sha256", Buffer.from(SEED, "ascii")).update(block === 0 ? message : `${message}:${block}`).digest();
    for (const byte of bytes) {
      if (byte < 252) dice.push((byte % 6) + 1);
      if (dice.length === 2) return [dice[0]!, dice[1]!];
    }
  }
}

describe("fair-dice-v3 rolls (docs/fair-dice-v3.md, section 3)", () => {
  it("joins clientSeed, nonce, then the roller's salt and the opponent's value (a turn) or white's and black's values (an opening)", () => {
    expect(turnRollMessage("w:b", 17, SALT, VALUE)).toBe(`w:b:17:${SALT}:${VALUE}`);
    expect(turnRollMessage("w:b", 17, SALT, VALUE).split(":")).toHaveLength(5); // white, black, n, salt, value
    expect(openingRollMessage("w:b", 0, VALUE, OTHER)).toBe(`w:b:0:${VALUE}:${OTHER}`);
    expect(rollMessageV3("w:b", 3, { kind: "turn", salt: SALT, value: VALUE }, 2)).toBe(`w:b:3:${SALT}:${VALUE}:2`);
  });

  it("takes the dice from the HMAC blocks as v2 does", () => {
    const roller = createRollerV3(SEED, "w:b");
    for (let nonce = 0; nonce < 300; nonce++) {
      const value = createHmac("sha256", "v").update(String(nonce)).digest("hex");
      expect(roller.roll(nonce, { kind: "turn", salt: SALT, value })).toEqual(referenceDice(turnRollMessage("w:b", nonce, SALT, value)));
      expect(roller.roll(nonce, { kind: "opening", white: value, black: OTHER })).toEqual(referenceDice(openingRollMessage("w:b", nonce, value, OTHER)));
    }
  });

  it("is not v2's roll: the opponent's value changes the dice", () => {
    const v3 = createRollerV3(SEED, "w:b");
    const v2 = createSaltedRoller(SEED, "w:b");
    const differing = Array.from({ length: 200 }, (_, nonce) => nonce).filter((nonce) => {
      const a = v3.roll(nonce, { kind: "turn", salt: SALT, value: VALUE });
      const b = v2.roll(nonce, { white: SALT });
      return a[0] !== b[0] || a[1] !== b[1];
    });
    expect(differing.length).toBeGreaterThan(150);
  });

  it("refuses contributions of the wrong form: they would change the message silently", () => {
    expect(() => turnRollMessage("w:b", 1, VALUE, VALUE)).toThrow(RangeError);
    expect(() => turnRollMessage("w:b", 1, SALT, SALT)).toThrow(RangeError);
    expect(() => openingRollMessage("w:b", 1, VALUE.toUpperCase(), OTHER)).toThrow(RangeError);
    expect(() => turnRollMessage("w:b", -1, SALT, VALUE)).toThrow(RangeError);
    expect(() => rollMessageV3("w:b", 1, { kind: "opening", white: VALUE, black: OTHER }, 1.5)).toThrow(RangeError);
  });
});
