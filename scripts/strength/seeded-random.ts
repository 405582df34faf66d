/**
 * A small seeded generator (mulberry32) for training and strength runs: the same seed gives the same dice, so a run
 * can be repeated exactly. Not for the site's dice, which come from lib/dice's commit-reveal scheme.
 *
 * @example
 *   const random = seededRandom(42);
 *   rollDice(random); // e.g. [3, 5]
 */
import type { Dice, DieValue } from "@/lib/engine";
import { mulberry32 } from "../bot/random";

/** The bots' mulberry32: one generator for every seeded script. */
export const seededRandom = mulberry32;

export function rollDice(random: () => number): Dice {
  return [(1 + Math.floor(random() * 6)) as DieValue, (1 + Math.floor(random() * 6)) as DieValue];
}

/** An opening roll: two different dice, as a game starts. */
export function openingDice(random: () => number): Dice {
  for (;;) {
    const dice = rollDice(random);
    if (dice[0] !== dice[1]) return dice;
  }
}
