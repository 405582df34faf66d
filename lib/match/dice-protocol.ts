/**
 * Which dice protocol a match uses, and the rule that no match is downgraded (issue 46, item 4): every new match is
 * fair-dice-v2 (docs/fair-dice-v2.md), whose rolls mix a salt from the roller's browser, and the site seats players
 * only in matches of that protocol. A fair-dice-v1 match (docs/fair-dice-v1.md: no salts, its `created` event has no
 * `dice`) can no longer be created or joined; those already stored stay readable, reviewable and verifiable, so
 * `evolve` still folds their logs — only the decisions that would make or fill one are refused (seating.ts).
 *
 * @example
 *   diceProtocolOf(view);             // "fair-dice-v1" when view.chainLength is null
 *   outdatedProtocol(view);           // { protocol: "fair-dice-v1", current: "fair-dice-v2" }, or null
 *   coversMatch(9, 5);                // true: a 5-point match needs a chain of 2 × 5 − 1 game seeds
 */
import { chainLengthFor, MAX_CHAIN_MATCH_LENGTH } from "../dice/chain-length";
import type { MatchView } from "./view";

export type DiceProtocol = "fair-dice-v1" | "fair-dice-v2";

/** The protocol of every match created now. */
export const CURRENT_DICE_PROTOCOL: DiceProtocol = "fair-dice-v2";

/** A match's protocol, from its `created` event: a seed chain makes it fair-dice-v2, none fair-dice-v1. */
export function diceProtocolOf(view: Pick<MatchView, "chainLength">): DiceProtocol {
  return view.chainLength === null ? "fair-dice-v1" : "fair-dice-v2";
}

/**
 * The match's protocol and the site's, when the match's is older than the site's (nobody may take a seat in it); null
 * for a match of the current protocol. The values word the refusal (`errors.ERR_OUTDATED_PROTOCOL`) and the match
 * page's notice (`seats.outdatedProtocol`) alike.
 */
export function outdatedProtocol(view: Pick<MatchView, "chainLength">): { readonly protocol: DiceProtocol; readonly current: DiceProtocol } | null {
  const protocol = diceProtocolOf(view);
  return protocol === CURRENT_DICE_PROTOCOL ? null : { protocol, current: CURRENT_DICE_PROTOCOL };
}

/**
 * Whether a chain of `chainLength` game seeds is the one fair-dice-v2 gives an N-point match (2N − 1: one seed for
 * every game it can have). Checked without throwing: a bad match length is a refusal here, not a crash.
 */
export function coversMatch(chainLength: number, matchLength: number): boolean {
  if (!Number.isSafeInteger(matchLength) || matchLength < 1 || matchLength > MAX_CHAIN_MATCH_LENGTH) return false;
  return chainLength === chainLengthFor(matchLength);
}
