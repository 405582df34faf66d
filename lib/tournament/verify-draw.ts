/**
 * Checks a tournament's published draw against docs/tournaments.md (section 7), one named check at a time:
 * `commitment`, `entrants`, `first-round` and `later-rounds`. Each reports passed, failed (with the round and the
 * match where the published pairing differs), not yet revealed (the seed is secret until the start), or skipped.
 * Pure: the tournament page's "Verify the draw" and `npm run verify -- --tournament <id>` both run it.
 *
 * @example
 *   verifyDraw(record).verdict; // "verified" | "failed" | "not-yet-revealed"
 */
import { canonicalEntrants, drawCommitment, drawOrder, entrantsDigest, isDrawSeed } from "./draw";
import { firstKnockoutRound, nextKnockoutRound, type Pairing } from "./knockout";
import { firstSwissRound, pairSwissRound, type PlayedRound } from "./swiss";

export type TournamentFormat = "knockout" | "swiss";

/** A tournament's draw as published: what the verifier is given (the tournament page's JSON). */
export interface DrawRecord {
  readonly protocol: "tournament-draw-v1";
  readonly format: TournamentFormat;
  readonly commitment: string;
  /** Revealed at the start; null before. */
  readonly seed: string | null;
  /** The canonical list published when registration closed. */
  readonly entrants: readonly string[];
  readonly entrantsDigest: string;
  /** Rounds as published, in order; `winners` holds the winners known so far, match by match. */
  readonly rounds: readonly PlayedRound[];
  /** Players who withdrew, with the first round they are not paired in. */
  readonly withdrawals: readonly { readonly player: string; readonly fromRound: number }[];
}

export type DrawCheckId = "commitment" | "entrants" | "first-round" | "later-rounds";
export type DrawCheckStatus = "passed" | "failed" | "not-yet-revealed" | "skipped";

export interface DrawCheck {
  readonly id: DrawCheckId;
  readonly status: DrawCheckStatus;
  /** Where a failed check failed: the round (1-based) and the match (1-based), when it is about a pairing. */
  readonly round?: number;
  readonly match?: number;
}

export interface DrawReport {
  readonly checks: readonly DrawCheck[];
  readonly verdict: "verified" | "failed" | "not-yet-revealed";
}

function samePairing(a: Pairing | undefined, b: Pairing | undefined): boolean {
  return a !== undefined && b !== undefined && a.white === b.white && a.black === b.black;
}

/** The first match (1-based) where two rounds differ, or null when they are the same. */
function firstDifference(published: readonly Pairing[], computed: readonly Pairing[]): number | null {
  const length = Math.max(published.length, computed.length);
  for (let i = 0; i < length; i++) if (!samePairing(published[i], computed[i])) return i + 1;
  return null;
}

/** The winners of a finished round in match order, or null while a match of it has no winner. */
function winnersOf(round: PlayedRound): string[] | null {
  const winners = round.pairings.map((pairing, i) => (pairing.black === null ? pairing.white : round.winners[i]));
  return winners.every((w): w is string => w !== undefined && w !== null) ? winners : null;
}

export function verifyDraw(record: DrawRecord): DrawReport {
  const checks: DrawCheck[] = [];
  const revealed = record.seed !== null;
  checks.push({ id: "commitment", status: !revealed ? "not-yet-revealed" : isDrawSeed(record.seed) && drawCommitment(record.seed) === record.commitment ? "passed" : "failed" });
  const canonical = canonicalEntrants(record.entrants);
  const entrantsOk = canonical.ok && canonical.value.length >= 2 && canonical.value.join("\n") === record.entrants.join("\n") && entrantsDigest(canonical.value) === record.entrantsDigest;
  checks.push({ id: "entrants", status: entrantsOk ? "passed" : "failed" });

  if (!revealed || !entrantsOk || checks[0]?.status === "failed") {
    const status: DrawCheckStatus = checks.some((c) => c.status === "failed") ? "skipped" : "not-yet-revealed";
    checks.push({ id: "first-round", status }, { id: "later-rounds", status });
  } else {
    const order = drawOrder(record.seed as string, record.entrants);
    const first = record.format === "knockout" ? firstKnockoutRound(order) : firstSwissRound(order);
    const published = record.rounds[0];
    const differs = published ? firstDifference(published.pairings, first) : 1;
    checks.push(differs === null ? { id: "first-round", status: "passed" } : { id: "first-round", status: "failed", round: 1, match: differs });
    checks.push(laterRounds(record, order));
  }
  const verdict = checks.some((c) => c.status === "failed") ? "failed" : checks.some((c) => c.status !== "passed") ? "not-yet-revealed" : "verified";
  return { checks, verdict };
}

/** Rounds 2 onwards, each recomputed from the rounds before it. */
function laterRounds(record: DrawRecord, order: readonly string[]): DrawCheck {
  for (const [index, round] of record.rounds.entries()) {
    // A winner must be a player of their match (a bye's is its player).
    const wrong = round.winners.findIndex((winner, i) => {
      const pairing = round.pairings[i];
      return winner !== null && winner !== undefined && (pairing === undefined || (winner !== pairing.white && winner !== pairing.black));
    });
    if (wrong !== -1) return { id: "later-rounds", status: "failed", round: index + 1, match: wrong + 1 };
  }
  for (let r = 1; r < record.rounds.length; r++) {
    const before = record.rounds.slice(0, r);
    let computed: Pairing[];
    if (record.format === "knockout") {
      const winners = winnersOf(before[r - 1] as PlayedRound);
      if (winners === null) return { id: "later-rounds", status: "failed", round: r + 1, match: 1 };
      computed = nextKnockoutRound(winners);
    } else {
      const withdrawn = new Set(record.withdrawals.filter((w) => w.fromRound <= r + 1).map((w) => w.player));
      computed = pairSwissRound(order, before, withdrawn);
    }
    const differs = firstDifference((record.rounds[r] as PlayedRound).pairings, computed);
    if (differs !== null) return { id: "later-rounds", status: "failed", round: r + 1, match: differs };
  }
  return { id: "later-rounds", status: "passed" };
}
