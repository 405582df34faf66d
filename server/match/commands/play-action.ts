/**
 * The shared path of every rules command (roll, double, take, drop, move, resign and its answers): the sender must
 * hold a seat in a match that is being played, and lib/engine must accept the action. The engine's refusal comes
 * back as the answer, with its code and sentence, and nothing is stored. The computer's driver decides its actions
 * with the same `decidePlay`.
 */
import { apply } from "@/lib/engine/match";
import type { MatchAction } from "@/lib/engine/match-state";
import type { Color } from "@/lib/engine/types";
import type { Ack, ErrorCode, Failure, StoredEvents } from "@/lib/protocol";
import { seatOf } from "@/lib/record";
import type { CommandContext } from "../context";
import type { LiveMatch } from "../live-match";
import { actionDraft, fail, type Decision, type DrawnRoll } from "../match-service";

export interface PlayRequest {
  readonly matchId: string;
  readonly expectedVersion?: number;
}

/** Builds the action a seat asks for (and draws its roll, for a roll), or refuses. */
export type PlayBuilder = (seat: Color, live: LiveMatch) => { readonly action: MatchAction; readonly roll?: DrawnRoll } | Failure;

export function playAction(ctx: CommandContext, request: PlayRequest, build: PlayBuilder): Promise<Ack<StoredEvents>> {
  const { actor } = ctx;
  if (!actor) return Promise.resolve(fail("ERR_UNAUTHENTICATED", "Sign in to play; spectators cannot act."));
  return ctx.service.command(request.matchId, (live) => decidePlay(live, actor.id, request.expectedVersion, build), ctx.socket.id);
}

/**
 * The decision of a rules command by the user `actorId` — a person's socket or the computer's driver: the same
 * checks, the same engine, the same event.
 */
export function decidePlay(live: LiveMatch, actorId: string, expectedVersion: number | undefined, build: PlayBuilder): Decision {
  const seat = seatOf(live.view, actorId);
  if (!seat) return fail("ERR_NOT_A_PLAYER", "You do not have a seat in this match.");
  if (live.view.status !== "playing") {
    return fail("ERR_WRONG_STATUS", live.view.ended ? "The match is over." : "The match has not started: both players' seeds are needed first.");
  }
  const stale = staleVersion(live, expectedVersion);
  if (stale) return stale;
  const built = build(seat, live);
  if ("ok" in built) return built;
  const { action, roll } = built;
  const checked = apply(live.view.state, action);
  if (!checked.ok) return fail(checked.code as ErrorCode, checked.message);
  return { ok: true, draft: actionDraft(action, actorId, roll, checked.value) };
}

/** The refusal for a command pinned to a version the match has left (every command on a match may carry one). */
export function staleVersion(live: LiveMatch, expectedVersion: number | undefined): Failure | null {
  if (expectedVersion === undefined || expectedVersion === live.view.version) return null;
  return fail("ERR_STALE_VERSION", `Your board is at version ${expectedVersion} but the match is at ${live.view.version}; it will refresh.`);
}
