/**
 * A whole tournament's published draw, played out with winners chosen by the caller: for the test vectors
 * (scripts/tournament-draw-vectors.ts), the independent verifier's cross-check, and the tests. Pure: the caller's
 * `winner` decides every match (tests pass a seeded generator).
 *
 * @example
 *   const record = simulateTournament({ seed, entrants, format: "swiss", rounds: 3 }, (pairing) => pairing.white);
 *   verifyDraw(record).verdict; // "verified"
 */
import { canonicalEntrants, drawCommitment, drawOrder, entrantsDigest } from "./draw";
import { firstKnockoutRound, nextKnockoutRound, type Pairing } from "./knockout";
import { firstSwissRound, pairSwissRound, type PlayedRound } from "./swiss";
import type { DrawRecord, TournamentFormat } from "./verify-draw";

export interface TournamentPlan {
  readonly seed: string;
  readonly entrants: readonly string[];
  readonly format: TournamentFormat;
  /** Swiss only: how many rounds. A knockout runs until one player is left. */
  readonly rounds?: number;
  /** Swiss only: players who withdraw, with the first round they miss. */
  readonly withdrawals?: readonly { readonly player: string; readonly fromRound: number }[];
}

export function simulateTournament(plan: TournamentPlan, winner: (pairing: Pairing) => string): DrawRecord {
  const canonical = canonicalEntrants(plan.entrants);
  if (!canonical.ok) throw new Error("simulateTournament: bad entrant ids");
  const entrants = canonical.value;
  const order = drawOrder(plan.seed, entrants);
  const withdrawals = plan.withdrawals ?? [];
  const play = (pairings: Pairing[]): PlayedRound => ({ pairings, winners: pairings.map((p) => (p.black === null ? p.white : winner(p))) });
  const rounds: PlayedRound[] = [];
  if (plan.format === "knockout") {
    let round = play(firstKnockoutRound(order));
    rounds.push(round);
    while (round.winners.length > 1) {
      round = play(nextKnockoutRound(round.winners));
      rounds.push(round);
    }
  } else {
    rounds.push(play(firstSwissRound(order)));
    for (let r = 2; r <= (plan.rounds ?? 1); r++) {
      const withdrawn = new Set(withdrawals.filter((w) => w.fromRound <= r).map((w) => w.player));
      rounds.push(play(pairSwissRound(order, rounds, withdrawn)));
    }
  }
  return {
    protocol: "tournament-draw-v1",
    format: plan.format,
    commitment: drawCommitment(plan.seed),
    seed: plan.seed,
    entrants,
    entrantsDigest: entrantsDigest(entrants),
    rounds,
    withdrawals,
  };
}
