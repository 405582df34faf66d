/**
 * A tournament's whole life as events and the view they fold into (the same shape as a match: lib/match): created
 * with its settings and the draw seed's commitment; players register and unregister; registration closes with the
 * canonical list of entrants; the start reveals the seed and the draw; each round's pairings, its matches as they are
 * made, their results (played, forfeit, bye), withdrawals; the end. `nextStep` says what is due now — the server's
 * runner does it (creating a match, reading a result, revealing the seed) and appends the events `decide…` returns.
 * Every rule is here and nothing else: no clock (times come in), no I/O, no randomness.
 *
 * @example
 *   let view = foldTournament("t1", events);
 *   const step = nextStep(view, Date.now());   // { kind: "start-round" } …
 *   view = evolveTournament(view, registerEvent(view, player, now).unwrap());
 */
import { err, ok, type Result } from "../engine/types";
import type { TimeControl } from "../match/clock";
import { canonicalEntrants, drawOrder, entrantsDigest } from "./draw";
import { firstKnockoutRound, nextKnockoutRound, type Pairing } from "./knockout";
import { firstSwissRound, pairSwissRound, swissStandings, type PlayedRound } from "./swiss";
import type { DrawRecord, TournamentFormat } from "./verify-draw";

export interface TournamentSettings {
  readonly name: string;
  readonly format: TournamentFormat;
  readonly matchLength: number;
  /** Required: a tournament round must end. */
  readonly timeControl: TimeControl;
  readonly rated: boolean;
  readonly maxPlayers: number;
  /** Registration closes at this time (ms since the epoch); the first round starts at `startsAt` (≥ closesAt). */
  readonly closesAt: number;
  readonly startsAt: number;
  /** Swiss only: the number of rounds. */
  readonly swissRounds: number | null;
  /** A player who has not sent their client seed this long after their match was made loses it by forfeit. */
  readonly noShowMs: number;
}

export interface PlayerRef {
  readonly id: string;
  readonly name: string;
}

export type ResultReason = "played" | "forfeit" | "bye" | "withdrawal";

export type TournamentEvent =
  | { readonly type: "created"; readonly settings: TournamentSettings; readonly commitment: string; readonly createdBy: PlayerRef }
  | { readonly type: "registered"; readonly player: PlayerRef }
  | { readonly type: "unregistered"; readonly playerId: string }
  | { readonly type: "closed"; readonly entrants: readonly string[]; readonly digest: string }
  | { readonly type: "cancelled"; readonly reason: "too-few" }
  | { readonly type: "started"; readonly seed: string; readonly order: readonly string[] }
  | { readonly type: "round-started"; readonly round: number; readonly pairings: readonly Pairing[] }
  | { readonly type: "match-made"; readonly round: number; readonly index: number; readonly matchId: string; readonly at: number }
  | { readonly type: "result"; readonly round: number; readonly index: number; readonly winner: string; readonly reason: ResultReason }
  | { readonly type: "withdrawn"; readonly playerId: string; readonly fromRound: number }
  | { readonly type: "finished"; readonly winner: string };

export type TournamentStatus = "registering" | "closed" | "running" | "finished" | "cancelled";

export interface RoundView {
  readonly pairings: readonly Pairing[];
  readonly matchIds: readonly (string | null)[];
  /** When each match was made (ms), for the no-show rule. */
  readonly madeAt: readonly (number | null)[];
  readonly winners: readonly (string | null)[];
  readonly reasons: readonly (ResultReason | null)[];
}

export interface TournamentView {
  readonly id: string;
  readonly version: number;
  readonly status: TournamentStatus;
  readonly settings: TournamentSettings;
  readonly commitment: string;
  readonly createdBy: PlayerRef;
  /** Everyone who registered and is still registered, in registration order; names of all who ever registered. */
  readonly registered: readonly string[];
  readonly names: Readonly<Record<string, string>>;
  readonly entrants: readonly string[] | null;
  readonly digest: string | null;
  readonly seed: string | null;
  readonly order: readonly string[] | null;
  readonly rounds: readonly RoundView[];
  readonly withdrawals: readonly { readonly player: string; readonly fromRound: number }[];
  readonly winner: string | null;
}

export type TournamentRefusal = "ERR_TOURNAMENT";

/** What a tournament id may look like (ids are "t" and 20 hex digits; anything else in a URL or argument is no id). */
export function isTournamentId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,40}$/.test(value);
}

const EMPTY_SETTINGS: TournamentSettings = { name: "", format: "knockout", matchLength: 1, timeControl: { reserveMs: 0, delayMs: 0 }, rated: false, maxPlayers: 0, closesAt: 0, startsAt: 0, swissRounds: null, noShowMs: 0 };

export function emptyTournament(id: string): TournamentView {
  return { id, version: 0, status: "registering", settings: EMPTY_SETTINGS, commitment: "", createdBy: { id: "", name: "" }, registered: [], names: {}, entrants: null, digest: null, seed: null, order: null, rounds: [], withdrawals: [], winner: null };
}

