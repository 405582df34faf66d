/**
 * Server-side verification (fair-dice-v1, v2 or v3, as each match was created) of stored matches for the admin console: the audit bundle from the roll log
 * and the seed row, the game record from the match's rules actions (`recordTurnsOf`), both through lib/dice `verify`
 * — the same checks a player runs in the browser. Only matches whose seed is revealed are read; the sealed seed is
 * never selected.
 *
 * @example
 *   const checked = await verifyRevealedMatches(db, ids); // the revealed ones, in the order given
 *   checked[0]?.report.verdict;                           // "verified" | "failed" | …
 */
import { english } from "@/i18n/english";
import { checkDetail, checkPlace, checkTitle } from "@/i18n/verify-english";
import { randomBytes } from "node:crypto";
import { proofKeyEntry, type VerifyReport } from "@/lib/dice";
import { verifyBundle } from "@/lib/record/verify-bundle";
import { emptyMatchView, evolve } from "@/lib/match/view";
import { signedProof } from "@/server/record/signed-proof";
import { proofKeyFromSeed } from "@/server/vault/proof-key";
import { recordTurnsOf } from "@/lib/record";
import { type MatchEvent, type PlayerInfo } from "@/lib/match";
import { BUNDLE_ROLL_COLUMNS, bundleEventsOf, bundleFromRows, COMPUTER_SEAT_COLUMNS, computerSeatOf, type BundleRollRow, type MatchBundle } from "@/server/db/bundle-rows";
import type { Db } from "@/server/db/client";
import { readSnapshot, type Tx } from "@/server/db/transaction";
import type { JsonValue } from "@/server/db/types";
import { decodeEvent } from "@/server/db/event-codec";

export interface MatchVerification {
  readonly matchId: string;
  /**
   * A fair-dice-v3 match's report (lib/dice `verifyV3`) is shown as a v1 or v2 one: the console's pages word each
   * check by its id from the same catalogue (`verifyReport.title.*`), which has v3's ids too.
   */
  readonly report: VerifyReport;
  readonly rolls: number;
  /** Set when the stored record could not be replayed (check 5 then did not run). */
  readonly recordError: string | null;
}

/** The columns of MatchSeed the console may read: never ciphertext, iv or tag. */
export const PUBLIC_SEED_COLUMNS = {
  commitment: true,
  whiteClientSeed: true,
  blackClientSeed: true,
  revealedSeed: true,
  revealedAt: true,
  chainLength: true,
} as const;

export interface StoredRecord {
  readonly bundle: MatchBundle;
  readonly events: readonly MatchEvent[];
}

// recordTurnsOf needs the match length and the rules actions only; names do not matter here.
const anonymous = (id: string): PlayerInfo => ({ id, name: id, isGuest: false });

/**
 * The bundles and decoded events of those of `matchIds` whose seed is revealed, read in `tx` with three queries
 * whatever their number; matches whose seed is still secret are left out.
 */
export async function readRevealedRecords(tx: Tx, matchIds: readonly string[]): Promise<Map<string, StoredRecord>> {
  const seeds = await tx.matchSeed.findMany({
    where: { matchId: { in: [...matchIds] }, revealedSeed: { not: null }, whiteClientSeed: { not: null }, blackClientSeed: { not: null } },
    select: { matchId: true, ...PUBLIC_SEED_COLUMNS, match: { select: { matchLength: true, ...COMPUTER_SEAT_COLUMNS } } },
  });
  const ids = seeds.map((seed) => seed.matchId);
  const rolls = await tx.rollLog.findMany({
    where: { matchId: { in: ids } },
    orderBy: [{ matchId: "asc" }, { nonce: "asc" }],
    select: { matchId: true, ...BUNDLE_ROLL_COLUMNS },
  });
  const rows = await tx.matchEvent.findMany({
    where: { matchId: { in: ids } },
    orderBy: [{ matchId: "asc" }, { sequence: "asc" }],
    select: { matchId: true, sequence: true, type: true, payload: true, actorId: true, createdAt: true },
  });
  const rollsOf = new Map<string, BundleRollRow[]>(ids.map((id) => [id, []]));
  for (const { matchId, ...roll } of rolls) rollsOf.get(matchId)?.push(roll);
  const eventsOf = new Map<string, MatchEvent[]>(ids.map((id) => [id, []]));
  for (const { matchId, ...row } of rows) {
    eventsOf.get(matchId)?.push(decodeEvent(matchId, { ...row, payload: JSON.parse(row.payload) as JsonValue }, anonymous));
  }
  return new Map(
    seeds.map((seed): [string, StoredRecord] => {
      const events = eventsOf.get(seed.matchId) ?? [];
      const bundle = bundleFromRows(seed, seed.match.matchLength, rollsOf.get(seed.matchId) ?? [], bundleEventsOf(events), computerSeatOf(seed.match));
      return [seed.matchId, { events, bundle }];
    }),
  );
}

