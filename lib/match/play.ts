/**
 * The rules of a seated player's commands — roll, double, take, drop, move, resign and its answers (play-command.ts
 * dispatches them) — and what the match does by itself: the opening rolls, a forced pass, the end of a won match, a flag's fall. The rules are
 * lib/engine's; this adds the seat, the match's status, the dice (drawn only once a roll is allowed: a refused roll
 * must not use up a nonce or open the seed) and the server's time.
 */
import { canDouble, cubeIsDead } from "../engine/cube";
import { checkRoll } from "../engine/match";
import { mustPass } from "../engine/match-queries";
import type { MatchAction } from "../engine/match-state";
import { opponentOf, type Color } from "../engine/types";
import { isSalt } from "../dice/salt";
import { actionDecision, rollEntry } from "./action-decision";
import { flagFall } from "./clock";
import { rollerSalt } from "./roller-salt";
import type { DecideContext, Decision, PlayRequest } from "./commands";
import type { EndReason, MatchEvent } from "./events";
import { refuse, type Refusal } from "./refusal";
import { accepted } from "./seating";
import { seatOf, type MatchView } from "./view";

/** The seat of user `actorId` (null: nobody signed in) when they may send a rules command — a player of a match in play — or the refusal. */
export function playingSeat(view: MatchView, actorId: string | null): Color | Refusal {
  if (actorId === null) return refuse("ERR_UNAUTHENTICATED", { reason: "spectator" });
  const seat = seatOf(view, actorId);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", { reason: "noSeat" });
  if (view.status !== "playing") return refuse("ERR_WRONG_STATUS", { reason: view.ended ? "over" : "notStarted" });
  return seat;
}

/**
 * The refusal of a double the cube makes pointless (lib/engine/cube.ts `cubeIsDead`) — the site takes none, as gnubg's
 * own play does — or null; a double the rules refuse anyway is left to the engine's refusal.
 */
export function deadCubeRefusal(view: MatchView, seat: Color): Refusal | null {
  if (!canDouble(view.state, seat) || !cubeIsDead(view.state, seat)) return null;
  return refuse("ERR_CUBE_DEAD", { needs: view.state.matchLength - view.state.score[seat] });
}

/**
 * fair-dice-v2: whether `seat`'s salt for the opening roll now waited for is in already. Whose salt is in, everyone may
 * know (`from`, in the published view too); only the server's view holds the salt itself.
 */
export function openingSaltSent(view: MatchView, seat: Color): boolean {
  const pending = view.pendingSalts;
  return pending !== null && pending.nonce === view.rolls.length && pending.from.includes(seat);
}

/** fair-dice-v2: the opening roll waits for `seat`'s salt (it needs both players'). */
export function owesOpeningSalt(view: MatchView, seat: Color): boolean {
  return view.diceProtocol === "fair-dice-v2" && view.state.phase === "opening" && !openingSaltSent(view, seat);
}

/**
 * A fair-dice-v2 roll (docs/fair-dice-v2.md, section 2): the roller's salt for the next nonce. An opening roll needs
 * both players' salts — the first is stored as a `salt` event, the second makes the roll; the same salt sent again for
 * the same nonce (a reconnection) changes nothing, and a different one is refused, so a lost answer can never buy a
 * second roll to choose from.
 */
