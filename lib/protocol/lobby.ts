/**
 * The rules of taking a seat and of adding a client seed, decided on the view alone: each gives the event to store
 * or the refusal a client sees (the codes and sentences of docs/protocol.md). The match server stores the event
 * through the same version-checked path as a rules action, so two players racing for one seat, or one seat's two
 * tabs racing with a seed, are settled by the version: the second decision is made again on the view with the first
 * one's event in it, and refused there.
 *
 * @example
 *   const joined = decideJoin(view, { id: "u2", name: "bob", isGuest: false }, true);
 *   if (joined.ok) joined.event; // { type: "joined", color: "black", player: { … } }
 *   decideClientSeed(view, "u2", "my-seed", view.commitment);
 */
import { validateClientSeed } from "../dice/client-seed";
import type { MatchEvent, PlayerInfo } from "../record/match-events";
import { seatOf, type MatchView } from "../record/match-view";
import type { ErrorCode, Failure } from "./protocol";

export type LobbyDecision<T extends MatchEvent["type"]> = { readonly ok: true; readonly event: Extract<MatchEvent, { type: T }> } | Failure;

function refuse(code: ErrorCode, message: string): Failure {
  return { ok: false, code, message };
}

/**
 * `player` takes the free seat of a waiting match. `invited`: the player holds the match's invite token (only
 * private matches ask; the server compares the token, which the view does not carry).
 */
export function decideJoin(view: MatchView, player: PlayerInfo, invited: boolean): LobbyDecision<"joined"> {
  const { matchId } = view;
  // An invitation link is for an open seat: once the match is full or over it only lets its holder watch.
  if (view.ended) return refuse("ERR_WRONG_STATUS", "This match is over: it can no longer be joined.");
  if (view.status !== "waiting") return refuse("ERR_SEAT_TAKEN", "This match already has two players: it can no longer be joined, only watched.");
  if (seatOf(view, player.id)) return refuse("ERR_ALREADY_SEATED", `you already sit at match ${matchId}`);
  if (view.visibility === "private" && !invited) {
    return refuse("ERR_FORBIDDEN", `match ${matchId} is private: the invite link is needed to join`);
  }
  if (view.rated && player.isGuest) {
    return refuse("ERR_REGISTERED_ONLY", "This is a rated match: only registered players can join it. Register (or keep your guest account by registering) to play rated matches.");
  }
  return { ok: true, event: { type: "joined", color: view.players.white === null ? "white" : "black", player } };
}

/**
 * The client seed of the seat `userId` holds, chosen against `commitment` (the one the player's client showed):
 * once per seat, only against this match's commitment (fair-dice-v1, section 2, step 2).
 */
export function decideClientSeed(view: MatchView, userId: string, clientSeed: string, commitment: string): LobbyDecision<"seed"> {
  const valid = validateClientSeed(clientSeed);
  if (!valid.ok) return refuse("ERR_BAD_CLIENT_SEED", valid.message);
  const seat = seatOf(view, userId);
  if (!seat) return refuse("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
  if (view.ended) return refuse("ERR_WRONG_STATUS", "The match is over.");
  if (commitment !== view.commitment) {
    return refuse("ERR_COMMITMENT_MISMATCH", "Your client showed a different commitment than this match's; reload the page before choosing a seed.");
  }
  if (view.clientSeeds[seat] !== null) return refuse("ERR_SEED_ALREADY_SUBMITTED", `${seat}'s client seed is already set and cannot change`);
  return { ok: true, event: { type: "seed", color: seat, clientSeed } };
}
