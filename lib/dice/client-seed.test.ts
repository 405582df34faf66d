import { describe, expect, it } from "vitest";
import { combineClientSeeds, validateClientSeed } from "./client-seed";

describe("validateClientSeed", () => {
  // Rule: 1 to 64 characters from [A-Za-z0-9_-] (spec section 1).
  const valid: string[] = ["a", "Bl4ck_seed-9", "9f86d081884c7d65", "x".repeat(64), "_-_", "0123456789abcdef0123456789abcdef"];
  it.each(valid)("accepts %j", (seed) => {
    expect(validateClientSeed(seed)).toEqual({ ok: true, value: seed });
  });

  const invalid: [string, unknown, string][] = [
    ["empty", "", "ERR_CLIENT_SEED_EMPTY"],
    ["65 characters", "x".repeat(65), "ERR_CLIENT_SEED_TOO_LONG"],
    ["a colon, the pair separator", "a:b", "ERR_CLIENT_SEED_CHARS"],
    ["a space", "my seed", "ERR_CLIENT_SEED_CHARS"],
    ["non-ASCII letter", "seedé", "ERR_CLIENT_SEED_CHARS"],
    ["a dot", "a.b", "ERR_CLIENT_SEED_CHARS"],
    ["a number", 12, "ERR_CLIENT_SEED_TYPE"],
    ["null", null, "ERR_CLIENT_SEED_TYPE"],
  ];
  it.each(invalid)("refuses %s with %s and the reason a wrapping refusal passes on", (_name, seed, code) => {
    const result = validateClientSeed(seed);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.values?.reason).toBe({ ERR_CLIENT_SEED_TYPE: "type", ERR_CLIENT_SEED_EMPTY: "empty", ERR_CLIENT_SEED_TOO_LONG: "tooLong", ERR_CLIENT_SEED_CHARS: "chars" }[code]);
    }
  });

  it("says how long a too-long seed is, and the limit", () => {
    expect(validateClientSeed("x".repeat(70))).toEqual({ ok: false, code: "ERR_CLIENT_SEED_TOO_LONG", values: { reason: "tooLong", length: 70, max: 64 } });
  });
});

describe("combineClientSeeds", () => {
  it("joins white's and black's seeds with a colon (vector public-1)", () => {
    expect(combineClientSeeds("w4h1t3seed", "Bl4ck_seed-9")).toBe("w4h1t3seed:Bl4ck_seed-9");
  });

  it("throws on an invalid seed, naming the side", () => {
    expect(() => combineClientSeeds("a:b", "c")).toThrow(/white's seed is invalid/);
    expect(() => combineClientSeeds("a", "")).toThrow(/black's seed is invalid/);
  });
});
