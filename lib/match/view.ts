/**
 * A match as everyone may see it, rebuilt by folding its events with `evolve`: the aggregate's state. The server keeps
 * one per live match (derivable, so never the only copy) and the browser's store keeps one fed by the socket. The
 * server's alone also holds a pending opening salt's value (`pendingSalts.salts`; what leaves it: published.ts).
 *
 * @example
 *   const view = events.reduce(evolve, emptyMatchView("m1"));
 *   view.status; // "playing"
 */
import type { BundleRoll, RollSalts, RollValues } from "../dice/types";
import { apply } from "../engine/match";
import { newMatch, type MatchState } from "../engine/match-state";
import { describeFailure, opponentOf, type Color } from "../engine/types";
import { advanceClock, startClock, type MatchClock, type TimeControl } from "./clock";
import { protocolOfCreated, type DiceProtocol } from "./dice-protocol";
import type { AnyMatchEvent, EndReason, MatchEvent, Visibility } from "./events";
import { seatedPlayer, type SeatedPlayer } from "./player-kind";

export type MatchStatus = "waiting" | "seeding" | "playing" | "finished" | "aborted";

export interface MatchView {
  readonly matchId: string;
  /** The version of the last event applied; 0 before any. */
  readonly version: number;
  readonly status: MatchStatus;
  readonly matchLength: number;
  readonly visibility: Visibility;
  /** Its end with a winner moves the players' ratings (lib/rating/rated-outcome.ts). */
  readonly rated: boolean;
  readonly commitment: string;
  /**
   * The dice protocol the match rolls by (dice-protocol.ts), named by its `created` event: fair-dice-v2 when the event
   * has `dice`, fair-dice-v1 for one stored before v2 — and for a view before its `created` event, as it always read.
   * Whatever depends on the protocol asks this name.
   */
  readonly diceProtocol: DiceProtocol;
  /** fair-dice-v2: how many game seeds the commitment's chain covers; null for a fair-dice-v1 match (it has none). */
  readonly chainLength: number | null;
  /**
   * fair-dice-v2: the opening roll of nonce `nonce` waits for its second salt; null otherwise. `from`: whose salt is in,
   * which everyone may know (a page sends its own salt only once). `salts`: the salts themselves, in the server's view
   * only — the first must stay secret until the second is fixed, so published events carry none and a published view
   * (published.ts `publicView`) has it empty.
   */
  readonly pendingSalts: { readonly nonce: number; readonly from: readonly Color[]; readonly salts: RollSalts } | null;
  /**
   * fair-dice-v3: the roll of nonce `nonce` waits for a browser's contribution (contributions.ts) — a turn roll whose
   * roller's salt is in (`roller`, `salt`) and which waits for the opponent's value, or an opening roll with one of its
   * two values in (`roller` and `salt` null). Public: a salt or value is recorded before anyone else sees it, and
   * what is still missing was fixed by a head before it.
   */
  readonly pendingRoll: { readonly nonce: number; readonly roller: Color | null; readonly salt: string | null; readonly values: RollValues } | null;
  /** fair-dice-v3: each game's chain heads by player, in commitment order (the first chain's, then each renewal's). */
  readonly chains: Readonly<Record<number, Readonly<Partial<Record<Color, readonly string[]>>>>>;
  /** The server's time of the last event that carries one (ms since the epoch): how long the match has waited since. */
  readonly lastAt: number | null;
  /** fair-dice-v2: the seeds of the games that have ended, by game number. */
  readonly gameSeeds: Readonly<Record<number, string>>;
  /** The seated players, each with their account's kind (`kind`: a record stored without one is given it as it is folded, player-kind.ts). */
  readonly players: Readonly<Record<Color, SeatedPlayer | null>>;
  readonly clientSeeds: Readonly<Record<Color, string | null>>;
  /** The rules state; in `waiting` and `seeding` it is the match before its first opening roll. */
  readonly state: MatchState;
  /** The roll log so far, in nonce order. */
  readonly rolls: readonly BundleRoll[];
  readonly ended: { readonly reason: EndReason; readonly winner: Color | null; readonly serverSeed: string } | null;
  /** null: untimed. */
  readonly timeControl: TimeControl | null;
  /** The clocks as of the last event (clock.ts); null for an untimed match. */
  readonly clock: MatchClock | null;
  /** The rematch asked for once the match is over. */
  readonly rematch: RematchState;
}

/** The rematch of a finished match: an offer pending (`offeredBy`), the last refusal, or the match it made. */
export interface RematchState {
  readonly offeredBy: Color | null;
  readonly declinedBy: Color | null;
  /** The new match, once an offer was accepted: both players' pages open it. */
  readonly matchId: string | null;
}

export const NO_REMATCH: RematchState = { offeredBy: null, declinedBy: null, matchId: null };

export function emptyMatchView(matchId: string): MatchView {
  return {
    matchId,
    version: 0,
    status: "waiting",
    matchLength: 1,
    visibility: "public",
    rated: false,
    commitment: "",
    diceProtocol: "fair-dice-v1",
    chainLength: null,
    pendingSalts: null,
    pendingRoll: null,
    chains: {},
    lastAt: null,
    gameSeeds: {},
    players: { white: null, black: null },
    clientSeeds: { white: null, black: null },
    state: newMatch({ matchLength: 1 }),
    rolls: [],
    ended: null,
    timeControl: null,
    clock: null,
    rematch: NO_REMATCH,
  };
}

