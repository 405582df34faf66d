import { describe, expect, it } from "vitest";
import { resolveOpening } from "./opening";

describe("resolveOpening", () => {
  // Spec section 4: die1 is white's, die2 black's; a tie is void; the higher die moves first.
  const cases: [number, number, ReturnType<typeof resolveOpening>][] = [
    [3, 5, { opener: "black" }],
    [6, 1, { opener: "white" }],
    [2, 1, { opener: "white" }],
    [1, 2, { opener: "black" }],
    [4, 4, { void: true }],
    [1, 1, { void: true }],
    [6, 6, { void: true }],
  ];
  it.each(cases)("%i-%i gives %j", (die1, die2, expected) => {
    expect(resolveOpening(die1, die2)).toEqual(expected);
  });
});
