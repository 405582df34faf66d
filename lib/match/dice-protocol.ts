/**
 * Which dice protocol a match uses, and the rule that no match is downgraded (issue 46, item 4): every new match is
 * fair-dice-v3 (docs/fair-dice-v3.md), whose rolls mix a salt from the roller's browser and a chain value from the
 * opponent's — or, where the server is told to (`diceProtocol` of the match service, env DICE_PROTOCOL), fair-dice-v2
 * (docs/fair-dice-v2.md), the roller's salt alone; both are created and seated. A fair-dice-v1 match (docs/fair-dice-v1.md: no salts, its
 * `created` event has no `dice`) can no longer be created or joined; those already stored stay readable, reviewable and verifiable, so
 * `evolve` still folds their logs — only the decisions that would make or fill one are refused (seating.ts).
 *
 * The protocol is a name in the view (`view.diceProtocol`), set when the `created` event is folded: code asks the
 * name, never whether `view.chainLength` is null (the chain's length is only the number of game seeds).
 *
 * @example
 *   protocolOfCreated(created);       // "fair-dice-v2" when the event has `dice`, "fair-dice-v1" without
 *   view.diceProtocol;                // the same, in the view folded from it
 *   outdatedProtocol(view);           // { protocol: "fair-dice-v1", current: "fair-dice-v3" }, or null
 *   coversMatch(9, 5);                // true: a 5-point match needs a chain of 2 × 5 − 1 game seeds
 */
import { chainLengthFor, MAX_CHAIN_MATCH_LENGTH } from "../dice/chain-length";
import type { MatchEvent } from "./events";

export type DiceProtocol = "fair-dice-v1" | "fair-dice-v2" | "fair-dice-v3";

/**
 * The protocol the site creates its matches under (the server's default, env DICE_PROTOCOL), as refusals and the
 * notice of an outdated match name it.
 */
export const CURRENT_DICE_PROTOCOL: DiceProtocol = "fair-dice-v3";

/**
 * The protocols a create may ask for: fair-dice-v3 (both players' browsers in every roll) and fair-dice-v2 (the
 * roller's salt alone), which is also what a create that names none makes — the server always names the one it uses.
 */
export type CreatableProtocol = "fair-dice-v2" | "fair-dice-v3";

export function isCreatableProtocol(value: unknown): value is CreatableProtocol {
  return value === "fair-dice-v2" || value === "fair-dice-v3";
}

/** Whether a match's rolls mix its players' chain values (fair-dice-v3), not only the roller's salt. */
export function rollsWithChains(view: { readonly diceProtocol: DiceProtocol }): boolean {
  return view.diceProtocol === "fair-dice-v3";
}

/**
 * A match's protocol, from its `created` event: the event names it in `dice` (fair-dice-v2, with its seed chain); an
 * event stored before v2 has no `dice`, and its match rolls by fair-dice-v1. Stored events are never rewritten: this
 * is how the view (view.ts) reads the protocol of an old log and a new one alike.
 */
export function protocolOfCreated(event: Pick<Extract<MatchEvent, { type: "created" }>, "dice">): DiceProtocol {
  return event.dice?.protocol ?? "fair-dice-v1";
}

/**
 * The match's protocol and the site's, when the match's is older than the site's (nobody may take a seat in it); null
 * for a match of the current protocol. The values word the refusal (`errors.ERR_OUTDATED_PROTOCOL`) and the match
 * page's notice (`seats.outdatedProtocol`) alike.
 */
export function outdatedProtocol(view: { readonly diceProtocol: DiceProtocol }): { readonly protocol: DiceProtocol; readonly current: DiceProtocol } | null {
  const protocol = view.diceProtocol;
  return isCreatableProtocol(protocol) ? null : { protocol, current: CURRENT_DICE_PROTOCOL };
}

/**
 * Whether a chain of `chainLength` game seeds is the one fair-dice-v2 gives an N-point match (2N − 1: one seed for
 * every game it can have). Checked without throwing: a bad match length is a refusal here, not a crash.
 */
export function coversMatch(chainLength: number, matchLength: number): boolean {
  if (!Number.isSafeInteger(matchLength) || matchLength < 1 || matchLength > MAX_CHAIN_MATCH_LENGTH) return false;
  return chainLength === chainLengthFor(matchLength);
}
