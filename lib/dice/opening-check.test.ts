import { describe, expect, it } from "vitest";
import { checkDetail } from "@/i18n/verify-english";
import { checkOpeningResolution } from "./opening-check";
import type { BundleRoll, SeatColor } from "./types";

type Entry = [game: number, kind: "opening" | "turn", player: SeatColor | null, die1: number, die2: number];

/** A roll log with nonces 0, 1, 2, ... in order; the dice need not come from any seed (check 4 uses logged dice). */
function log(...entries: Entry[]): BundleRoll[] {
  return entries.map(([game, kind, player, d1, d2], nonce) => ({ nonce, game, kind, player, dice: [d1, d2] }));
}

describe("checkOpeningResolution (check 4)", () => {
  // Each expected answer follows from spec sections 4 and 5: die1 is white's, a tie is void and rolled again, the
  // higher die moves first with both dice, so the opener's opponent makes the first turn roll; turns alternate.
  const passing: [string, BundleRoll[]][] = [
    ["no rolls", []],
    ["black opens (3-5), white rolls first", log([1, "opening", null, 3, 5], [1, "turn", "white", 6, 6], [1, "turn", "black", 2, 1])],
    ["white opens (6-1), black rolls first", log([1, "opening", null, 6, 1], [1, "turn", "black", 4, 2])],
    [
      "two ties voided, then a start",
      log([1, "opening", null, 2, 2], [1, "opening", null, 5, 5], [1, "opening", null, 1, 4], [1, "turn", "white", 3, 3]),
    ],
    [
      "two games, each with its own opening",
      log([1, "opening", null, 3, 5], [1, "turn", "white", 1, 2], [2, "opening", null, 4, 4], [2, "opening", null, 5, 2], [2, "turn", "black", 6, 5]),
    ],
    ["a game that ends right after the opening move", log([1, "opening", null, 3, 5], [2, "opening", null, 6, 2])],
  ];
  it.each(passing)("passes: %s", (_name, rolls) => {
    expect(checkOpeningResolution(rolls, true)).toMatchObject({ id: "opening-resolution", status: "passed" });
  });

  const failing: [string, BundleRoll[], number, RegExp][] = [
    ["a tie treated as a start", log([1, "opening", null, 4, 4], [1, "turn", "black", 2, 1]), 1, /nonce 0 was a tie \(4-4\), which is void/],
    ["an opening roll after the game started", log([1, "opening", null, 3, 5], [1, "opening", null, 6, 1]), 1, /game 1 already started at nonce 0/],
    ["a game that begins with a turn roll", log([1, "turn", "white", 3, 5]), 0, /every game begins with an opening roll/],
    ["the opener rolls the first turn", log([1, "opening", null, 3, 5], [1, "turn", "black", 1, 2]), 1, /black won the opening roll at nonce 0 .* white rolls next/],
    [
      "a player rolls twice in a row",
      log([1, "opening", null, 6, 1], [1, "turn", "black", 1, 2], [1, "turn", "black", 3, 4]),
      2,
      /by black, but it was white's turn/,
    ],
    [
      "a tie left void when the next game begins",
      log([1, "opening", null, 3, 5], [2, "opening", null, 2, 2], [3, "opening", null, 1, 6]),
      2,
      /nonce 1 of game 2 was a tie \(2-2\).*no further opening roll/,
    ],
    ["a skipped game number", log([1, "opening", null, 3, 5], [3, "opening", null, 1, 6]), 1, /numbered 1, 2, 3/],
    ["games not starting at 1", log([2, "opening", null, 3, 5]), 0, /numbered 1, 2, 3/],
    ["an opening roll naming a player", log([1, "opening", "white", 3, 5]), 0, /names white as its roller/],
    ["a turn roll without a player", log([1, "opening", null, 3, 5], [1, "turn", null, 3, 5]), 1, /does not say which player/],
    ["a finished match ending on a void tie", log([1, "opening", null, 3, 5], [2, "opening", null, 6, 6]), 1, /voided opening tie \(6-6\) with no opening roll after it/],
  ];
  it.each(failing)("fails: %s, at the right nonce", (_name, rolls, nonce, detail) => {
    const result = checkOpeningResolution(rolls, true);
    expect(result).toMatchObject({ status: "failed", nonce, game: rolls[nonce]?.game });
    expect(checkDetail(result)).toMatch(detail);
  });

  it("allows a trailing tie while the match runs (its reroll may not be logged yet)", () => {
    const rolls = log([1, "opening", null, 3, 5], [2, "opening", null, 6, 6]);
    expect(checkOpeningResolution(rolls, false).status).toBe("passed");
  });
});
