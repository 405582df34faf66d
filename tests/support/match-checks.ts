/**
 * What every stress test checks about a match once it is over, independently of the server that played it: the
 * stored events and roll log read back from the database, compared with what each client saw, and the audit bundle
 * verified with lib/dice.
 *
 * @example
 *   const stored = await readStoredMatch(db, matchId);
 *   expectIntactLog(stored);
 *   expectClientsSawTheLog(stored, [white, black, spectator]);
 *   await expectAuditVerifies(serverUrl, matchId);
 *   await expectFinishedMatchWhole(db, serverUrl, matchId, [white, black]);   // all of it, after a fault
 */
import { fetchProofKeys } from "./proof-keys";
import { expect } from "vitest";
import { type AuditBundle, type AuditBundleV2, type BundleRoll, type RecordTurn } from "@/lib/dice";
import { verifyBundle } from "@/lib/record/verify-bundle";
import type { MatchEventMessage } from "@/lib/protocol";
import type { MatchView } from "@/lib/match";
import { publishedEvent, publicView } from "@/lib/match/published";
import type { Db } from "@/server/db/client";
import { loadMatch } from "@/server/db/match-read";
import type { RollRow, SeedState } from "@/server/db/types";
import { loadLiveMatch, type VersionedEvent } from "@/server/match/live-match";
import { waitFor } from "./wait-for";

export interface StoredMatch {
  readonly matchId: string;
  readonly version: number;
  readonly view: MatchView;
  readonly events: readonly VersionedEvent[];
  /** Each event's actor (null: written by the server by itself). */
  readonly actors: readonly (string | null)[];
  readonly rolls: readonly RollRow[];
  readonly seed: SeedState;
}

/** What a client keeps of a match: the events it received and the view it ended with. */
export interface MatchObserver {
  readonly events: readonly MatchEventMessage[];
  readonly view: MatchView | null;
}

/**
 * Reads a match once it is still: a match may still be moving when a test reads it (the computer answers a player
 * who has just left), and the row, the events and the roll log are read in separate queries — so the read is taken
 * only when the match's version is the same before and after it.
 */
export async function readStoredMatch(db: Db, matchId: string): Promise<StoredMatch> {
  let stored = null as StoredMatch | null;
  await waitFor(
    async () => {
      const loaded = await loadMatch(db, matchId);
      const live = await loadLiveMatch(db, matchId);
      const after = await loadMatch(db, matchId);
      if (!loaded || !live || !after) throw new Error(`no match ${matchId} in the database`);
      if (after.match.version === loaded.match.version) stored = storedMatchOf(matchId, loaded, live);
      return stored !== null;
    },
    `match ${matchId} to stand still long enough to be read`,
    { timeoutMs: 10_000, intervalMs: 20 },
  );
  return stored!;
}

function storedMatchOf(
  matchId: string,
  loaded: NonNullable<Awaited<ReturnType<typeof loadMatch>>>,
  live: NonNullable<Awaited<ReturnType<typeof loadLiveMatch>>>,
): StoredMatch {
  return {
    matchId,
    version: loaded.match.version,
    view: live.live.view,
    events: live.events,
    actors: loaded.events.map((row) => row.actorId),
    rolls: loaded.rolls,
    seed: loaded.seed,
  };
}

/**
 * A roll-log row as the event that logged it carries it (with its salts, for a fair-dice-v2 match; with its salts —
 * `{}` for an opening roll — and its chain values, for a fair-dice-v3 one).
 */
function bundleRollOf(row: RollRow): BundleRoll {
  const roll = { nonce: row.nonce, game: row.game, kind: row.kind, player: row.player, dice: [row.die1, row.die2] as const };
  const salts = { ...(row.whiteSalt && { white: row.whiteSalt }), ...(row.blackSalt && { black: row.blackSalt }) };
  if (row.whiteValue || row.blackValue) return { ...roll, salts, values: { ...(row.whiteValue && { white: row.whiteValue }), ...(row.blackValue && { black: row.blackValue }) } };
  if (!row.whiteSalt && !row.blackSalt) return roll;
  return { ...roll, salts };
}

