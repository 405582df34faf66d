/**
 * fair-dice-v3's contributions in a live match (docs/fair-dice-v3.md, sections 2 to 5): what the match waits for from
 * each player's browser — a game's chain head, an opening value, the opponent's value for a turn roll whose salt is
 * in — and the checks a reveal must pass. Both players' browsers are in every roll: the roller's salt and the
 * opponent's next chain value, fixed by the head before the salt existed and revealed only once the salt is recorded.
 * The site's computer sends nothing: its values are `computerValue(k, c)`, fixed by the commitment, and the aggregate
 * adds them itself (contributed-roll.ts).
 *
 * Withholding costs the match (section 5): while the match waits for a player's contribution their clock runs (a
 * timed match) and, after the abandonment time, the other player may claim the match although the withholder is
 * still connected (leaving.ts).
 *
 * @example
 *   owedContributions(view);              // [{ color: "black", kind: "value", nonce: 7 }]: black's browser reveals next
 *   contributionsMade(view, "black", 1);  // 3: black has given three values in game 1
 *   contributionRequest(view, owed, chains); // { type: "reveal", nonce: 7, value: "<64 hex>" }: what the browser sends
 */
import { CONTRIBUTION_CHAIN_LENGTH } from "../dice/chain-values";
import type { GameChains } from "../dice/hash-chain";
import { opponentOf, type Color } from "../engine/types";
import type { PlayRequest } from "./commands";
import type { MatchView } from "./view";

/** What the match waits for from one browser: the game's head, or a value for roll `nonce`. */
export type OwedContribution = { readonly color: Color; readonly kind: "head"; readonly game: number } | { readonly color: Color; readonly kind: "value"; readonly nonce: number };

/** Whether `color`'s seat is the site's computer (its contributions are the aggregate's, never sent). */
export function computerSeat(view: MatchView, color: Color): boolean {
  return view.players[color]?.kind === "computer";
}

/** The heads `color` committed in game `game` (the first chain's, then each renewal's). */
export function headsOf(view: MatchView, color: Color, game: number): readonly string[] {
  return view.chains[game]?.[color] ?? [];
}

/** Whether every person's seat has committed its head for the game being played (no roll of it before that). */
export function headsIn(view: MatchView): boolean {
  const game = view.state.gameNumber;
  return (["white", "black"] as const).every((color) => computerSeat(view, color) || headsOf(view, color, game).length > 0);
}

/** `color`'s values in game `game`'s rolls so far: how many, and the last (undefined before the first). */
export function contributionsGiven(view: MatchView, color: Color, game: number): { readonly made: number; readonly last: string | undefined } {
  let made = 0;
  let last: string | undefined;
  for (let i = view.rolls.length - 1; i >= 0; i--) {
    const roll = view.rolls[i]!;
    if (roll.game < game) break;
    const value = roll.game === game ? roll.values?.[color] : undefined;
    if (value === undefined) continue;
    made++;
    last ??= value;
  }
  return { made, last };
}

/** How many values `color` has given in game `game`'s rolls so far: the next is contribution `made + 1`. */
export function contributionsMade(view: MatchView, color: Color, game: number): number {
  return contributionsGiven(view, color, game).made;
}

/** Whether `color`'s next contribution is the last value of a chain, so its reveal must bring the next chain's head. */
export function renewsChain(view: MatchView, color: Color): boolean {
  return (contributionsMade(view, color, view.state.gameNumber) + 1) % CONTRIBUTION_CHAIN_LENGTH === 0;
}

/**
 * The turn roll whose salt is in and which waits for the opponent's value (section 2, step 4), or null. While it
 * waits, nothing else is decided in the match: the roller has asked to roll, and the roll is only the reveal away.
 */
export function pendingTurnRoll(view: MatchView): { readonly nonce: number; readonly roller: Color; readonly salt: string } | null {
  const pending = view.pendingRoll;
  if (!pending || pending.nonce !== view.rolls.length || pending.salt === null || pending.roller === null) return null;
  return { nonce: pending.nonce, roller: pending.roller, salt: pending.salt };
}

/** The values already in for the opening roll now waited for (section 2, step 3): the first of its two. */
export function openingValuesIn(view: MatchView): Readonly<Partial<Record<Color, string>>> {
  const pending = view.pendingRoll;
  return pending && pending.nonce === view.rolls.length && pending.roller === null ? pending.values : {};
}

/** What the match waits for from the players' browsers now; empty when it waits for none (or is not fair-dice-v3). */
export function owedContributions(view: MatchView): readonly OwedContribution[] {
  if (view.diceProtocol !== "fair-dice-v3" || view.status !== "playing") return [];
  const game = view.state.gameNumber;
  const people = (["white", "black"] as const).filter((color) => !computerSeat(view, color));
  const heads = people.filter((color) => headsOf(view, color, game).length === 0);
  if (heads.length > 0) return heads.map((color) => ({ color, kind: "head", game }));
  const nonce = view.rolls.length;
  if (view.state.phase === "opening") {
    const values = openingValuesIn(view);
    return people.filter((color) => values[color] === undefined).map((color) => ({ color, kind: "value", nonce }));
  }
  const turn = pendingTurnRoll(view);
  if (!turn) return [];
  const opponent = opponentOf(turn.roller);
  return computerSeat(view, opponent) ? [] : [{ color: opponent, kind: "value", nonce }];
}

/** Whether the match waits for `color`'s browser now (a head or a value). */
export function owesContribution(view: MatchView, color: Color): boolean {
  return owedContributions(view).some((owed) => owed.color === color);
}

/**
 * The request with which a browser holding `chains` — the owing player's chains for the game being played — sends
 * `owed`: the game's first head, or its next value (with the renewed chain's head when that value ends a chain).
 */
export function contributionRequest(view: MatchView, owed: OwedContribution, chains: GameChains): Extract<PlayRequest, { type: "commit-chain" | "reveal" }> {
  if (owed.kind === "head") return { type: "commit-chain", game: owed.game, head: chains.headsAfter(0)[0]! };
  const c = contributionsMade(view, owed.color, view.state.gameNumber) + 1;
  const nextHead = renewsChain(view, owed.color) ? chains.headsAfter(c).at(-1) : undefined;
  return { type: "reveal", nonce: owed.nonce, value: chains.value(c), ...(nextHead !== undefined && { nextHead }) };
}
