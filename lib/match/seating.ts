/**
 * Creating a match and taking its seats, and each seat's client seed: the door of every match. One create serves the
 * lobby, a game against the computer, the queue's pairings and rematches — the last three seat the opponent in the
 * same decision — and one join serves the lobby and invitation links. Both doors admit only the current dice protocol
 * (dice-protocol.ts): no new match, and no new player, goes to fair-dice-v1.
 */
import { validateClientSeed } from "../dice/client-seed";
import { opponentOf } from "../engine/types";
import type { AccountKind, DecideContext, Decision, MatchCommand, Participant } from "./commands";
import type { MatchEvent } from "./events";
import { coversMatch, CURRENT_DICE_PROTOCOL, isCreatableProtocol, outdatedProtocol } from "./dice-protocol";
import { playsRated } from "./rated";
import { refuse, type Refusal } from "./refusal";
import { evolve, seatOf, type MatchView } from "./view";

type Command<T extends MatchCommand["type"]> = Extract<MatchCommand, { type: T }>;

/** The events `events`, accepted, with the view they make. */
export function accepted(view: MatchView, events: readonly MatchEvent[]): Decision {
  return { ok: true, events, view: events.reduce(evolve, view) };
}

export function decideCreate(view: MatchView, command: Command<"create">, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", { reason: "create" });
  if (view.version !== 0) throw new Error(`match ${view.matchId} exists already`);
  // No downgrade: a create without a seed chain would make a fair-dice-v1 match, whose rolls mix no salt from the
  // players' browsers. The type asks for the chain; this holds for any caller that gets round the type.
  const chainLength: unknown = command.chainLength;
  if (typeof chainLength !== "number") return refuse("ERR_OUTDATED_PROTOCOL", { reason: "create", current: CURRENT_DICE_PROTOCOL });
  if (!coversMatch(chainLength, command.matchLength)) return refuse("ERR_BAD_PAYLOAD", { reason: "chainLength" });
  if (command.protocol !== undefined && !isCreatableProtocol(command.protocol)) return refuse("ERR_OUTDATED_PROTOCOL", { reason: "create", current: CURRENT_DICE_PROTOCOL });
  const { opponent } = command;
  if (command.rated) {
    if (opponent?.kind === "computer") return refuse("ERR_BAD_PAYLOAD", { reason: "ratedComputer" });
    const unrated = [actor, opponent].find((participant): participant is Participant => participant !== undefined && !playsRated(participant.kind));
    if (unrated) return refuse("ERR_REGISTERED_ONLY", unrated === actor ? undefined : { reason: "opponent", name: unrated.player.name });
  }
  if (opponent && opponent.player.id === actor.player.id) return refuse("ERR_ALREADY_SEATED", { reason: "samePlayer" });
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
    dice: { protocol: command.protocol ?? "fair-dice-v2", chainLength },
  };
  const seated: MatchEvent[] = opponent ? [{ type: "joined", color: opponentOf(command.color), player: opponent.player }] : [];
  return accepted(view, [created, ...seated]);
}

/**
 * The actor takes the free seat of a waiting match; a private one only with its invite token (which the context
 * checks: the view does not carry it); and only in a match of the current dice protocol — checked last, so that it is
 * the answer only to someone the seat would otherwise be open to.
 */
export function decideJoin(view: MatchView, command: Command<"join">, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", { reason: "join" });
  const refused = joinRefusal(view, { id: actor.player.id, kind: actor.kind }, () => context.holdsInvite(command.inviteToken));
  if (refused) return refused;
  return accepted(view, [{ type: "joined", color: view.players.white === null ? "white" : "black", player: actor.player }]);
}

/** Why `joiner` may not take the free seat now, or null; `holdsInvite` is asked only in a private match. */
export function joinRefusal(view: MatchView, joiner: { readonly id: string; readonly kind: AccountKind }, holdsInvite: () => boolean): Refusal | null {
  // An invitation link is for an open seat: once the match is full or over it only lets its holder watch.
  if (view.ended) return refuse("ERR_WRONG_STATUS", { reason: "joinOver" });
  if (view.status !== "waiting") return refuse("ERR_SEAT_TAKEN");
  if (seatOf(view, joiner.id)) return refuse("ERR_ALREADY_SEATED");
  if (view.visibility === "private" && !holdsInvite()) return refuse("ERR_FORBIDDEN", { reason: "privateJoin" });
  if (view.rated && !playsRated(joiner.kind)) return refuse("ERR_REGISTERED_ONLY", { reason: "join" });
  // A fair-dice-v1 match waiting since before v2 (or planted in the database): seating a player would start a match
  // whose every roll the server knows before anyone asks for it. Watching, reviewing and verifying it stay open.
  const outdated = outdatedProtocol(view);
  if (outdated) return refuse("ERR_OUTDATED_PROTOCOL", { reason: "join", protocol: outdated.protocol, current: outdated.current });
  return null;
}

/**
 * The client seed of the actor's seat, chosen against `commitment` (the one the player's client showed): once per
 * seat, only against this match's commitment (fair-dice-v1, section 2, step 2). Against the computer its seed comes
 * first (docs/provably-fair.md, "Playing the computer"): a computer seed drawn after the person's could be chosen to
 * favour it.
 */
export function decideSeed(view: MatchView, command: Command<"seed">, context: DecideContext): Decision {
  const { actor } = context;
  if (!actor) return refuse("ERR_UNAUTHENTICATED", { reason: "play" });
  const valid = validateClientSeed(command.clientSeed);
  // The seed's own reason (empty, too long, …) and facts: `errors.ERR_BAD_CLIENT_SEED` words each.
  if (!valid.ok) return refuse("ERR_BAD_CLIENT_SEED", valid.values);
  const seat = seatOf(view, actor.player.id);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", { reason: "noSeat" });
  if (view.ended) return refuse("ERR_WRONG_STATUS", { reason: "over" });
  if (command.commitment !== view.commitment) return refuse("ERR_COMMITMENT_MISMATCH");
  if (view.clientSeeds[seat] !== null) return refuse("ERR_SEED_ALREADY_SUBMITTED");
  const opponent = view.players[opponentOf(seat)];
  if (opponent?.kind === "computer" && actor.kind !== "computer" && view.clientSeeds[opponentOf(seat)] === null) {
    return refuse("ERR_WRONG_STATUS", { reason: "computerSeedFirst" });
  }
  // fair-dice-v3: the seed that starts play is stamped, so a head withheld from then on is timed (contributions.ts).
  const at = view.diceProtocol === "fair-dice-v3" ? { at: context.now } : {};
  return accepted(view, [{ type: "seed", color: seat, clientSeed: command.clientSeed, ...at }]);
}
