/**
 * Creating a match and taking its seats, and each seat's client seed: the door of every match. One create serves the
 * lobby, a game against the computer, the queue's pairings and rematches — the last three seat the opponent in the
 * same decision — and one join serves the lobby and invitation links.
 */
import { validateClientSeed } from "../dice/client-seed";
import { opponentOf } from "../engine/types";
import type { DecideContext, Decision, MatchCommand, Participant } from "./commands";
import type { MatchEvent } from "./events";
import { playsRated } from "./rated";
import { refuse } from "./refusal";
import { evolve, seatOf, type MatchView } from "./view";

type Command<T extends MatchCommand["type"]> = Extract<MatchCommand, { type: T }>;

/** The events `events`, accepted, with the view they make. */
export function accepted(view: MatchView, events: readonly MatchEvent[]): Decision {
  return { ok: true, events, view: events.reduce(evolve, view) };
}

export function decideCreate(view: MatchView, command: Command<"create">, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", "Sign in (or play as a guest) to create a match.");
  if (view.version !== 0) throw new Error(`match ${view.matchId} exists already`);
  const { opponent } = command;
  if (command.rated) {
    if (opponent?.kind === "computer") return refuse("ERR_BAD_PAYLOAD", "Matches against the computer are never rated.");
    const unrated = [actor, opponent].find((participant): participant is Participant => participant !== undefined && !playsRated(participant.kind));
    if (unrated) return refuse("ERR_REGISTERED_ONLY", unrated === actor ? "Rated matches are for registered players: register to play one." : `${unrated.player.name} is not a registered player: only registered players play rated matches.`);
  }
  if (opponent && opponent.player.id === actor.player.id) return refuse("ERR_ALREADY_SEATED", "A match needs two different players.");
  const created: MatchEvent = {
    type: "created",
    matchLength: command.matchLength,
    visibility: command.visibility,
    commitment: command.commitment,
    creator: actor.player,
    creatorColor: command.color,
    // Untimed and unrated matches are stored as they were before clocks and ratings existed.
    ...(command.timeControl ? { timeControl: command.timeControl } : {}),
    ...(command.rated ? { rated: true } : {}),
    ...(command.chainLength !== undefined ? { dice: { protocol: "fair-dice-v2", chainLength: command.chainLength } } : {}),
  };
  const seated: MatchEvent[] = opponent ? [{ type: "joined", color: opponentOf(command.color), player: opponent.player }] : [];
  return accepted(view, [created, ...seated]);
}

/**
 * The actor takes the free seat of a waiting match; a private one only with its invite token (which the context
 * checks: the view does not carry it).
 */
export function decideJoin(view: MatchView, command: Command<"join">, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", "Sign in (or play as a guest) to join a match.");
  const { matchId } = view;
  // An invitation link is for an open seat: once the match is full or over it only lets its holder watch.
  if (view.ended) return refuse("ERR_WRONG_STATUS", "This match is over: it can no longer be joined.");
  if (view.status !== "waiting") return refuse("ERR_SEAT_TAKEN", "This match already has two players: it can no longer be joined, only watched.");
  if (seatOf(view, actor.player.id)) return refuse("ERR_ALREADY_SEATED", `you already sit at match ${matchId}`);
  if (view.visibility === "private" && !context.holdsInvite(command.inviteToken)) {
    return refuse("ERR_FORBIDDEN", `match ${matchId} is private: the invite link is needed to join`);
  }
  if (view.rated && !playsRated(actor.kind)) {
    return refuse("ERR_REGISTERED_ONLY", "This is a rated match: only registered players can join it. Register (or keep your guest account by registering) to play rated matches.");
  }
  return accepted(view, [{ type: "joined", color: view.players.white === null ? "white" : "black", player: actor.player }]);
}

/**
 * The client seed of the actor's seat, chosen against `commitment` (the one the player's client showed): once per
 * seat, only against this match's commitment (fair-dice-v1, section 2, step 2). Against the computer its seed comes
 * first (docs/provably-fair.md, "Playing the computer"): a computer seed drawn after the person's could be chosen to
 * favour it.
 */
export function decideSeed(view: MatchView, command: Command<"seed">, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", "Sign in to play.");
  const valid = validateClientSeed(command.clientSeed);
  if (!valid.ok) return refuse("ERR_BAD_CLIENT_SEED", valid.message);
  const seat = seatOf(view, actor.player.id);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
  if (view.ended) return refuse("ERR_WRONG_STATUS", "The match is over.");
  if (command.commitment !== view.commitment) {
    return refuse("ERR_COMMITMENT_MISMATCH", "Your client showed a different commitment than this match's; reload the page before choosing a seed.");
  }
  if (view.clientSeeds[seat] !== null) return refuse("ERR_SEED_ALREADY_SUBMITTED", `${seat}'s client seed is already set and cannot change`);
  const opponent = view.players[opponentOf(seat)];
  if (opponent && context.isComputer(opponent.id) && !context.isComputer(actor.player.id) && view.clientSeeds[opponentOf(seat)] === null) {
    return refuse("ERR_WRONG_STATUS", "The computer adds its client seed first; try again in a moment.");
  }
  return accepted(view, [{ type: "seed", color: seat, clientSeed: command.clientSeed }]);
}
