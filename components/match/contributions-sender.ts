/**
 * The browser's half of a fair-dice-v3 match (docs/fair-dice-v3.md, sections 2, 5 and 6): what this page sends by
 * itself when the match waits for its browser — the game's chain head (`match:chain`), then, for each roll that waits
 * for it, its next chain value (`match:reveal`: an opening roll's, or the answer to the roller's salt it was shown),
 * with the next chain's head when the value is a chain's last. Everything a request carries is kept (kept-chains.ts)
 * before it is built, so a reconnection or a reload sends exactly the same request again: a nonce answered once is
 * answered with the same value ever after, whatever salt it is shown for it the second time — and a salt other than
 * the one first shown, or a head other than the one kept, is named (`problem`) for the page to show its player.
 *
 * @example
 *   const { request, problem } = contributionStep(view, "black", keptChains(view.matchId));
 *   request; // { key: "reveal:7", command: "match:reveal", payload: { matchId, nonce: 7, value } }
 */
import { CONTRIBUTION_CHAIN_LENGTH } from "@/lib/dice/hash-chain";
import type { Color } from "@/lib/engine/types";
import { contributionsMade, pendingTurnRoll } from "@/lib/match/contributions";
import type { MatchView } from "@/lib/match/view";
import type { CommandPayload } from "@/lib/protocol/protocol";
import type { KeptChains, KeptProblem } from "./kept-chains";
import { owesContribution } from "./roll-payload";

/** One request this page owes the match; `key` names it (a game's head, a nonce's value): one in flight per key. */
export type ContributionRequest =
  | { readonly key: string; readonly command: "match:chain"; readonly payload: CommandPayload<"match:chain"> }
  | { readonly key: string; readonly command: "match:reveal"; readonly payload: CommandPayload<"match:reveal"> };

export interface ContributionStep {
  readonly request: ContributionRequest | null;
  readonly problem: KeptProblem | null;
}

/**
 * What this page owes `view`'s match now, and what the view shows against what this browser kept. Keeps what it is
 * shown first (the heads, the roller's salt), then what it will send (a new tail, the answer's contribution number).
 * `holdOpening`: an opening value waits (the break after a game, lib/play/game-break.ts).
 */
export function contributionStep(view: MatchView, you: Color | null, kept: KeptChains, holdOpening = false): ContributionStep {
  if (view.diceProtocol !== "fair-dice-v3" || you === null) return { request: null, problem: null };
  kept.observe(view, you);
  const owes = owesContribution(view, you);
  const game = view.state.gameNumber;
  const nonce = view.rolls.length;
  const turn = pendingTurnRoll(view);
  // The roller's salt this page answers is kept before the problem check, so a later, other one is named.
  if (owes.reveal && turn) kept.keepShownSalt(nonce, turn.salt);
  const problem = kept.problem(view, you);
  if (owes.head) {
    // A head already in the view is the match's: a new one would be refused, and the problem check names it.
    return { request: { key: `head:${game}`, command: "match:chain", payload: { matchId: view.matchId, game, head: kept.chains(game).headsAfter(0)[0]! } }, problem };
  }
  if (!owes.reveal || (holdOpening && !turn)) return { request: null, problem };
  // Another browser of this player made the game's head: this one has no chain to answer with (nor draws one).
  if (!kept.hasChain(game)) return { request: null, problem };
  // A nonce answered before is answered the same way: the value is out already, and a new one would be a second try.
  const answer = kept.keepAnswer(nonce, game, contributionsMade(view, you, game) + 1);
  const c = answer.c;
  const chains = kept.chains(answer.game);
  const nextHead = c % CONTRIBUTION_CHAIN_LENGTH === 0 ? chains.headsAfter(c).at(-1) : undefined;
  const payload = { matchId: view.matchId, nonce, value: chains.value(c), ...(nextHead !== undefined && { nextHead }) };
  return { request: { key: `reveal:${nonce}`, command: "match:reveal", payload }, problem };
}
