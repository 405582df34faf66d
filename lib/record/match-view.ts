/**
 * A match as everyone may see it, rebuilt by folding its events. The server keeps one per live match (derivable, so
 * never the only copy) and the browser's store keeps one fed by the socket.
 *
 * @example
 *   let view = emptyMatchView("m1");
 *   for (const { version, event } of events) view = applyMatchEvent(view, version, event);
 *   view.status; // "playing"
 */
import type { BundleRoll } from "../dice/types";
import { apply } from "../engine/match";
import { newMatch, type MatchState } from "../engine/match-state";
import type { Color } from "../engine/types";
import { advanceClock, startClock, type MatchClock, type TimeControl } from "./clock";
import type { EndReason, MatchEvent, PlayerInfo, Visibility } from "./match-events";

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
  readonly players: Readonly<Record<Color, PlayerInfo | null>>;
  readonly clientSeeds: Readonly<Record<Color, string | null>>;
  /** The rules state; in `waiting` and `seeding` it is the match before its first opening roll. */
  readonly state: MatchState;
  /** The roll log so far, in nonce order. */
  readonly rolls: readonly BundleRoll[];
  readonly ended: { readonly reason: EndReason; readonly winner: Color | null; readonly serverSeed: string; readonly detail: string } | null;
  /** null: untimed. */
  readonly timeControl: TimeControl | null;
  /** The clocks as of the last event (lib/record/clock.ts); null for an untimed match. */
  readonly clock: MatchClock | null;
}

export function emptyMatchView(matchId: string): MatchView {
  return {
    matchId,
    version: 0,
    status: "waiting",
    matchLength: 1,
    visibility: "public",
    rated: false,
    commitment: "",
    players: { white: null, black: null },
    clientSeeds: { white: null, black: null },
    state: newMatch({ matchLength: 1 }),
    rolls: [],
    ended: null,
    timeControl: null,
    clock: null,
  };
}

/**
 * Applies the event stored as `version`. Events come from the server's append-only log, which only ever holds events
 * the server checked, so an event that does not fit is a corrupted log: that throws.
 */
export function applyMatchEvent(view: MatchView, version: number, event: MatchEvent): MatchView {
  assertFollows(view, version);
  return stamped(clocked(foldEvent(view, event), event), version);
}

/**
 * applyMatchEvent for an action whose resulting rules state the caller already holds, because it has just asked
 * `apply(view.state, event.action)` itself (the match server, deciding a command): the same view, without checking
 * the action a second time. `state` must be that result; anything else is a programmer error.
 */
export function applyCheckedAction(view: MatchView, version: number, event: Extract<MatchEvent, { type: "action" }>, state: MatchState): MatchView {
  assertFollows(view, version);
  return stamped(clocked(withAction(view, event, state), event), version);
}

/**
 * The clock after `event`, which `next` already holds: the time since the last event is charged to whoever the
 * match waited for, and the player it now waits for starts (lib/record/clock.ts).
 */
function clocked(next: MatchView, event: MatchEvent): MatchView {
  if (!next.clock || (event.type !== "action" && event.type !== "ended") || event.at === undefined) return next;
  const waitingFor = next.ended ? null : next.state.turn;
  return { ...next, clock: advanceClock(next.clock, event.at, waitingFor) };
}

function assertFollows(view: MatchView, version: number): void {
  if (version !== view.version + 1) {
    throw new Error(`match ${view.matchId}: event version ${version} does not follow ${view.version}`);
  }
}

function stamped(next: MatchView, version: number): MatchView {
  return { ...next, version, status: statusOf(next) };
}

function withAction(view: MatchView, event: Extract<MatchEvent, { type: "action" }>, state: MatchState): MatchView {
  return { ...view, state, rolls: event.roll ? [...view.rolls, event.roll] : view.rolls };
}

function foldEvent(view: MatchView, event: MatchEvent): MatchView {
  switch (event.type) {
    case "created":
      return {
        ...view,
        matchLength: event.matchLength,
        visibility: event.visibility,
        rated: event.rated === true,
        commitment: event.commitment,
        players: { ...view.players, [event.creatorColor]: event.creator },
        state: newMatch({ matchLength: event.matchLength }),
        timeControl: event.timeControl ?? null,
        clock: event.timeControl ? startClock(event.timeControl) : null,
      };
    case "joined":
      return { ...view, players: { ...view.players, [event.color]: event.player } };
    case "seed":
      return { ...view, clientSeeds: { ...view.clientSeeds, [event.color]: event.clientSeed } };
    case "action": {
      const result = apply(view.state, event.action);
      if (!result.ok) throw new Error(`match ${view.matchId}: stored action refused (${result.code}: ${result.message})`);
      return withAction(view, event, result.value);
    }
    case "ended":
      return { ...view, ended: { reason: event.reason, winner: event.winner, serverSeed: event.serverSeed, detail: event.detail } };
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
