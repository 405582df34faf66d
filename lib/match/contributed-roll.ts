/**
 * The decisions of a fair-dice-v3 roll (docs/fair-dice-v3.md, sections 2 to 4): a player's head for the game, the
 * roller's salt, and the opponent's chain value that makes the roll. Each browser's contribution is fixed before the
 * other's exists — the value by the head committed at the game's start, the salt by the `salt-received` event stored
 * before the opponent is shown it — so no coalition of the server and one player can choose a roll. Sending the same
 * head, salt or value again (a reconnection) changes nothing; a different one is refused, so nobody ever gets a
 * second try at a roll. The computer's seat sends nothing: its salt is v2's `computerSalt`, its value
 * `computerValue`, both fixed by the commitment and added here.
 *
 * @example
 *   decideCommitChain(view, "white", { type: "commit-chain", game: 1, head }, context); // [chain-committed]
 *   decideContributedRoll(view, "white", { type: "roll", salt, nonce: 5 }, context);     // [salt-received]
 *   decideReveal(view, "black", { type: "reveal", nonce: 5, value }, context);         // [action roll]
 */
import { checkRoll } from "../engine/match";
import { opponentOf, type Color } from "../engine/types";
import { contributionPlace, isChainValue } from "../dice/chain-values";
import { revealFollows, type RevealProblem } from "../dice/hash-chain";
import { isSalt } from "../dice/salt";
import type { RollValues } from "../dice/types";
import type { DecideContext, Decision, PlayRequest } from "./commands";
import { computerSeat, contributionsGiven, contributionsMade, headsIn, headsOf, openingValuesIn, pendingTurnRoll, renewsChain } from "./contributions";
import type { MatchEvent } from "./events";
import { actionDecision, rollEntry } from "./action-decision";
import { refuse } from "./refusal";
import { rollerSalt } from "./roller-salt";
import { accepted } from "./seating";
import { evolve, type MatchView } from "./view";

type Request<T extends PlayRequest["type"]> = Extract<PlayRequest, { type: T }>;

/** `seat`'s head for the game being played: once per game; the same head again is a repeat, another one refused. */
export function decideCommitChain(view: MatchView, seat: Color, request: Request<"commit-chain">, context: DecideContext): Decision {
  const game = view.state.gameNumber;
  // The computer's values come from the game's seed (computerValue): its seat has no chain to commit or reveal.
  if (computerSeat(view, seat)) return refuse("ERR_BAD_CONTRIBUTION", { reason: "computer" });
  if (request.game !== game) return refuse("ERR_STALE_VERSION", { reason: "chainGame", game: request.game, current: game });
  if (!isChainValue(request.head)) return refuse("ERR_BAD_CONTRIBUTION", { reason: "head" });
  const heads = headsOf(view, seat, game);
  if (heads.length > 0) return heads[0] === request.head ? accepted(view, []) : refuse("ERR_CONTRIBUTION_SENT", { reason: "head" });
  return accepted(view, [{ type: "chain-committed", color: seat, game, head: request.head, at: context.now }]);
}

/**
 * The roller's salt for a turn roll (an opening roll takes values only: decideReveal). Against the computer the roll
 * is made at once with the computer's value; against a person the salt is recorded and the roll waits for their reveal.
 */
export function decideContributedRoll(view: MatchView, seat: Color, request: Request<"roll">, context: DecideContext): Decision {
  const nonce = view.rolls.length;
  // The computer's salt is its game seed's; the same salt again for a roll already made changes nothing.
  const taken = rollerSalt(view, seat, request, context);
  if ("ok" in taken) return taken;
  const { salt } = taken;
  // The same salt again for a roll that waits for its reveal (its answer was lost): nothing changes either.
  const pending = pendingTurnRoll(view);
  if (pending && pending.roller === seat && (request.nonce === undefined || request.nonce === nonce)) {
    return pending.salt === salt ? accepted(view, []) : refuse("ERR_CONTRIBUTION_SENT", { reason: "salt", nonce });
  }
  if (request.nonce !== undefined && request.nonce !== nonce) return refuse("ERR_STALE_VERSION", { reason: "salt", nonce: request.nonce, current: nonce });
  if (view.state.phase === "opening") return refuse("ERR_WRONG_STATUS", { reason: "openingTakesValues" });
  if (pending) return refuse("ERR_ROLL_PENDING", { nonce });
  const allowed = checkRoll(view.state, seat);
  if (!allowed.ok) return refuse(allowed.code, allowed.values);
  if (!isSalt(salt)) return refuse("ERR_BAD_SALT");
  const opponent = opponentOf(seat);
  if (!computerSeat(view, opponent)) return accepted(view, [{ type: "salt-received", color: seat, nonce, salt, at: context.now }]);
  const value = context.computerValue(view.state.gameNumber, contributionsMade(view, opponent, view.state.gameNumber) + 1);
  return turnRoll(view, seat, salt, { [opponent]: value }, context);
}

