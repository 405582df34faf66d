/**
 * A direct challenge as an aggregate, shaped as the match (lib/match) and the tournament (lib/tournament): its events
 * — offered, then accepted, declined, withdrawn or expired — the view they fold into, and the one decision. The match
 * it offers does not exist until it is accepted: acceptance is one event, and the match is made from it (under the id
 * the offer fixed, both players seated) by a reaction that a crash cannot make twice. A challenge that nobody answers
 * is not a match waiting forever: it expires.
 *
 * @example
 *   const decision = decideChallenge(view, { type: "accept" }, { now, actor });
 *   view = decision.ok ? decision.events.reduce(evolveChallenge, view) : view;
 */
import { may, type AccountKind } from "../access/may";
import { err, type Color, type Failed } from "../engine/types";
import type { TimeControl } from "../match/clock";

/** How long a challenge waits for its answer. */
export const CHALLENGE_TTL_MS = 30 * 60_000;

export interface ChallengeParty {
  readonly id: string;
  readonly name: string;
}

export interface ChallengeOffer {
  readonly from: ChallengeParty;
  readonly to: ChallengeParty;
  /** The match it offers: its id (fixed by the challenge), length, clock, rating and the sender's colour. */
  readonly matchId: string;
  readonly matchLength: number;
  readonly timeControl: TimeControl | null;
  readonly rated: boolean;
  readonly color: Color;
  readonly at: number;
  readonly expiresAt: number;
}

export type ChallengeEvent =
  | ({ readonly type: "offered" } & ChallengeOffer)
  | { readonly type: "accepted"; readonly at: number }
  | { readonly type: "declined"; readonly at: number }
  | { readonly type: "withdrawn"; readonly at: number }
  | { readonly type: "expired"; readonly at: number };

export type ChallengeStatus = "none" | "pending" | "accepted" | "declined" | "withdrawn" | "expired";

export interface ChallengeView {
  readonly id: string;
  readonly version: number;
  readonly status: ChallengeStatus;
  readonly offer: ChallengeOffer | null;
  readonly answeredAt: number | null;
}

export type ChallengeCommand =
  | { readonly type: "offer"; readonly to: ChallengeParty & { readonly kind: AccountKind }; readonly matchId: string; readonly matchLength: number; readonly timeControl: TimeControl | null; readonly rated: boolean; readonly color: Color }
  | { readonly type: "accept" }
  | { readonly type: "decline" }
  | { readonly type: "withdraw" }
  | { readonly type: "settle" };

export interface ChallengeContext {
  readonly now: number;
  readonly actor: { readonly player: ChallengeParty; readonly kind: AccountKind } | null;
}

export type ChallengeRefusal = "ERR_CHALLENGE" | "ERR_UNAUTHENTICATED";
export type ChallengeDecision = { readonly ok: true; readonly events: readonly ChallengeEvent[] } | Failed<ChallengeRefusal>;

export function emptyChallenge(id: string): ChallengeView {
  return { id, version: 0, status: "none", offer: null, answeredAt: null };
}

export function evolveChallenge(view: ChallengeView, event: ChallengeEvent): ChallengeView {
  const next = { ...view, version: view.version + 1 };
  if (event.type === "offered") {
    const { type: _type, ...offer } = event;
    return { ...next, status: "pending", offer };
  }
  return { ...next, status: event.type, answeredAt: event.at };
}

const accepted = (events: readonly ChallengeEvent[]): ChallengeDecision => ({ ok: true, events });

/** Whether a challenge still waits for its answer at `now` (pending and not past its expiry). */
export function isOpen(view: ChallengeView, now: number): boolean {
  return view.status === "pending" && view.offer !== null && now < view.offer.expiresAt;
}

export function decideChallenge(view: ChallengeView, command: ChallengeCommand, context: ChallengeContext): ChallengeDecision {
  const { actor, now } = context;
  if (command.type === "settle") return accepted(view.status === "pending" && view.offer && now >= view.offer.expiresAt ? [{ type: "expired", at: now }] : []);
  if (!actor) return err("ERR_UNAUTHENTICATED", { reason: command.type === "offer" ? "create" : "join" });
  if (command.type === "offer") {
    if (view.status !== "none") return err("ERR_CHALLENGE", { reason: "other" });
    if (!may(actor.kind, "challenge")) return err("ERR_CHALLENGE", { reason: "guest" });
    // A guest or a computer is not someone to challenge by name: to the sender they are "no such player".
    if (!may(command.to.kind, "be-challenged")) return err("ERR_CHALLENGE", { reason: "noPlayer", name: command.to.name });
    if (command.to.id === actor.player.id) return err("ERR_CHALLENGE", { reason: "self" });
    const { type: _type, to, ...match } = command;
    return accepted([{ type: "offered", from: actor.player, to: { id: to.id, name: to.name }, ...match, at: now, expiresAt: now + CHALLENGE_TTL_MS }]);
  }
  const offer = view.offer;
  if (!offer || !isOpen(view, now)) return err("ERR_CHALLENGE", { reason: view.status === "withdrawn" ? "gone" : "noChallenge" });
  switch (command.type) {
    case "accept":
    case "decline":
      if (actor.player.id !== offer.to.id) return err("ERR_CHALLENGE", { reason: "noChallenge" });
      return accepted([{ type: command.type === "accept" ? "accepted" : "declined", at: now }]);
    case "withdraw":
      if (actor.player.id !== offer.from.id) return err("ERR_CHALLENGE", { reason: "noChallenge" });
      return accepted([{ type: "withdrawn", at: now }]);
  }
}