function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

function updateRound(view: TournamentView, round: number, change: (r: RoundView) => RoundView): readonly RoundView[] {
  return view.rounds.map((r, i) => (i === round - 1 ? change(r) : r));
}

export function evolveTournament(view: TournamentView, event: TournamentEvent): TournamentView {
  const next = { ...view, version: view.version + 1 };
  switch (event.type) {
    case "created":
      return { ...next, settings: event.settings, commitment: event.commitment, createdBy: event.createdBy };
    case "registered":
      return { ...next, registered: [...view.registered, event.player.id], names: { ...view.names, [event.player.id]: event.player.name } };
    case "unregistered":
      return { ...next, registered: view.registered.filter((id) => id !== event.playerId) };
    case "closed":
      return { ...next, status: "closed", entrants: event.entrants, digest: event.digest };
    case "cancelled":
      return { ...next, status: "cancelled" };
    case "started":
      return { ...next, status: "running", seed: event.seed, order: event.order };
    case "round-started": {
      const n = event.pairings.length;
      const blank = <T>(): T[] => Array.from({ length: n }, () => null as T);
      return { ...next, rounds: [...view.rounds, { pairings: event.pairings, matchIds: blank(), madeAt: blank(), winners: blank(), reasons: blank() }] };
    }
    case "match-made":
      return { ...next, rounds: updateRound(view, event.round, (r) => ({ ...r, matchIds: replaceAt(r.matchIds, event.index, event.matchId), madeAt: replaceAt(r.madeAt, event.index, event.at) })) };
    case "result":
      return { ...next, rounds: updateRound(view, event.round, (r) => ({ ...r, winners: replaceAt(r.winners, event.index, event.winner), reasons: replaceAt(r.reasons, event.index, event.reason) })) };
    case "withdrawn":
      return { ...next, withdrawals: [...view.withdrawals, { player: event.playerId, fromRound: event.fromRound }] };
    case "finished":
      return { ...next, status: "finished", winner: event.winner };
  }
}

export function foldTournament(id: string, events: readonly TournamentEvent[]): TournamentView {
  return events.reduce(evolveTournament, emptyTournament(id));
}

// ——— Commands a person sends ———

/** Registering: while registration is open, not full, once. */
export function registerEvent(view: TournamentView, player: PlayerRef, now: number): Result<TournamentEvent, TournamentRefusal> {
  if (view.status !== "registering" || now >= view.settings.closesAt) return err("ERR_TOURNAMENT", { reason: "registrationClosed" });
  if (view.registered.includes(player.id)) return err("ERR_TOURNAMENT", { reason: "registered" });
  if (view.registered.length >= view.settings.maxPlayers) return err("ERR_TOURNAMENT", { reason: "full", max: view.settings.maxPlayers });
  return ok({ type: "registered", player });
}

/** Leaving: before the close it is unregistering; once running, a withdrawal — the player's match in play is lost. */
export function leaveEvents(view: TournamentView, playerId: string, now: number): Result<TournamentEvent[], TournamentRefusal> {
  if (view.status === "registering" && now < view.settings.closesAt) {
    if (!view.registered.includes(playerId)) return err("ERR_TOURNAMENT", { reason: "notRegistered" });
    return ok([{ type: "unregistered", playerId }]);
  }
  if (view.status !== "running" && view.status !== "closed") return err("ERR_TOURNAMENT", { reason: "over" });
  if (!view.entrants?.includes(playerId)) return err("ERR_TOURNAMENT", { reason: "notRegistered" });
  if (view.withdrawals.some((w) => w.player === playerId)) return err("ERR_TOURNAMENT", { reason: "withdrawn" });
  const current = view.rounds.length;
  const events: TournamentEvent[] = [{ type: "withdrawn", playerId, fromRound: current + 1 }];
  const round = view.rounds[current - 1];
  round?.pairings.forEach((pairing, index) => {
    if (round.winners[index] !== null || pairing.black === null) return;
    if (pairing.white === playerId) events.push({ type: "result", round: current, index, winner: pairing.black, reason: "withdrawal" });
    if (pairing.black === playerId) events.push({ type: "result", round: current, index, winner: pairing.white, reason: "withdrawal" });
  });
  return ok(events);
}

// ——— What is due, for the server's runner ———

export type Step =
  | { readonly kind: "close" }
  | { readonly kind: "start" }
  | { readonly kind: "make-match"; readonly round: number; readonly index: number; readonly pairing: { readonly white: string; readonly black: string } }
  | { readonly kind: "await-result"; readonly round: number; readonly index: number; readonly matchId: string; readonly madeAt: number }
  | { readonly kind: "next-round" }
  | { readonly kind: "finish" };