/**
 * The view after `event`, stored as the next version. Events come from the server's append-only log, which only ever
 * holds events `decide` made, so an event that does not fit is a corrupted log: that throws. The server folds the
 * stored events, a client the published ones (a salt without its value): the same view, less the pending salts.
 */
export function evolve(view: MatchView, event: AnyMatchEvent): MatchView {
  return stamped(clocked(foldEvent(view, event), event), view.version + 1);
}

/**
 * `evolve` for an action whose resulting rules state `decide` already holds, because it has just asked
 * `apply(view.state, event.action)` itself: the same view, without checking the action a second time (a legal-play
 * search is the dearest step of a command). `state` must be that result; anything else is a programmer error.
 */
export function evolveChecked(view: MatchView, event: Extract<MatchEvent, { type: "action" }>, state: MatchState): MatchView {
  return stamped(clocked(withAction(view, event, state), event), view.version + 1);
}

/**
 * The clock after `event`, which `next` already holds: the time since the last event is charged to whoever the
 * match waited for, and the player it now waits for starts (clock.ts).
 */
function clocked(next: MatchView, event: AnyMatchEvent): MatchView {
  const at = "at" in event && typeof event.at === "number" ? event.at : null;
  const timed = at === null ? next : { ...next, lastAt: at };
  if (!timed.clock || at === null) return timed;
  // fair-dice-v3: once the roller's salt is in, the match waits for the opponent's value, and the opponent's clock
  // runs — a browser that withholds its reveal spends its own time, never the roller's (docs/fair-dice-v3.md, section 5).
  if (event.type === "salt-received") return { ...timed, clock: advanceClock(timed.clock, at, opponentOf(event.color)) };
  if (event.type !== "action" && event.type !== "ended") return timed;
  const waitingFor = timed.ended ? null : timed.state.turn;
  return { ...timed, clock: advanceClock(timed.clock, at, waitingFor) };
}

function stamped(next: MatchView, version: number): MatchView {
  return { ...next, version, status: statusOf(next) };
}

function withAction(view: MatchView, event: Extract<MatchEvent, { type: "action" }>, state: MatchState): MatchView {
  if (!event.roll) return { ...view, state };
  return { ...view, state, rolls: [...view.rolls, event.roll], pendingSalts: null, pendingRoll: null };
}

function foldEvent(view: MatchView, event: AnyMatchEvent): MatchView {
  switch (event.type) {
    case "created":
      return {
        ...view,
        matchLength: event.matchLength,
        visibility: event.visibility,
        rated: event.rated === true,
        commitment: event.commitment,
        diceProtocol: protocolOfCreated(event),
        chainLength: event.dice?.chainLength ?? null,
        players: { ...view.players, [event.creatorColor]: seatedPlayer(event.creator) },
        state: newMatch({ matchLength: event.matchLength }),
        timeControl: event.timeControl ?? null,
        clock: event.timeControl ? startClock(event.timeControl) : null,
      };
    case "joined":
      return { ...view, players: { ...view.players, [event.color]: seatedPlayer(event.player) } };
    case "seed":
      return { ...view, clientSeeds: { ...view.clientSeeds, [event.color]: event.clientSeed } };
    case "action": {
      const result = apply(view.state, event.action);
      if (!result.ok) throw new Error(`match ${view.matchId}: stored action refused (${describeFailure(result)})`);
      return withAction(view, event, result.value);
    }
    case "salt": {
      const pending = view.pendingSalts?.nonce === event.nonce ? view.pendingSalts : { nonce: event.nonce, from: [], salts: {} };
      const salts = "salt" in event ? { ...pending.salts, [event.color]: event.salt } : pending.salts;
      return { ...view, pendingSalts: { nonce: event.nonce, from: [...pending.from, event.color], salts } };
    }
    case "chain-committed": {
      const game = view.chains[event.game] ?? {};
      const heads = [...(game[event.color] ?? []), event.head];
      return { ...view, chains: { ...view.chains, [event.game]: { ...game, [event.color]: heads } } };
    }
    case "salt-received":
      return { ...view, pendingRoll: { nonce: event.nonce, roller: event.color, salt: event.salt, values: {} } };
    case "value-revealed": {
      const values = view.pendingRoll?.nonce === event.nonce ? view.pendingRoll.values : {};
      return { ...view, pendingRoll: { nonce: event.nonce, roller: null, salt: null, values: { ...values, [event.color]: event.value } } };
    }
    case "game-seed":
      return { ...view, gameSeeds: { ...view.gameSeeds, [event.game]: event.seed } };
    case "ended":
      return { ...view, ended: { reason: event.reason, winner: event.winner, serverSeed: event.serverSeed } };
    case "rematch-offered":
      return { ...view, rematch: { offeredBy: event.color, declinedBy: null, matchId: null } };
    case "rematch-declined":
      return { ...view, rematch: { offeredBy: null, declinedBy: event.color, matchId: null } };
    case "rematch-made":
      return { ...view, rematch: { offeredBy: event.offeredBy, declinedBy: null, matchId: event.matchId } };
  }
}

function statusOf(view: MatchView): MatchStatus {
  if (view.ended) return view.ended.reason === "cancelled" ? "aborted" : "finished";
  if (!view.players.white || !view.players.black) return "waiting";
  if (!view.clientSeeds.white || !view.clientSeeds.black) return "seeding";
  return "playing";
}

/** The seat `userId` holds in the match, if any. */
export function seatOf(view: MatchView, userId: string | null | undefined): Color | null {
  if (!userId) return null;
  if (view.players.white?.id === userId) return "white";
  if (view.players.black?.id === userId) return "black";
  return null;
}