/**
 * Event sequences 1..n with n the match's version, roll nonces 0..m-1, and every logged roll carried by exactly one
 * stored event with the same dice (none lost, none repeated, none logged without its event).
 */
export function expectIntactLog(stored: StoredMatch): void {
  const { matchId } = stored;
  expect(stored.events.map((e) => e.version), `${matchId}: event sequences`).toEqual(Array.from({ length: stored.version }, (_, i) => i + 1));
  expect(stored.rolls.map((r) => r.nonce), `${matchId}: roll nonces`).toEqual(Array.from({ length: stored.rolls.length }, (_, i) => i));
  const carried = stored.events.flatMap(({ event }) => (event.type === "action" && event.roll ? [event.roll] : []));
  expect(carried, `${matchId}: rolls in the events = the roll log`).toEqual(stored.rolls.map(bundleRollOf));
}

/**
 * Every event a client received is the stored event of that version as published (an opening salt without its value),
 * received once and in order, and the client ended with the view the database rebuilds, as published.
 */
export function expectClientsSawTheLog(stored: StoredMatch, observers: readonly MatchObserver[]): void {
  for (const [index, observer] of observers.entries()) {
    const label = `${stored.matchId}: client ${index}`;
    const versions = observer.events.map((m) => m.version);
    expect(versions.every((v, i) => i === 0 || v > versions[i - 1]!), `${label}: versions increase`).toBe(true);
    for (const message of observer.events) {
      const event = stored.events[message.version - 1]?.event;
      expect(message.event, `${label}: event ${message.version}`).toEqual(event && publishedEvent(event));
    }
    expect(observer.view, `${label}: final view`).toEqual(publicView(stored.view));
  }
}

export type AuditResponse = (AuditBundle | AuditBundleV2) & { readonly record: RecordTurn[]; readonly status: string };

export async function fetchAudit(serverUrl: string, matchId: string, cookie?: string): Promise<{ status: number; body: AuditResponse; text: string }> {
  const response = await fetch(`${serverUrl}/api/matches/${matchId}/audit`, { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as AuditResponse, text };
}

/** The audit bundle of an ended match passes every check of its protocol (fair-dice-v1 or v2), with the seed revealed. */
export async function expectAuditVerifies(serverUrl: string, matchId: string): Promise<AuditResponse> {
  const audit = await fetchAudit(serverUrl, matchId);
  expect(audit.status, `${matchId}: audit status`).toBe(200);
  expect(audit.body.serverSeed, `${matchId}: revealed seed`).toMatch(/^[0-9a-f]{64}$/);
  // Verified as any outsider would: with the keys the site lists at its stable address.
  // By the bundle's own protocol (v3, v2 or v1), as the site's verifiers read it.
  const report = verifyBundle(audit.body, audit.body.record, { keys: await fetchProofKeys(serverUrl) });
  expect(report.checks.filter((c) => c.status !== "passed"), `${matchId}: failed checks`).toEqual([]);
  expect(report.verdict).toBe("verified");
  return audit.body;
}

/** A bot as the fault tests see it: what it received, and the failures it was told of. */
export interface FaultObserver extends MatchObserver {
  readonly errors: readonly string[];
}

/** The failures a fault explains (an answer that never came: a disconnect, a timeout) are all the bots were told of. */
export function expectOnlyFaultErrors(bots: readonly FaultObserver[]): void {
  for (const error of bots.flatMap((bot) => bot.errors)) expect(error).toMatch(/disconnected|timed? ?out/i);
}

/**
 * Everything about a match that finished through a fault (a killed node, a restarted database): the seed revealed as
 * the stored end says, an intact log, every client's events the stored ones, the audit bundle verified, and no client
 * told of a failure the fault does not explain.
 */
export async function expectFinishedMatchWhole(db: Db, serverUrl: string, matchId: string, clients: readonly FaultObserver[]): Promise<void> {
  const stored = await readStoredMatch(db, matchId);
  expect(stored.seed.revealedSeed, `${matchId}: revealed seed`).toBe(stored.view.ended?.serverSeed);
  expectIntactLog(stored);
  expectClientsSawTheLog(stored, clients);
  await expectAuditVerifies(serverUrl, matchId);
  expectOnlyFaultErrors(clients);
}
