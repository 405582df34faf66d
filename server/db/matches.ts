/**
 * Creating a match, and the seed reveal. A match's row is made with its sealed seed and its first events — what the
 * match aggregate decided for the create (lib/match `decide`): "match-created", and "player-joined" when the
 * opponent is seated at once — in one transaction. Every later event is stored by the match server with
 * `db.events.append` (event-rows.ts), which bumps `Match.version` and appends the event with that sequence, so the
 * event log is the full record. The Match columns are always those lib/match `matchColumns` projects from the events.
 *
 * @example
 *   const decision = decide(emptyMatchView(id), { type: "create", …, commitment: seed.commitment }, context);
 *   if (decision.ok) await createMatch(db, { view: decision.view, events: decision.events, creatorId, seed, inviteToken: null });
 *   await revealSeed(db, matchId, vault.reveal(seed)); // only once the match is finished or aborted
 */
import { randomBytes } from "node:crypto";
import { chainCommitment } from "@/lib/dice";
import { err, ok, type Result } from "@/lib/engine/types";
import { emptyMatchView, matchColumns, type MatchEvent, type MatchView } from "@/lib/match";
import type { Db } from "./client";
import { encodeEvent } from "./event-codec";
import { createMatchPlan, type CreationError } from "./create-match-plan";
import type { SqlPlan } from "./sql-plan";
import { writePlan } from "./transaction";
import type { MatchRow, SealedSeedInput } from "./types";

export interface NewMatch {
  /** The match as its first events make it (its id is `view.matchId`). */
  readonly view: MatchView;
  /** Its first events, in order: "created", then the opponent's seat when one was taken at once. */
  readonly events: readonly MatchEvent[];
  readonly creatorId: string;
  readonly seed: SealedSeedInput;
  /** A private match's invite token; null for a public one. */
  readonly inviteToken: string | null;
  /**
   * At most this many of the creator's matches may wait for an opponent at once (counted in the same transaction,
   * with the creator's row locked on PostgreSQL, so two nodes cannot both let one more through). Absent: no cap.
   */
  readonly maxWaiting?: number;
}

/** The events' rows, each recorded for who caused it: the creator for the creation, the seated player for a seat. */
function eventRows(input: NewMatch) {
  return input.events.map((event) => encodeEvent(event, event.type === "joined" ? event.player.id : input.creatorId));
}

/**
 * Writes a new match: its row, sealed seed and first events. A match id that exists already is refused
 * (ERR_MATCH_EXISTS: a rematch made twice under its one id), as is a creator with too many waiting matches.
 */
export async function createMatch(db: Db, input: NewMatch): Promise<Result<MatchRow, CreationError>> {
  const { view } = input;
  const now = new Date();
  const row: MatchRow = {
    id: view.matchId,
    creatorId: input.creatorId,
    whiteId: null,
    blackId: null,
    matchLength: view.matchLength,
    status: "waiting",
    visibility: view.visibility,
    rated: view.rated,
    inviteToken: input.inviteToken,
    scoreWhite: 0,
    scoreBlack: 0,
    winner: null,
    endReason: null,
    rematchOfferBy: null,
    rematchId: null,
    ...matchColumns(emptyMatchView(view.matchId), view, now),
    version: view.version,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    updatedAt: now,
    reserveMs: view.timeControl?.reserveMs ?? null,
    delayMs: view.timeControl?.delayMs ?? null,
  };
  const events = eventRows(input);
  const seed = { commitment: input.seed.commitment, ...input.seed.sealed, chainLength: input.seed.chainLength };
  return writePlan(db, (dialect) => createMatchPlan({ row, events, maxWaiting: input.maxWaiting, seed }, dialect));
}

/** A private match's invite token: 18 random bytes, URL-safe. */
export function newInviteToken(): string {
  return randomBytes(18).toString("base64url");
}

/** A cuid-like id: "c" and 24 random hex digits (what Prisma's cuid() made before, in length and alphabet). */
export function newMatchId(): string {
  return `c${randomBytes(12).toString("hex")}`;
}

export type RevealError = "ERR_MATCH_NOT_FOUND" | "ERR_MATCH_NOT_OVER" | "ERR_SEED_MISMATCH" | "ERR_SEED_ALREADY_REVEALED";

/**
 * Publishes the server seed of a finished or aborted match (once). A seed that does not hash to the commitment is
 * refused, so a vault mix-up can never publish the wrong seed.
 */
export function revealSeed(db: Db, matchId: string, serverSeed: string): Promise<Result<{ readonly revealedAt: Date }, RevealError>> {
  return writePlan(db, () => revealPlan(matchId, serverSeed, new Date()));
}

function* revealPlan(matchId: string, serverSeed: string, revealedAt: Date): SqlPlan<Result<{ readonly revealedAt: Date }, RevealError>> {
  const [match] = yield {
    sql: `SELECT "Match"."status", "MatchSeed"."commitment", "MatchSeed"."chainLength" FROM "Match" JOIN "MatchSeed" ON "MatchSeed"."matchId" = "Match"."id" WHERE "Match"."id" = ?`,
    params: [matchId],
  };
  if (match === undefined) return err("ERR_MATCH_NOT_FOUND", { matchId });
  if (match.status !== "finished" && match.status !== "aborted") {
    return err("ERR_MATCH_NOT_OVER", { matchId, status: String(match.status) });
  }
  // A fair-dice-v2 seed is the last of a chain: its commitment is SHA-256 applied chainLength times.
  if (chainCommitment(serverSeed, match.chainLength === null ? 1 : Number(match.chainLength)) !== match.commitment) return err("ERR_SEED_MISMATCH");
  const [revealed] = yield {
    sql: `UPDATE "MatchSeed" SET "revealedSeed" = ?, "revealedAt" = ? WHERE "matchId" = ? AND "revealedSeed" IS NULL`,
    params: [serverSeed, revealedAt, matchId],
    count: true,
  };
  if (Number(revealed?.changed ?? 0) === 0) return err("ERR_SEED_ALREADY_REVEALED", { matchId });
  return ok({ revealedAt });
}
