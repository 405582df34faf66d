/**
 * Who plays whom in the matchmaking queue: players who want the same match length, the same clock (or both none),
 * rated or not, and whose ratings
 * are close enough for both of them. "Close enough" widens with the time a player has waited — 50 points at once,
 * 50 more every 10 seconds, up to 400 — so a player near the middle is paired at once and one far from everybody
 * still gets a game within a little over a minute. A pair must be inside BOTH players' windows: someone who has
 * just joined is not handed an opponent 300 points away because that opponent has waited long.
 *
 * Pairing is greedy and deterministic: the longest-waiting player first (ties by id), with the closest-rated
 * acceptable partner (ties: the longer-waiting one, then by id). Pure: the queue and the time come in.
 *
 * @example
 *   const pairs = pairPlayers(entries, Date.now());
 *   pairs[0]; // [{ userId: "ada", … }, { userId: "bob", … }]: start a match between them
 */

export interface TimeControlWish {
  readonly reserveMs: number;
  readonly delayMs: number;
}

function sameClock(a: TimeControlWish | null, b: TimeControlWish | null): boolean {
  return a === null || b === null ? a === b : a.reserveMs === b.reserveMs && a.delayMs === b.delayMs;
}

export interface QueueEntry {
  readonly userId: string;
  /** The rating the player queued with (1500 for a guest in the unrated queue). */
  readonly rating: number;
  readonly matchLength: number;
  readonly rated: boolean;
  /** The clock they want (reserve and delay per move, ms); null: untimed. Only equal wishes are paired. */
  readonly timeControl: TimeControlWish | null;
  /** When the player joined the queue, ms since the epoch. */
  readonly joinedAt: number;
}

export const BASE_WINDOW = 50;
export const WINDOW_GROWTH = 50;
export const WINDOW_GROWTH_EVERY_MS = 10_000;
export const MAX_WINDOW = 400;

/** How far from their own rating a player who has waited `waitedMs` accepts an opponent. */
export function ratingWindow(waitedMs: number): number {
  const steps = Math.floor(Math.max(0, waitedMs) / WINDOW_GROWTH_EVERY_MS);
  return Math.min(MAX_WINDOW, BASE_WINDOW + steps * WINDOW_GROWTH);
}

/** Whether `a` and `b` may be paired at `now`. */
export function compatible(a: QueueEntry, b: QueueEntry, now: number): boolean {
  if (a.userId === b.userId || a.matchLength !== b.matchLength || a.rated !== b.rated || !sameClock(a.timeControl, b.timeControl)) return false;
  const gap = Math.abs(a.rating - b.rating);
  return gap <= ratingWindow(now - a.joinedAt) && gap <= ratingWindow(now - b.joinedAt);
}

const byWait = (a: QueueEntry, b: QueueEntry) => a.joinedAt - b.joinedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** The pairs to start now; each entry is in at most one. Entries not paired stay in the queue. */
export function pairPlayers(entries: readonly QueueEntry[], now: number): readonly (readonly [QueueEntry, QueueEntry])[] {
  const waiting = [...entries].sort(byWait);
  const taken = new Set<QueueEntry>();
  const pairs: [QueueEntry, QueueEntry][] = [];
  for (const player of waiting) {
    if (taken.has(player)) continue;
    let best: QueueEntry | null = null;
    for (const other of waiting) {
      if (other === player || taken.has(other) || !compatible(player, other, now)) continue;
      if (best === null || Math.abs(other.rating - player.rating) < Math.abs(best.rating - player.rating)) best = other;
    }
    if (best) {
      taken.add(player);
      taken.add(best);
      pairs.push([player, best]);
    }
  }
  return pairs;
}
