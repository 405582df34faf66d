/**
 * A knockout bracket from the draw order (docs/tournaments.md, section 4): the bracket size, the slots, the first
 * round with its byes, and each later round from the winners of the one before.
 *
 * @example
 *   firstKnockoutRound(["a", "b", "c", "d", "e"]);
 *   // [{ white: "a", black: null }, { white: "d", black: "e" }, { white: "b", black: null }, { white: "c", black: null }]
 */

/** A pairing: `black` null is a bye, which `white` wins without playing. */
export interface Pairing {
  readonly white: string;
  readonly black: string | null;
}

/** The smallest power of two ≥ n (n ≥ 2). */
export function bracketSize(n: number): number {
  if (!Number.isInteger(n) || n < 2) throw new RangeError("a knockout needs at least two entrants");
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

/** The numbers the slots hold, top to bottom: slots(2) = [1, 2], slots(2m) = each x of slots(m) as x, 2m + 1 − x. */
export function bracketSlots(size: number): number[] {
  let slots = [1, 2];
  while (slots.length < size) {
    const doubled = slots.length * 2;
    slots = slots.flatMap((x) => [x, doubled + 1 - x]);
  }
  return slots;
}

/** The first round: slot pairs top to bottom; numbers above n are byes (never two in one pair). */
export function firstKnockoutRound(order: readonly string[]): Pairing[] {
  const slots = bracketSlots(bracketSize(order.length));
  const pairings: Pairing[] = [];
  for (let i = 0; i < slots.length; i += 2) {
    const top = order[(slots[i] as number) - 1];
    const bottom = order[(slots[i + 1] as number) - 1] ?? null;
    if (top === undefined) throw new Error("two byes met: the slots are wrong");
    pairings.push({ white: top, black: bottom });
  }
  return pairings;
}

/** The next round from the winners of this one, in match order (a bye's winner is its entrant). */
export function nextKnockoutRound(winners: readonly string[]): Pairing[] {
  if (winners.length < 2 || winners.length % 2 !== 0) throw new RangeError("a knockout round has an even number of matches, at least two");
  const pairings: Pairing[] = [];
  for (let i = 0; i < winners.length; i += 2) pairings.push({ white: winners[i] as string, black: winners[i + 1] as string });
  return pairings;
}