/**
 * `seat`'s next chain value for roll `nonce`: one of an opening roll's two (the computer's added at once), or the
 * answer to the roller's recorded salt. Checked against the seat's chain before anything is stored.
 */
export function decideReveal(view: MatchView, seat: Color, request: Request<"reveal">, context: DecideContext): Decision {
  const nonce = view.rolls.length;
  if (computerSeat(view, seat)) return refuse("ERR_BAD_CONTRIBUTION", { reason: "computer" });
  // A value for a roll already made, sent again (its answer was lost): the same one changes nothing.
  if (request.nonce < nonce) {
    return view.rolls[request.nonce]?.values?.[seat] === request.value ? accepted(view, []) : refuse("ERR_STALE_VERSION", { reason: "value", nonce: request.nonce, current: nonce });
  }
  if (request.nonce !== nonce) return refuse("ERR_STALE_VERSION", { reason: "value", nonce: request.nonce, current: nonce });
  if (!headsIn(view)) return refuse("ERR_WRONG_STATUS", { reason: "headsPending" });
  const opening = view.state.phase === "opening";
  const turn = pendingTurnRoll(view);
  if (!opening && turn?.roller !== opponentOf(seat)) return refuse("ERR_WRONG_STATUS", { reason: "nothingToReveal" });
  const given = openingValuesIn(view)[seat];
  if (opening && given !== undefined) return given === request.value ? accepted(view, []) : refuse("ERR_CONTRIBUTION_SENT", { reason: "value", nonce });
  if (!isChainValue(request.value)) return refuse("ERR_BAD_CONTRIBUTION", { reason: "value" });
  const problem = revealProblem(view, seat, request.value);
  if (problem === "noHead") return refuse("ERR_BAD_CONTRIBUTION", { reason: "noHead" });
  if (problem === "notOnChain") return refuse("ERR_BAD_CONTRIBUTION", { reason: "notOnChain" });
  // The reveal of a chain's last value brings the next chain's head, stored before the roll it belongs with.
  const renewal: MatchEvent[] = [];
  if (renewsChain(view, seat)) {
    if (!isChainValue(request.nextHead)) return refuse("ERR_BAD_CONTRIBUTION", { reason: "nextHead" });
    renewal.push({ type: "chain-committed", color: seat, game: view.state.gameNumber, head: request.nextHead, at: context.now });
  }
  const before = renewal.reduce(evolve, view);
  const decision = opening ? openingContribution(before, seat, request.value, context) : turnRoll(before, turn!.roller, turn!.salt, { [seat]: request.value }, context);
  if (!decision.ok || renewal.length === 0) return decision;
  return { ok: true, events: [...renewal, ...decision.events], view: decision.view };
}

/**
 * Why `value` cannot be `color`'s next contribution in the game being played, or null: it must hash to the value
 * before it — the head of its chain for the first value of each chain (section 1).
 */
export function revealProblem(view: MatchView, color: Color, value: string): RevealProblem | null {
  const game = view.state.gameNumber;
  const given = contributionsGiven(view, color, game);
  const { chain, position } = contributionPlace(given.made + 1);
  const previous = position === 1 ? headsOf(view, color, game)[chain] : given.last;
  if (previous === undefined) return "noHead";
  return revealFollows(value, previous) ? null : "notOnChain";
}

/** One opening value in: the first is stored by itself, the second — or the computer's at once — makes the roll. */
function openingContribution(view: MatchView, seat: Color, value: string, context: DecideContext): Decision {
  const nonce = view.rolls.length;
  const game = view.state.gameNumber;
  const other = opponentOf(seat);
  const values: RollValues = {
    ...openingValuesIn(view),
    [seat]: value,
    ...(computerSeat(view, other) && { [other]: context.computerValue(game, contributionsMade(view, other, game) + 1) }),
  };
  if (values.white === undefined || values.black === undefined) return accepted(view, [{ type: "value-revealed", color: seat, nonce, value, at: context.now }]);
  const dice = context.dice({}, values);
  return actionDecision(view, { type: "opening-roll", dice }, context, rollEntry(view, "opening", null, dice, {}, values));
}

function turnRoll(view: MatchView, roller: Color, salt: string, values: RollValues, context: DecideContext): Decision {
  const salts = { [roller]: salt };
  const dice = context.dice(salts, values);
  return actionDecision(view, { type: "roll", player: roller, dice }, context, rollEntry(view, "turn", roller, dice, salts, values));
}
