import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import vectors from "./fixtures/fair-dice-v1.vectors.json";
import { createRoller, diceFromByteStream, rollForNonce, rollMessage } from "./roll";

// Every expected message, HMAC and pair of dice below comes from the protocol's vectors (fixtures/README.md).
const rolls = vectors.vectors.flatMap((v) => v.rolls.map((r) => ({ label: v.label, serverSeed: v.serverSeed, clientSeed: v.clientSeed, ...r })));

describe("fair-dice-v1 vectors", () => {
  it("covers every vector roll", () => {
    expect(rolls).toHaveLength(12 + 6 + 40);
  });

  it.each(rolls)("$label nonce $nonce: message, hmac and dice", ({ serverSeed, clientSeed, nonce, message, hmac, dice }) => {
    expect(rollMessage(clientSeed, nonce)).toBe(message);
    const block0 = createRoller(serverSeed, clientSeed).blocks(nonce).next().value;
    expect(bytesToHex(block0)).toBe(hmac);
    expect(rollForNonce(serverSeed, clientSeed, nonce)).toEqual(dice);
  });

  it("one roller reproduces a whole vector in order, as the verifier uses it", () => {
    for (const v of vectors.vectors) {
      const roller = createRoller(v.serverSeed, v.clientSeed);
      expect(v.rolls.map((r) => roller.roll(r.nonce))).toEqual(v.rolls.map((r) => r.dice));
    }
  });
});

describe("rollMessage", () => {
  // Spec section 3: "clientSeed:n" for block 0, "clientSeed:n:k" after it; decimal without leading zeros.
  const cases: [number, number, string][] = [
    [0, 0, "a:b:0"],
    [7, 0, "a:b:7"],
    [12, 1, "a:b:12:1"],
    [100, 3, "a:b:100:3"],
  ];
  it.each(cases)("nonce %i block %i is %j", (nonce, block, expected) => {
    expect(rollMessage("a:b", nonce, block)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 60])("refuses the counter %d", (n) => {
    expect(() => rollMessage("a:b", n)).toThrow(RangeError);
    expect(() => rollMessage("a:b", 0, n)).toThrow(RangeError);
  });
});

describe("diceFromByteStream", () => {
  const block = (...bytes: number[]) => Uint8Array.from(bytes);

  // Expected dice by hand: die = b % 6 + 1 for the first two bytes below 252.
  const cases: [string, Uint8Array[], [number, number]][] = [
    ["first two bytes", [block(0, 5, 9)], [1, 6]],
    ["251 is the largest accepted byte", [block(251, 250)], [6, 5]],
    ["252..255 are skipped", [block(252, 253, 254, 255, 6, 11)], [1, 6]],
    ["a rejected byte between the dice", [block(2, 255, 3)], [3, 4]],
    ["continuation when block 0 has one accepted byte", [block(255, 4, 252), block(253, 17)], [5, 6]],
    ["continuation when block 0 has none", [block(252, 252), block(255), block(1, 2)], [2, 3]],
  ];
  it.each(cases)("%s", (_name, blocks, expected) => {
    expect(diceFromByteStream(blocks)).toEqual(expected);
  });

  it("pulls a continuation block only when needed", () => {
    const pulled: number[] = [];
    function* stream() {
      pulled.push(0);
      yield block(1, 2);
      pulled.push(1);
      yield block(3, 4);
    }
    diceFromByteStream(stream());
    expect(pulled).toEqual([0]);
  });

  it("throws when the stream runs dry (a caller's bug: the real stream is endless)", () => {
    expect(() => diceFromByteStream([block(252, 1)])).toThrow(/ended before two bytes/);
  });
});

describe("continuation blocks of the real stream", () => {
  // Block k > 0 is HMAC(serverSeed, "clientSeed:n:k"); expected value from python3:
  // hmac.new(b"0"*63 + b"1", b"a:b:0:1", hashlib.sha256).hexdigest()
  it("block 1 of nonce 0 is the HMAC of 'a:b:0:1'", () => {
    const seed = "0000000000000000000000000000000000000000000000000000000000000001";
    const stream = createRoller(seed, "a:b").blocks(0);
    const block0 = stream.next().value;
    const block1 = stream.next().value;
    expect(bytesToHex(block0)).toBe(vectors.vectors[1]?.rolls[0]?.hmac);
    expect(bytesToHex(block1)).toBe("e097abbde47213e123ded85c68a94f80f91a88975b9ce129258cca35634dae75");
  });
});