export function decideSaltedRoll(view: MatchView, seat: Color, request: Extract<PlayRequest, { type: "roll" }>, context: DecideContext): Decision {
  const nonce = view.rolls.length;
  const taken = rollerSalt(view, seat, request, context);
  if ("ok" in taken) return taken;
  const { salt } = taken;
  // A salt for another roll comes from a board that is behind (an opening salt is pinned by its nonce alone).
  if (request.nonce !== undefined && request.nonce !== nonce) {
    return refuse("ERR_STALE_VERSION", { reason: "salt", nonce: request.nonce, current: nonce });
  }
  const opening = view.state.phase === "opening";
  // Whose roll it is comes next (as for a v1 roll); then whether the salt is one.
  const allowed = opening ? null : checkRoll(view.state, seat);
  if (allowed && !allowed.ok) return refuse(allowed.code, allowed.values);
  if (!isSalt(salt)) return refuse("ERR_BAD_SALT");
  if (opening) {
    const pending = view.pendingSalts?.nonce === nonce ? view.pendingSalts.salts : {};
    if (openingSaltSent(view, seat)) return pending[seat] === salt ? accepted(view, []) : refuse("ERR_SALT_ALREADY_SENT", { nonce });
    const salts = { ...pending, [seat]: salt };
    if (salts.white === undefined || salts.black === undefined) return accepted(view, [{ type: "salt", color: seat, nonce, salt }]);
    const opening = { white: salts.white, black: salts.black };
    const dice = context.dice(opening);
    return actionDecision(view, { type: "opening-roll", dice }, context, rollEntry(view, "opening", null, dice, opening));
  }
  const salts = { [seat]: salt };
  const dice = context.dice(salts);
  return actionDecision(view, { type: "roll", player: seat, dice }, context, rollEntry(view, "turn", seat, dice, salts));
}

/** The engine action a rules request of `player` is (a roll's dice are drawn apart). */
export function actionOf(play: Exclude<PlayRequest, { type: "roll" | "commit-chain" | "reveal" }>, player: Color): MatchAction {
  switch (play.type) {
    case "move":
      return { type: "move", player, moves: play.moves };
    case "resign-offer":
      return { type: "resign-offer", player, level: play.level };
    default:
      return { type: play.type, player };
  }
}

/** What the match owes by itself now (one event), or nothing: settle until this says so. */
export function decideSettle(view: MatchView, context: DecideContext): Decision {
  if (view.ended || view.status !== "playing") return accepted(view, []);
  // fair-dice-v2: a game that ended without its seed's reveal — the server stopped between storing the ending action
  // and the `game-seed` after it (each event is its own append) — is owed that reveal before anything else, or the
  // match's proof would lack an ended game's seed (docs/fair-dice-v2.md, check 9).
  const unrevealed = view.diceProtocol === "fair-dice-v1" ? undefined : view.state.games.find((game) => view.gameSeeds[game.number] === undefined);
  if (unrevealed) return accepted(view, [{ type: "game-seed", game: unrevealed.number, seed: context.gameSeed(unrevealed.number) }]);
  const flag = view.clock ? flagFall(view.clock) : null;
  if (flag && flag.at <= context.now) {
    return accepted(view, [endEvent(context, "timeout", opponentOf(flag.color))]);
  }
  const { state } = view;
  // A fair-dice-v2 opening roll waits for both players' salts (decideSaltedRoll), a v3 one for their values
  // (contributed-roll.ts); a v1 one is the server's to roll.
  if (state.phase === "opening" && view.diceProtocol === "fair-dice-v1") {
    const dice = context.dice();
    return actionDecision(view, { type: "opening-roll", dice }, context, rollEntry(view, "opening", null, dice));
  }
  // Only whether the roll can be played: the plays themselves are generated when the move comes and is checked.
  if (state.onRoll && mustPass(state)) return actionDecision(view, { type: "move", player: state.onRoll, moves: [] }, context);
  if (state.phase === "match-over") return accepted(view, [endEvent(context, "finished", state.winner)]);
  return accepted(view, []);
}

/**
 * The event that ends a match and reveals its seed (fair-dice-v1, section 2, step 5). It holds no sentence: pages and
 * tools word the end from its reason, the winner and the score (`match.ended.*` in the message files).
 */
export function endEvent(context: DecideContext, reason: EndReason, winner: Color | null): MatchEvent {
  return { type: "ended", reason, winner, serverSeed: context.serverSeed(), at: context.now };
}

/** The refusal for a command pinned to a version the match has left (every command on a match may carry one). */
export function staleVersion(view: MatchView, expectedVersion: number | undefined): Refusal | null {
  if (expectedVersion === undefined || expectedVersion === view.version) return null;
  return refuse("ERR_STALE_VERSION", { reason: "version", expected: expectedVersion, current: view.version });
}

