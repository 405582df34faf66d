/**
 * Match ratings by the FIBS formula, the one backgammon servers have used since 1993 (FIBS `help formula`, quoted in
 * the rec.games.backgammon FAQ, section "FIBS ratings", https://www.bkgm.com/rgb/rgb.cgi?view+1093):
 *
 *   D = |r1 − r2|;  P_upset = 1 / (10^(D·√n / 2000) + 1)   (the underdog wins an n-point match)
 *   P = 1 − P_upset if the underdog wins, P = P_upset if the favourite wins
 *   K = max(1, 5 − experience / 100)                    (each player's own experience)
 *   winner: +4·K·√n·P      loser: −4·K·√n·P
 *
 * "Experience" is the sum of the lengths of the matches a player has finished; everyone starts at 1500 with 0. The
 * √n makes a long match count for more and makes the favourite's chance grow with the length, as skill does. K lets a
 * newcomer reach their level quickly; it is 1 from 400 points of experience on. The FIBS text uses the experience
 * before the match (later clients such as MacFIBS add n first); this follows the server's own help text.
 *
 * @example
 *   const { winner, loser } = rateMatch({ rating: 1500, experience: 0 }, { rating: 1500, experience: 0 }, 5);
 *   winner.rating; // 1500 + 4·5·√5·0.5 = 1522.36…
 */

export const INITIAL_RATING = 1500;

export interface Rated {
  readonly rating: number;
  /** The sum of the lengths of the rated matches finished so far. */
  readonly experience: number;
}

/** The chance that a player rated `rating` wins an n-point match against one rated `opponent` (FIBS's P). */
export function winProbability(rating: number, opponent: number, matchLength: number): number {
  // 1 / (10^((opponent − rating)·√n/2000) + 1): P_upset for the underdog, 1 − P_upset for the favourite.
  return 1 / (10 ** (((opponent - rating) * Math.sqrt(matchLength)) / 2000) + 1);
}

/** How much faster a player with little experience moves: 5 for a newcomer, falling to 1 at 400 points. */
export function experienceFactor(experience: number): number {
  return Math.max(1, 5 - experience / 100);
}

export interface RatedResult {
  readonly winner: Rated & { readonly change: number };
  readonly loser: Rated & { readonly change: number };
}

/** Both players after a rated n-point match: the winner gains, the loser loses, each scaled by their own K. */
export function rateMatch(winner: Rated, loser: Rated, matchLength: number): RatedResult {
  if (!Number.isInteger(matchLength) || matchLength < 1) throw new RangeError(`a match length is a positive integer, not ${matchLength}`);
  // The chance the winner had of losing: a favourite's win moves little, an upset moves a lot.
  const surprise = 1 - winProbability(winner.rating, loser.rating, matchLength);
  const stake = 4 * Math.sqrt(matchLength) * surprise;
  const gain = experienceFactor(winner.experience) * stake;
  const loss = experienceFactor(loser.experience) * stake;
  return {
    winner: { rating: winner.rating + gain, experience: winner.experience + matchLength, change: gain },
    loser: { rating: loser.rating - loss, experience: loser.experience + matchLength, change: -loss },
  };
}
