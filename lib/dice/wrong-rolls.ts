/**
 * How the rolls-recomputed check (fair-dice-v1 and v2 alike) reports rolls whose logged dice are not the recomputed
 * ones: the first such roll, with both dice, and — when there are more — how many there are.
 *
 * @example
 *   first ??= wrongRoll(roll, computed);          // { id: "rolls-recomputed", status: "failed", say: { key: "failRoll", … }, nonce, game }
 *   return wrongRolls(first, wrong);              // the same, as "failRolls" with `wrong`, when wrong > 1
 */
import { showDice } from "./record";
import type { CheckResult } from "./types";

/** The failure of the check at `roll`, logged with its dice, which recompute as `computed`. */
export function wrongRoll(roll: { readonly nonce: number; readonly game: number; readonly dice: readonly [number, number] }, computed: readonly [number, number]): CheckResult {
  return {
    id: "rolls-recomputed",
    status: "failed",
    say: { key: "failRoll", values: { nonce: roll.nonce, game: roll.game, logged: showDice(roll.dice), computed: showDice(computed) } },
    nonce: roll.nonce,
    game: roll.game,
  };
}

/** The check's result when `wrong` rolls were wrong, `first` (wrongRoll's) the first of them. */
export function wrongRolls(first: CheckResult, wrong: number): CheckResult {
  return wrong === 1 ? first : { ...first, say: { key: "failRolls", values: { ...first.say.values, wrong } } };
}
