/**
 * The match clock, derived from the event log alone: a timed match has a reserve per player for the whole match and
 * a Bronstein delay per turn. Every action and end event carries the server's time (`at`, ms since the epoch); the
 * interval from one event to the next is charged to the player the match was waiting for (the rules state's `turn`:
 * the player on roll deciding to double or roll and then moving, the taker of an offered double, the answerer of a
 * resignation). Nobody is charged while the server rolls an opening or between games, so a dice roll or the
 * opponent's decision is never charged to the wrong side.
 *
 * Bronstein delay: each turn of a player — the unbroken stretch while the match waits for them, from their roll
 * decision through their move, or one cube or resignation answer — first spends up to `delayMs`, and only what goes
 * beyond it comes off the reserve. Unused delay is not banked. The server folds the same events as the browser, so
 * the clocks survive a restart and a reconnection exactly; the server alone decides when a flag falls.
 *
 * @example
 *   let clock = startClock({ reserveMs: 60_000, delayMs: 5_000 });
 *   clock = advanceClock(clock, 1_000, "white");  // white to act from t=1 s
 *   clock = advanceClock(clock, 9_000, "black");  // white spent 8 s: 5 s of delay, 3 s of reserve
 *   clock.reserve.white;                           // 57_000
 *   flagFall(clock);                               // { color: "black", at: 9_000 + 5_000 + 60_000 }
 */
import type { Color } from "../engine/types";

export interface TimeControl {
  /** Each player's reserve for the whole match, in milliseconds. */
  readonly reserveMs: number;
  /** The Bronstein delay of each turn, in milliseconds. */
  readonly delayMs: number;
}

export interface RunningClock {
  readonly color: Color;
  /** When the player began to be charged (the last event's `at`). */
  readonly since: number;
  /** The delay of this turn not yet spent at `since`. */
  readonly delayLeft: number;
}

export interface MatchClock {
  readonly control: TimeControl;
  /** What each player's reserve held at the last event. */
  readonly reserve: Readonly<Record<Color, number>>;
  /** Who is being charged since the last event; null when the match waits for nobody. */
  readonly running: RunningClock | null;
}

export function startClock(control: TimeControl): MatchClock {
  return { control, reserve: { white: control.reserveMs, black: control.reserveMs }, running: null };
}

/** What `running` has spent of its delay and reserve after `elapsed` ms of its turn. */
function spend(clock: MatchClock, running: RunningClock, elapsed: number): { readonly delayLeft: number; readonly reserve: number } {
  const fromDelay = Math.min(running.delayLeft, elapsed);
  const fromReserve = Math.min(clock.reserve[running.color], elapsed - fromDelay);
  return { delayLeft: running.delayLeft - fromDelay, reserve: clock.reserve[running.color] - fromReserve };
}

/**
 * The clock after an event stored at `at`: the interval since the last event is charged to whoever was acting, and
 * `next` (the player the match now waits for, or null) acts from `at`. The same player acting again (a roll, then the
 * move) continues the same turn and its delay; another player starts a turn with a full delay.
 */
export function advanceClock(clock: MatchClock, at: number, next: Color | null): MatchClock {
  const { running } = clock;
  let reserve = clock.reserve;
  let carried: number | null = null;
  if (running) {
    const spent = spend(clock, running, Math.max(0, at - running.since));
    reserve = { ...reserve, [running.color]: spent.reserve };
    carried = spent.delayLeft;
  }
  if (next === null) return { ...clock, reserve, running: null };
  const delayLeft = running && running.color === next && carried !== null ? carried : clock.control.delayMs;
  return { ...clock, reserve, running: { color: next, since: at, delayLeft } };
}

export interface ClockReading {
  /** The reserve left, in ms (never below 0). */
  readonly reserve: number;
  /** The delay of the current turn left, in ms; 0 for the player not acting. */
  readonly delay: number;
  readonly running: boolean;
}

/** Both players' clocks as they stand at `now` (the server's time; a browser adds its offset to the server first). */
export function readClock(clock: MatchClock, now: number): Readonly<Record<Color, ClockReading>> {
  const reading = (color: Color): ClockReading => {
    const { running } = clock;
    if (!running || running.color !== color) return { reserve: clock.reserve[color], delay: 0, running: false };
    const spent = spend(clock, running, Math.max(0, now - running.since));
    return { reserve: spent.reserve, delay: spent.delayLeft, running: true };
  };
  return { white: reading("white"), black: reading("black") };
}

/** When the acting player's reserve runs out if they do not act: their delay, then all their reserve. */
export function flagFall(clock: MatchClock): { readonly color: Color; readonly at: number } | null {
  const { running } = clock;
  if (!running) return null;
  return { color: running.color, at: running.since + running.delayLeft + clock.reserve[running.color] };
}

/** "1:05", "0:04" — minutes and seconds, rounded up so a clock shows 0:00 only when it has run out. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** "5 min + 8 s delay", "untimed" — for the lobby and the match facts. */
export function describeTimeControl(control: TimeControl | null): string {
  if (!control) return "untimed";
  const reserve = control.reserveMs % 60_000 === 0 ? `${control.reserveMs / 60_000} min` : `${Math.round(control.reserveMs / 1000)} s`;
  return `${reserve} + ${Math.round(control.delayMs / 1000)} s delay`;
}
