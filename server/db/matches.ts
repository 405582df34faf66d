/**
 * Creating a match, and the seed reveal. A match's row is made with its sealed seed and its first event,
 * "match-created", in one transaction at version 1; every later event (a join, a client seed, a rules action, the
 * end) is stored by the match server with appendEvent (event-rows.ts), which bumps `Match.version` and appends the
 * event with that sequence, so the event log is the full record. The Match columns are always those lib/protocol
 * matchColumns projects from the events.
 *
 * @example
 *   const seed = vault.draw(); // { commitment, sealed: { ciphertext, iv, tag } }
 *   const created = await createMatch(db, { creatorId, color: "white", matchLength: 5, visibility: "public", seed });
 *   created.value.view; // the match as its first event makes it
 *   await revealSeed(db, matchId, vault.reveal(seed)); // only once the match is finished or aborted
 */
import { randomBytes } from "node:crypto";
import { commitmentOf } from "@/lib/dice";
import { err, ok, type Result } from "@/lib/engine/types";
import { matchColumns } from "@/lib/protocol";
import { applyMatchEvent, emptyMatchView, type MatchEvent, type MatchView, type TimeControl } from "@/lib/record";
import type { Db } from "./client";
import { encodeEvent } from "./event-codec";
import { createMatchOnSqlite, type CreationError, type CreatorRow } from "./sqlite-create-match";
import { insertEvent, isForeignKeyViolation, writeTransaction } from "./transaction";
import type { MatchRow, SealedSeedInput, Seat, Visibility } from "./types";
import { playerInfo } from "./users";

export interface NewMatch {
  readonly creatorId: string;
  /** The seat the creator takes. */
  readonly color: Seat;
  readonly matchLength: number;
  readonly visibility: Visibility;
  readonly seed: SealedSeedInput;
  /** null or absent: untimed. */
  readonly timeControl?: TimeControl | null;
  /** Rated (issue 20): only a registered person may create one (not a guest, not a computer). */
  readonly rated?: boolean;
  /**
   * At most this many of the creator's matches may wait for an opponent at once (counted in the same transaction,
   * with the creator's row locked on PostgreSQL, so two nodes cannot both let one more through). Absent: no cap.
   */
  readonly maxWaiting?: number;
}

