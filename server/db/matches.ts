/**
 * Creating, joining and seeding matches, and the seed reveal. Every change to a match bumps `Match.version` and
 * appends a MatchEvent with that sequence in the same transaction, so the event log is the full record: these
 * functions write the events named in `DATA_LAYER_EVENTS` themselves (the match server appends the rest with
 * appendEvent and should not write these types again).
 *
 * @example
 *   const seed = vault.draw(); // { commitment, sealed: { ciphertext, iv, tag } }
 *   const created = await createMatch(db, { creatorId, color: "white", matchLength: 5, visibility: "public", seed });
 *   await joinMatch(db, { matchId: created.value.match.id, userId: otherId });
 *   await recordClientSeed(db, { matchId, color: "white", seed: "w4h1t3seed", expectedCommitment: seed.commitment });
 *   await revealSeed(db, matchId, vault.reveal(seed)); // only once the match is finished or aborted
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { commitmentOf, validateClientSeed, type ClientSeedError } from "@/lib/dice";
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "./client";
import { insertEvent, isForeignKeyViolation, writeTransaction, type Tx } from "./transaction";
import type { MatchRow, SealedSeedInput, Seat, Visibility } from "./types";

export const DATA_LAYER_EVENTS = {
  created: "match-created",
  joined: "player-joined",
  clientSeed: "client-seed",
} as const;

export interface NewMatch {
  readonly creatorId: string;
  /** The seat the creator takes. */
  readonly color: Seat;
  readonly matchLength: number;
  readonly visibility: Visibility;
  readonly seed: SealedSeedInput;
}

function newInviteToken(): string {
  return randomBytes(18).toString("base64url");
}

function sameToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Creates a waiting match with its sealed seed (version 1, event 1 "match-created"); private ones get an invite token. */
export async function createMatch(db: Db, input: NewMatch): Promise<Result<{ readonly match: MatchRow }, "ERR_USER_NOT_FOUND">> {
  try {
    return await writeTransaction(db, async (tx) => {
      const match = await tx.match.create({
        data: {
          creatorId: input.creatorId,
          whiteId: input.color === "white" ? input.creatorId : null,
          blackId: input.color === "black" ? input.creatorId : null,
          matchLength: input.matchLength,
          visibility: input.visibility,
          inviteToken: input.visibility === "private" ? newInviteToken() : null,
          status: "waiting",
          version: 1,
          seed: { create: { commitment: input.seed.commitment, ciphertext: input.seed.sealed.ciphertext, iv: input.seed.sealed.iv, tag: input.seed.sealed.tag } },
        },
      });
      await insertEvent(tx, match.id, 1, {
        type: DATA_LAYER_EVENTS.created,
        payload: { creatorId: input.creatorId, color: input.color, matchLength: input.matchLength, visibility: input.visibility, commitment: input.seed.commitment },
        actorId: input.creatorId,
      }, match.createdAt);
      return ok({ match });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return err("ERR_USER_NOT_FOUND", `no user ${input.creatorId}`);
    throw error;
  }
}

export type JoinError = "ERR_MATCH_NOT_FOUND" | "ERR_MATCH_NOT_OPEN" | "ERR_ALREADY_SEATED" | "ERR_INVITE_REQUIRED" | "ERR_USER_NOT_FOUND";

/** Tries to take the free seat at the match's current version; null when someone else wrote first. */
async function takeSeat(tx: Tx, matchId: string, userId: string, inviteToken: string | undefined): Promise<Result<{ color: Seat; version: number }, JoinError> | null> {
  const match = await tx.match.findUnique({ where: { id: matchId } });
  if (!match) return err("ERR_MATCH_NOT_FOUND", `no match ${matchId}`);
  if (match.status !== "waiting" || (match.whiteId !== null && match.blackId !== null)) {
    return err("ERR_MATCH_NOT_OPEN", `match ${matchId} is ${match.status}, not waiting for a player`);
  }
  if (match.whiteId === userId || match.blackId === userId) return err("ERR_ALREADY_SEATED", `you already sit at match ${matchId}`);
  if (match.inviteToken !== null && !sameToken(match.inviteToken, inviteToken)) {
    return err("ERR_INVITE_REQUIRED", `match ${matchId} is private: the invite link is needed to join`);
  }
  const color: Seat = match.whiteId === null ? "white" : "black";
  const version = match.version + 1;
  const { count } = await tx.match.updateMany({
    where: { id: matchId, version: match.version, status: "waiting", [color === "white" ? "whiteId" : "blackId"]: null },
    data: { [color === "white" ? "whiteId" : "blackId"]: userId, status: "seeding", version },
  });
  if (count === 0) return null;
  await insertEvent(tx, matchId, version, { type: DATA_LAYER_EVENTS.joined, payload: { userId, color }, actorId: userId }, new Date());
  return ok({ color, version });
}

/**
 * Seats `userId` in the free seat of a waiting match; the match moves to `seeding`. Private matches need their
 * invite token. Returns the seat and the match's new version.
 */
export async function joinMatch(
  db: Db,
  input: { readonly matchId: string; readonly userId: string; readonly inviteToken?: string },
): Promise<Result<{ readonly color: Seat; readonly version: number }, JoinError>> {
  // A version conflict here means the match changed under us (e.g. the creator's client seed arrived): look again.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const outcome = await writeTransaction<{ color: Seat; version: number }, JoinError | "ERR_RETRY">(
        db,
        async (tx) => (await takeSeat(tx, input.matchId, input.userId, input.inviteToken)) ?? err("ERR_RETRY", "the match changed"),
      );
      if (outcome.ok || outcome.code !== "ERR_RETRY") return outcome as Result<{ color: Seat; version: number }, JoinError>;
    } catch (error) {
      if (isForeignKeyViolation(error)) return err("ERR_USER_NOT_FOUND", `no user ${input.userId}`);
      throw error;
    }
  }
  return err("ERR_MATCH_NOT_OPEN", `match ${input.matchId} kept changing while joining; try again`);
}