/** The bundle and decoded events of a revealed match, read in `tx`; null when the seed is not revealed. */
export async function readRevealedRecord(tx: Tx, matchId: string): Promise<StoredRecord | null> {
  return (await readRevealedRecords(tx, [matchId])).get(matchId) ?? null;
}

/**
 * The console checks the stored log as the site serves it — a fair-dice-v2 bundle with its seats, end and record
 * digest (server/record/signed-proof.ts), so that the completeness and record-moves checks run on the rows. A signature
 * the server makes and checks itself would prove nothing, so it is made with a throwaway key of this process: only to
 * take the same verifier to a verdict. The site's real signature is what players check.
 */
const CONSOLE_KEY = proofKeyFromSeed(new Uint8Array(randomBytes(32)));
const CONSOLE_KEYS = [proofKeyEntry(CONSOLE_KEY.publicKey, "console")];

/** Runs every check of the match's protocol on a stored record. */
export function verifyRecord({ bundle, events }: StoredRecord): MatchVerification {
  let record: ReturnType<typeof recordTurnsOf> | undefined;
  let recordError: string | null = null;
  let proof: MatchBundle = bundle;
  try {
    record = recordTurnsOf(events);
    const view = events.reduce(evolve, emptyMatchView(bundle.matchId));
    proof = signedProof(bundle, { view, events }, CONSOLE_KEY);
  } catch (error) {
    recordError = error instanceof Error ? error.message : String(error);
  }
  return { matchId: bundle.matchId, report: verifyBundle(proof, record, { keys: CONSOLE_KEYS }) as VerifyReport, rolls: bundle.rolls.length, recordError };
}

/** Verifies those of `matchIds` whose seed is revealed, in the order given, from one consistent read. */
export async function verifyRevealedMatches(db: Db, matchIds: readonly string[]): Promise<MatchVerification[]> {
  const stored = await readSnapshot(db, (tx) => readRevealedRecords(tx, matchIds));
  return matchIds.flatMap((id) => {
    const record = stored.get(id);
    return record ? [verifyRecord(record)] : [];
  });
}

/** Failures first, then incomplete, then verified; newest input order kept within each group. */
export function failuresFirst<T extends { readonly report: VerifyReport }>(results: readonly T[]): T[] {
  const rank = (result: T) => (result.report.verdict === "failed" ? 0 : result.report.verdict === "verified" ? 2 : 1);
  return results.map((result, i) => ({ result, i })).sort((a, b) => rank(a.result) - rank(b.result) || a.i - b.i).map(({ result }) => result);
}

/**
 * One English sentence per failed check, with where it failed, and why the record could not be checked if it could
 * not: for logs, scripts and tests. Pages word the same in the reader's language (`CheckSentence`, each check's `say`).
 */
export function failureSentences(result: MatchVerification): string[] {
  const sentences = result.report.checks
    .filter((check) => check.status === "failed")
    .map((check) => {
      const place = checkPlace(check);
      return english("verifyReport.sentence", { title: checkTitle(check.id), where: place ? ` ${english("verifyReport.at", { where: place })}` : "", detail: checkDetail(check) });
    });
  return result.recordError ? [...sentences, english("admin.verification.recordError", { message: result.recordError })] : sentences;
}
