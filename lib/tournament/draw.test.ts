import { describe, expect, it } from "vitest";
import { canonicalEntrants, drawCommitment, drawOrder, entrantsDigest } from "./draw";
import { bracketSlots, firstKnockoutRound, nextKnockoutRound } from "./knockout";

const SEED_1 = "0000000000000000000000000000000000000000000000000000000000000001";
const seed = (n: number) => n.toString(16).padStart(64, "0");

describe("the draw (docs/tournaments.md, sections 1–3)", () => {
  it("commits to the seed as fair-dice-v1 does: SHA-256 of its ASCII characters", () => {
    expect(drawCommitment(SEED_1)).toBe("c386d8e8d07342f2e39e189c8e6c57bb205bb373fe4e3a6f69404a8bb767b417");
  });

  it("sorts entrants by their bytes, drops repeats, and refuses ids outside the alphabet", () => {
    expect(canonicalEntrants(["a2", "a10", "B", "a", "a2"])).toEqual({ ok: true, value: ["B", "a", "a10", "a2"] });
    for (const bad of ["", "a b", "é", "<script>", "x".repeat(65)]) expect(canonicalEntrants(["ok", bad]).ok, bad).toBe(false);
    // The digest is of the list joined by line feeds, with none at the end (Python: sha256(b"a\nb")).
    expect(entrantsDigest(["a", "b"])).toBe("7e18f737311b2dc3b2f269dd78396b0351f14fb66efa879f768cb23181883c78");
  });

  it("shuffles into a permutation that depends on the seed and on every entrant", () => {
    const entrants = ["u1", "u2", "u3", "u4", "u5", "u6", "u7"];
    const order = drawOrder(SEED_1, entrants);
    expect([...order].sort()).toEqual(entrants);
    expect(drawOrder(SEED_1, entrants)).toEqual(order);
    expect(drawOrder(seed(2), entrants)).not.toEqual(order);
    // One more entrant changes the digest, so the whole stream.
    expect(drawOrder(SEED_1, [...entrants, "u8"]).slice(0, 7)).not.toEqual(order);
  });

  it("gives every order of three entrants about equally often (3,600 seeds, each of the six 600 ± 90)", () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 3600; n++) {
      const key = drawOrder(seed(n), ["a", "b", "c"]).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const [order, count] of counts) expect(Math.abs(count - 600), order).toBeLessThan(90);
  });
});

describe("knockout (section 4)", () => {
  it("places slots so that the first numbers meet the last ones, and byes fall to the first of the draw", () => {
    expect(bracketSlots(4)).toEqual([1, 4, 2, 3]);
    expect(bracketSlots(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(firstKnockoutRound(["a", "b", "c", "d", "e"])).toEqual([
      { white: "a", black: null },
      { white: "d", black: "e" },
      { white: "b", black: null },
      { white: "c", black: null },
    ]);
    expect(firstKnockoutRound(["a", "b"])).toEqual([{ white: "a", black: "b" }]);
    expect(nextKnockoutRound(["a", "e", "b", "c"])).toEqual([{ white: "a", black: "e" }, { white: "b", black: "c" }]);
    expect(() => nextKnockoutRound(["a"])).toThrow();
  });
});
