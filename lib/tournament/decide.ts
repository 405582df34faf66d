/**
 * The tournament aggregate's one decision, shaped as the match's (lib/match/decide.ts): `decideTournament(view,
 * command, context)` → the events to store, or a refusal. People's commands (create, register, leave), what the
 * shell reports back (a match it made for a pairing, a match that ended) and `settle` — what is due by itself now: the
 * close, the start with its draw, the next round, the end, a no-show's forfeit. Pure: the time, the actor, the draw
 * seed and whether a late match's players sent their seeds come in the context.
 *
 * @example
 *   const decision = decideTournament(view, { type: "register" }, { now, actor, drawSeed, seeded });
 *   if (decision.ok) store(decision.events); else answer(decision);
 */
import type { AccountKind } from "../access/may";
import { may } from "../access/may";
import { err, type Failed } from "../engine/types";
import { settingsFrom, type TournamentRequest } from "./creation";
import { closeEvents, finishEvent, forfeitWinner, leaveEvents, nextRoundEvents, nextSteps, registerEvent, startEvents, type PlayerRef, type TournamentEvent, type TournamentRefusal, type TournamentView } from "./tournament";

export type TournamentCommand =
  /** `mayCreate`: the shell's answer to `mayCreateTournament` for the actor (a site setting is involved). */
  | { readonly type: "create"; readonly request: TournamentRequest; readonly commitment: string; readonly mayCreate: boolean }
  | { readonly type: "register" }
  | { readonly type: "leave" }
  /** The shell made the match of a pairing (its id fixed by the pairing): record it. */
  | { readonly type: "match-made"; readonly round: number; readonly index: number; readonly matchId: string }
  /** A tournament match ended (a reaction to its `ended` event): record its result, once. */
  | { readonly type: "match-ended"; readonly matchId: string; readonly winner: "white" | "black" | null; readonly abandoned: boolean; readonly seeded: Seeded }
  | { readonly type: "settle" };

export interface Seeded {
  readonly white: boolean;
  readonly black: boolean;
}

export interface TournamentContext {
  readonly now: number;
  readonly actor: { readonly player: PlayerRef; readonly kind: AccountKind } | null;
  /** The draw seed, opened by the vault: asked only when the start is decided. */
  readonly drawSeed: () => string;
  /** For a match past its no-show time: whether each player sent their client seed (null: not known, wait). */
  readonly seeded: (matchId: string) => Seeded | null;
}

export type TournamentRefusalCode = TournamentRefusal | "ERR_UNAUTHENTICATED";

export type TournamentDecision = { readonly ok: true; readonly events: readonly TournamentEvent[] } | Failed<TournamentRefusalCode>;

const NOTHING: TournamentDecision = { ok: true, events: [] };

function accepted(events: readonly TournamentEvent[]): TournamentDecision {
  return { ok: true, events };
}

export function decideTournament(view: TournamentView, command: TournamentCommand, context: TournamentContext): TournamentDecision {
  const { actor, now } = context;
  switch (command.type) {
    case "create": {
      if (view.version !== 0) return err("ERR_TOURNAMENT", { reason: "other" });
      if (!actor) return err("ERR_UNAUTHENTICATED", { reason: "create" });
      if (!command.mayCreate) return err("ERR_TOURNAMENT", { reason: "createNotAllowed" });
      const settings = settingsFrom(command.request, now);
      if (!settings.ok) return settings;
      return accepted([{ type: "created", settings: settings.value, commitment: command.commitment, createdBy: actor.player }]);
    }
    case "register": {
      if (view.version === 0) return err("ERR_TOURNAMENT", { reason: "notFound" });
      if (!actor) return err("ERR_UNAUTHENTICATED", { reason: "join" });
      if (!may(actor.kind, "enter-tournament")) return err("ERR_TOURNAMENT", { reason: "guest" });
      const event = registerEvent(view, actor.player, now);
      return event.ok ? accepted([event.value]) : event;
    }
    case "leave": {
      if (view.version === 0) return err("ERR_TOURNAMENT", { reason: "notFound" });
      if (!actor) return err("ERR_UNAUTHENTICATED", { reason: "join" });
      const events = leaveEvents(view, actor.player.id, now);
      return events.ok ? accepted(events.value) : events;
    }
    case "match-made": {
      const round = view.rounds[command.round - 1];
      if (view.status !== "running" || !round || round.pairings[command.index]?.black == null) return err("ERR_TOURNAMENT", { reason: "other" });
      // Made and recorded already (another node, or a repeat after a crash): nothing to add.
      if (round.matchIds[command.index] !== null || round.winners[command.index] !== null) return NOTHING;
      return accepted([{ type: "match-made", round: command.round, index: command.index, matchId: command.matchId, at: now }]);
    }
    case "match-ended":
      return accepted(matchEndedEvents(view, command));
    case "settle":
      return accepted(dueEvents(view, context));
  }
}