/** Everything due now, in order; the runner does the first ones it can and asks again. Empty: nothing to do. */
export function nextSteps(view: TournamentView, now: number): Step[] {
  switch (view.status) {
    case "registering":
      return now >= view.settings.closesAt ? [{ kind: "close" }] : [];
    case "closed":
      return now >= view.settings.startsAt ? [{ kind: "start" }] : [];
    case "running": {
      const current = view.rounds.at(-1);
      if (!current) return [{ kind: "next-round" }];
      const round = view.rounds.length;
      const steps: Step[] = [];
      current.pairings.forEach((pairing, index) => {
        if (current.winners[index] !== null || pairing.black === null) return;
        const matchId = current.matchIds[index];
        if (matchId === null || matchId === undefined) steps.push({ kind: "make-match", round, index, pairing: { white: pairing.white, black: pairing.black } });
        else steps.push({ kind: "await-result", round, index, matchId, madeAt: current.madeAt[index] ?? 0 });
      });
      if (steps.length > 0) return steps;
      return isLastRound(view) ? [{ kind: "finish" }] : [{ kind: "next-round" }];
    }
    default:
      return [];
  }
}

function playedRounds(view: TournamentView): PlayedRound[] {
  return view.rounds.map((round) => ({ pairings: round.pairings, winners: round.winners.map((w) => w ?? "") }));
}

function isLastRound(view: TournamentView): boolean {
  if (view.settings.format === "knockout") return (view.rounds.at(-1)?.pairings.length ?? 0) === 1;
  return view.rounds.length >= (view.settings.swissRounds ?? 1) || activeSwissPlayers(view).length < 2;
}

function activeSwissPlayers(view: TournamentView): string[] {
  const withdrawn = new Set(view.withdrawals.map((w) => w.player));
  return (view.order ?? []).filter((player) => !withdrawn.has(player));
}

/** Closing registration: the canonical list and its digest, or the cancellation when fewer than two entered. */
export function closeEvents(view: TournamentView): TournamentEvent[] {
  const canonical = canonicalEntrants(view.registered);
  if (!canonical.ok || canonical.value.length < 2) return [{ type: "cancelled", reason: "too-few" }];
  return [{ type: "closed", entrants: canonical.value, digest: entrantsDigest(canonical.value) }];
}

/** The start: the revealed seed, the draw order, and round 1 with its byes decided. */
export function startEvents(view: TournamentView, seed: string): TournamentEvent[] {
  const order = drawOrder(seed, view.entrants ?? []);
  const started: TournamentEvent = { type: "started", seed, order };
  const pairings = view.settings.format === "knockout" ? firstKnockoutRound(order) : firstSwissRound(order);
  return [started, ...roundEvents(1, pairings)];
}

/** The next round from the results (knockout: the winners; Swiss: the standings), with its byes decided. */
export function nextRoundEvents(view: TournamentView): TournamentEvent[] {
  const round = view.rounds.length + 1;
  const last = view.rounds.at(-1);
  if (view.settings.format === "knockout") {
    const winners = (last?.winners ?? []).map((w) => w ?? "");
    return roundEvents(round, nextKnockoutRound(winners));
  }
  const withdrawn = new Set(view.withdrawals.filter((w) => w.fromRound <= round).map((w) => w.player));
  return roundEvents(round, pairSwissRound(view.order ?? [], playedRounds(view), withdrawn));
}

function roundEvents(round: number, pairings: readonly Pairing[]): TournamentEvent[] {
  const events: TournamentEvent[] = [{ type: "round-started", round, pairings }];
  pairings.forEach((pairing, index) => {
    if (pairing.black === null) events.push({ type: "result", round, index, winner: pairing.white, reason: "bye" });
  });
  return events;
}

/** The end: the knockout's last winner, or the Swiss's first in the final standings. */
export function finishEvent(view: TournamentView): TournamentEvent {
  if (view.settings.format === "knockout") return { type: "finished", winner: view.rounds.at(-1)?.winners[0] ?? "" };
  return { type: "finished", winner: swissStandings(view.order ?? [], playedRounds(view))[0]?.player ?? "" };
}

/**
 * A match that was made but not begun in time: who wins by forfeit. The player who sent their client seed wins; when
 * neither did, the player higher in the bracket or standings (white) goes through, so the tournament never stalls.
 */
export function forfeitWinner(pairing: { readonly white: string; readonly black: string }, seeded: { readonly white: boolean; readonly black: boolean }): string {
  if (seeded.black && !seeded.white) return pairing.black;
  return pairing.white;
}

/** The tournament's published draw, for the verifier (lib/tournament/verify-draw.ts) and the page's JSON. */
export function drawRecordOf(view: TournamentView): DrawRecord {
  return {
    protocol: "tournament-draw-v1",
    format: view.settings.format,
    commitment: view.commitment,
    seed: view.seed,
    entrants: view.entrants ?? [],
    entrantsDigest: view.digest ?? "",
    // A match not decided yet is null in its place (the verifier reads winners match by match and skips nulls).
    rounds: view.rounds.map((round) => ({ pairings: round.pairings, winners: round.winners as readonly string[] })),
    withdrawals: view.withdrawals,
  };
}
