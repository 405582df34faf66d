/**
 * A Swiss tournament's rounds (docs/tournaments.md, section 5): round 1 from the draw order, then standings by
 * points, Buchholz and draw number, and each later round paired from them with no randomness — the bye to the lowest
 * player without one, then a depth-first search for pairings without rematches (with rematches only if none exists).
 *
 * @example
 *   const round1 = firstSwissRound(order);
 *   const played = [{ pairings: round1, winners: ["a", "d", "e"] }];
 *   swissStandings(order, played);             // [{ player: "a", points: 1, buchholz: 0, number: 1 }, …]
 *   pairSwissRound(order, played, new Set());  // round 2
 */
import type { Pairing } from "./knockout";

/** A round as played: its pairings and, match by match, the winner (a bye's winner is its player). */
export interface PlayedRound {
  readonly pairings: readonly Pairing[];
  readonly winners: readonly string[];
}

export interface Standing {
  readonly player: string;
  readonly points: number;
  readonly buchholz: number;
  /** The player's number in the draw order (1 = first). */
  readonly number: number;
}

/** Round 1: numbers 1 and 2, 3 and 4, …; with an odd field the last of the order has the bye. */
export function firstSwissRound(order: readonly string[]): Pairing[] {
  const pairings: Pairing[] = [];
  for (let i = 0; i < order.length; i += 2) pairings.push({ white: order[i] as string, black: order[i + 1] ?? null });
  return pairings;
}

/** Everyone's standing after the rounds given, best first: points, then Buchholz, then the draw number. */
export function swissStandings(order: readonly string[], rounds: readonly PlayedRound[]): Standing[] {
  const points = new Map(order.map((player) => [player, 0]));
  const opponents = new Map(order.map((player) => [player, [] as string[]]));
  for (const round of rounds) {
    round.pairings.forEach((pairing, index) => {
      const winner = round.winners[index];
      if (winner !== undefined) points.set(winner, (points.get(winner) ?? 0) + 1);
      if (pairing.black !== null) {
        opponents.get(pairing.white)?.push(pairing.black);
        opponents.get(pairing.black)?.push(pairing.white);
      }
    });
  }
  const rows = order.map((player, index) => ({
    player,
    points: points.get(player) ?? 0,
    buchholz: (opponents.get(player) ?? []).reduce((sum, opponent) => sum + (points.get(opponent) ?? 0), 0),
    number: index + 1,
  }));
  return rows.sort((a, b) => b.points - a.points || b.buchholz - a.buchholz || a.number - b.number);
}

/** Who met whom, as "a|b" keys both ways round. */
function meetings(rounds: readonly PlayedRound[]): Set<string> {
  const met = new Set<string>();
  for (const round of rounds) {
    for (const { white, black } of round.pairings) {
      if (black === null) continue;
      met.add(`${white}|${black}`).add(`${black}|${white}`);
    }
  }
  return met;
}

/** The players who had a bye. */
function byes(rounds: readonly PlayedRound[]): Set<string> {
  return new Set(rounds.flatMap((round) => round.pairings.filter((p) => p.black === null).map((p) => p.white)));
}

/** Depth-first pairing of `players` (in standings order), as section 5 step 2 walks it; null when none exists. */
function searchPairings(players: readonly string[], met: ReadonlySet<string>, allowRematch: boolean): Pairing[] | null {
  const paired = new Set<string>();
  const pairs: Pairing[] = [];
  const go = (): boolean => {
    const p = players.find((player) => !paired.has(player));
    if (p === undefined) return true;
    paired.add(p);
    for (const q of players) {
      if (paired.has(q) || (!allowRematch && met.has(`${p}|${q}`))) continue;
      paired.add(q);
      pairs.push({ white: p, black: q });
      if (go()) return true;
      pairs.pop();
      paired.delete(q);
    }
    paired.delete(p);
    return false;
  };
  return go() ? pairs : null;
}

/**
 * The next round (2 or later) from the rounds played, over the players not in `withdrawn`: the pairs in standings
 * order of their white player, then the bye, if any.
 */
export function pairSwissRound(order: readonly string[], rounds: readonly PlayedRound[], withdrawn: ReadonlySet<string>): Pairing[] {
  const players = swissStandings(order, rounds).map((row) => row.player).filter((player) => !withdrawn.has(player));
  let bye: string | null = null;
  if (players.length % 2 === 1) {
    const had = byes(rounds);
    bye = [...players].reverse().find((player) => !had.has(player)) ?? (players.at(-1) as string);
    players.splice(players.indexOf(bye), 1);
  }
  const met = meetings(rounds);
  const pairs = searchPairings(players, met, false) ?? searchPairings(players, met, true) ?? [];
  return bye === null ? pairs : [...pairs, { white: bye, black: null }];
}