export type ClientSeedRecordError = "ERR_MATCH_NOT_FOUND" | "ERR_CLIENT_SEED_ALREADY_SET" | "ERR_COMMITMENT_MISMATCH" | ClientSeedError;

/**
 * Stores a player's client seed, once per colour (a second submission is refused). With `expectedCommitment` (the
 * commitment the player's client showed) a submission made against another commitment is refused (fair-dice-v1,
 * section 2). Returns the match's new version and both seeds as they now stand.
 */
export async function recordClientSeed(
  db: Db,
  input: { readonly matchId: string; readonly color: Seat; readonly seed: string; readonly expectedCommitment?: string; readonly actorId?: string | null },
): Promise<Result<{ readonly version: number; readonly clientSeeds: { readonly white: string | null; readonly black: string | null } }, ClientSeedRecordError>> {
  const valid = validateClientSeed(input.seed);
  if (!valid.ok) return valid;
  const column = input.color === "white" ? "whiteClientSeed" : "blackClientSeed";
  return writeTransaction(db, async (tx) => {
    const seed = await tx.matchSeed.findUnique({ where: { matchId: input.matchId } });
    if (!seed) return err("ERR_MATCH_NOT_FOUND", `no match ${input.matchId}`);
    if (input.expectedCommitment !== undefined && input.expectedCommitment !== seed.commitment) {
      return err("ERR_COMMITMENT_MISMATCH", "the seed was chosen against a different commitment than this match's");
    }
    const { count } = await tx.matchSeed.updateMany({ where: { matchId: input.matchId, [column]: null }, data: { [column]: input.seed } });
    if (count === 0) return err("ERR_CLIENT_SEED_ALREADY_SET", `${input.color}'s client seed is already set and cannot change`);
    const { version } = await tx.match.update({ where: { id: input.matchId }, data: { version: { increment: 1 } }, select: { version: true } });
    await insertEvent(tx, input.matchId, version, {
      type: DATA_LAYER_EVENTS.clientSeed,
      payload: { color: input.color, seed: input.seed },
      actorId: input.actorId ?? null,
    }, new Date());
    const clientSeeds = { white: seed.whiteClientSeed, black: seed.blackClientSeed, [input.color]: input.seed } as { white: string | null; black: string | null };
    return ok({ version, clientSeeds });
  });
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