function newInviteToken(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Creates a waiting match with its sealed seed (version 1, event 1 "match-created"); private ones get an invite
 * token. Returns the row and the view its first event makes.
 */
export async function createMatch(
  db: Db,
  input: NewMatch,
): Promise<Result<{ readonly match: MatchRow; readonly view: MatchView }, "ERR_USER_NOT_FOUND" | "ERR_REGISTERED_ONLY" | "ERR_TOO_MANY_WAITING">> {
  // The id is ours (cuid-like), so the first event's view and the row are planned before anything is written.
  const id = newMatchId();
  const now = new Date();
  let view: MatchView | null = null;
  const plan = (creator: CreatorRow) => {
    if (input.rated && (creator.isGuest || creator.computerLevel !== null)) {
      return err("ERR_REGISTERED_ONLY", `${creator.username} is not a registered player: only registered players play rated matches`);
    }
    const event: MatchEvent = {
      type: "created",
      matchLength: input.matchLength,
      visibility: input.visibility,
      commitment: input.seed.commitment,
      creator: playerInfo(creator),
      creatorColor: input.color,
      ...(input.timeControl ? { timeControl: input.timeControl } : {}),
      ...(input.rated ? { rated: true } : {}),
    };
    const empty = emptyMatchView(id);
    view = applyMatchEvent(empty, 1, event);
    const row: MatchRow = {
      id,
      creatorId: input.creatorId,
      whiteId: null,
      blackId: null,
      matchLength: input.matchLength,
      status: "waiting",
      visibility: input.visibility,
      rated: input.rated === true,
      inviteToken: input.visibility === "private" ? newInviteToken() : null,
      scoreWhite: 0,
      scoreBlack: 0,
      winner: null,
      endReason: null,
      ...matchColumns(empty, view, now),
      version: 1,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
      reserveMs: input.timeControl?.reserveMs ?? null,
      delayMs: input.timeControl?.delayMs ?? null,
      rematchOfferBy: null,
      rematchId: null,
    };
    return ok({ row, event: encodeEvent(event, input.creatorId) });
  };
  const seed = { commitment: input.seed.commitment, ...input.seed.sealed };
  try {
    if (db.sqlite) {
      const sqlite = db.sqlite;
      const created = await sqlite.exclusive((connection) => createMatchOnSqlite(connection, { creatorId: input.creatorId, maxWaiting: input.maxWaiting, seed, plan }));
      return created.ok && view ? ok({ match: created.value, view }) : (created as Result<never, CreationError>);
    }
    return await writeTransaction(db, async (tx) => {
      // PostgreSQL needs the creator's row locked for the waiting count to hold against another node's create.
      if (input.maxWaiting !== undefined) await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${input.creatorId} FOR UPDATE`;
      const creator = await tx.user.findUnique({ where: { id: input.creatorId }, select: { id: true, username: true, isGuest: true, computerLevel: true } });
      if (!creator) return err("ERR_USER_NOT_FOUND", `no user ${input.creatorId}`);
      if (input.maxWaiting !== undefined && (await tx.match.count({ where: { creatorId: input.creatorId, status: "waiting" } })) >= input.maxWaiting) {
        return err("ERR_TOO_MANY_WAITING", `${creator.username} has ${input.maxWaiting} matches waiting for an opponent already`);
      }
      const planned = plan(creator);
      if (!planned.ok) return planned;
      const { row, event } = planned.value;
      const match = await tx.match.create({ data: { ...row, seed: { create: { commitment: seed.commitment, ciphertext: seed.ciphertext, iv: seed.iv, tag: seed.tag } } } });
      await insertEvent(tx, match.id, 1, event, now);
      return ok({ match, view: view as unknown as MatchView });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return err("ERR_USER_NOT_FOUND", `no user ${input.creatorId}`);
    throw error;
  }
}

/** A cuid-like id: "c" and 24 random hex digits (what Prisma's cuid() made before, in length and alphabet). */
function newMatchId(): string {
  return `c${randomBytes(12).toString("hex")}`;
}

export type RevealError = "ERR_MATCH_NOT_FOUND" | "ERR_MATCH_NOT_OVER" | "ERR_SEED_MISMATCH" | "ERR_SEED_ALREADY_REVEALED";

/**
 * Publishes the server seed of a finished or aborted match (once). A seed that does not hash to the commitment is
 * refused, so a vault mix-up can never publish the wrong seed.
 */
export async function revealSeed(db: Db, matchId: string, serverSeed: string): Promise<Result<{ readonly revealedAt: Date }, RevealError>> {
  return writeTransaction(db, async (tx) => {
    const match = await tx.match.findUnique({ where: { id: matchId }, select: { status: true, seed: { select: { commitment: true } } } });
    if (!match?.seed) return err("ERR_MATCH_NOT_FOUND", `no match ${matchId}`);
    if (match.status !== "finished" && match.status !== "aborted") {
      return err("ERR_MATCH_NOT_OVER", `match ${matchId} is ${match.status}: the seed is revealed only when it is over`);
    }
    if (commitmentOf(serverSeed) !== match.seed.commitment) return err("ERR_SEED_MISMATCH", "the seed does not match the match's commitment");
    const revealedAt = new Date();
    const { count } = await tx.matchSeed.updateMany({ where: { matchId, revealedSeed: null }, data: { revealedSeed: serverSeed, revealedAt } });
    if (count === 0) return err("ERR_SEED_ALREADY_REVEALED", `the seed of match ${matchId} is already revealed`);
    return ok({ revealedAt });
  });
}