/** Where a tournament match is in the bracket, while its result is still open. */
function openSlot(view: TournamentView, matchId: string): { round: number; index: number; white: string; black: string } | null {
  const round = view.rounds.length;
  const current = view.rounds[round - 1];
  const index = current?.matchIds.indexOf(matchId) ?? -1;
  if (!current || index < 0 || current.winners[index] !== null) return null;
  const pairing = current.pairings[index];
  return pairing?.black ? { round, index, white: pairing.white, black: pairing.black } : null;
}

function matchEndedEvents(view: TournamentView, command: Extract<TournamentCommand, { type: "match-ended" }>): TournamentEvent[] {
  const slot = openSlot(view, command.matchId);
  if (!slot) return [];
  if (command.winner) {
    const winner = command.winner === "white" ? slot.white : slot.black;
    return [{ type: "result", round: slot.round, index: slot.index, winner, reason: command.abandoned ? "forfeit" : "played" }];
  }
  // Ended without a winner before it began (cancelled, voided for a no-show): the forfeit rule.
  return [{ type: "result", round: slot.round, index: slot.index, winner: forfeitWinner(slot, command.seeded), reason: "forfeit" }];
}

/** The matches whose players were given `noShowMs` to begin, and are not over: their seeds decide a forfeit. */
export function lateMatches(view: TournamentView, now: number): string[] {
  return nextSteps(view, now).flatMap((step) => (step.kind === "await-result" && now - step.madeAt >= view.settings.noShowMs ? [step.matchId] : []));
}

/** The pairings of the current round whose match is still to be made (the shell makes them, then `match-made`). */
export function matchesToMake(view: TournamentView, now: number): { round: number; index: number; white: string; black: string }[] {
  return nextSteps(view, now).flatMap((step) => (step.kind === "make-match" ? [{ round: step.round, index: step.index, ...step.pairing }] : []));
}

/**
 * When the clock next has something to settle after `now`: the close, the start, or the next no-show time of a match
 * of the round in play (one already past was settled when it passed). Null: only people and matches move it now.
 */
export function nextDueAt(view: TournamentView, now: number): number | null {
  if (view.status === "registering") return view.settings.closesAt;
  if (view.status === "closed") return view.settings.startsAt;
  if (view.status !== "running") return null;
  const current = view.rounds.at(-1);
  const deadlines = (current?.madeAt ?? []).flatMap((madeAt, i) => (madeAt !== null && current?.winners[i] === null && madeAt + view.settings.noShowMs > now ? [madeAt + view.settings.noShowMs] : []));
  return deadlines.length > 0 ? Math.min(...deadlines) : null;
}

function dueEvents(view: TournamentView, context: TournamentContext): TournamentEvent[] {
  const steps = nextSteps(view, context.now);
  const first = steps[0];
  if (!first) return [];
  switch (first.kind) {
    case "close":
      return closeEvents(view);
    case "start":
      // The only place the draw seed is asked for: it is published in the `started` event at the same moment.
      return startEvents(view, context.drawSeed());
    case "next-round":
      return nextRoundEvents(view);
    case "finish":
      return [finishEvent(view)];
    default: {
      // A round in play: forfeits of the matches not begun in time whose players' seeds are known.
      const events: TournamentEvent[] = [];
      for (const step of steps) {
        if (step.kind !== "await-result" || context.now - step.madeAt < view.settings.noShowMs) continue;
        const seeded = context.seeded(step.matchId);
        if (!seeded || (seeded.white && seeded.black)) continue;
        const pairing = view.rounds[step.round - 1]?.pairings[step.index];
        if (!pairing?.black) continue;
        events.push({ type: "result", round: step.round, index: step.index, winner: forfeitWinner({ white: pairing.white, black: pairing.black }, seeded), reason: "forfeit" });
      }
      return events;
    }
  }
}
