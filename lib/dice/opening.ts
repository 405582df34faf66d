/**
 * The opening roll of a game (docs/fair-dice-v1.md, section 4): die1 is white's, die2 is black's; equal dice void the
 * roll, otherwise the higher die moves first and plays both dice.
 *
 * @example
 *   resolveOpening(3, 5); // { opener: "black" }
 *   resolveOpening(4, 4); // { void: true }
 */
import type { SeatColor } from "./types";

export type OpeningOutcome = { readonly void: true } | { readonly opener: SeatColor };

export function resolveOpening(die1: number, die2: number): OpeningOutcome {
  const opener = openerOf(die1, die2);
  return opener === null ? { void: true } : { opener };
}

/** resolveOpening's opener, null for a void tie: for the verifier's checks, which ask it of every roll. */
export function openerOf(die1: number, die2: number): SeatColor | null {
  if (die1 === die2) return null;
  return die1 > die2 ? "white" : "black";
}
