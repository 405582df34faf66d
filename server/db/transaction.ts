/**
 * Write transactions that return Results: a failure Result rolls the transaction back and comes out as a value, and
 * unique-constraint violations come out as the codes the caller maps them to. Also the two writes every change to a
 * match makes: bump `Match.version` and append the MatchEvent whose sequence is the new version.
 *
 * @example
 *   const result = await writeTransaction(db, async (tx) => {
 *     if (!(await bumpVersion(tx, matchId, 3, now))) return err("ERR_VERSION_CONFLICT", "…");
 *     return ok(await insertEvent(tx, matchId, 4, event, now));
 *   });
 */
import type { Prisma } from "@/generated/prisma/client";
import { err, type Result } from "@/lib/engine/types";
import type { Db } from "./db";
import type { MatchUpdate, NewEvent, RollInput } from "./types";

export type Tx = Prisma.TransactionClient;

/** Waiting for the SQLite write queue or a PostgreSQL connection, and running, may each take this long. */
const TRANSACTION_LIMITS = { maxWait: 15_000, timeout: 15_000 } as const;

class RollBack {
  constructor(readonly result: { readonly ok: false; readonly code: string; readonly message: string }) {}
}

/**
 * A unique-constraint violation, from a model query (P2002, which names the model) or a raw one (P2010 wrapping the
 * driver's violation, which names no model); null for any other error.
 */
export function uniqueViolation(error: unknown): { readonly model: string | undefined } | null {
  const known = error as { code?: unknown; meta?: { modelName?: unknown; driverAdapterError?: { cause?: { kind?: unknown } } } } | null;
  if (known?.code === "P2002") return { model: typeof known.meta?.modelName === "string" ? known.meta.modelName : undefined };
  if (known?.code === "P2010" && known.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation") return { model: undefined };
  return null;
}

/** A foreign-key violation (e.g. an unknown user id), or null for any other error. */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2003";
}

/**
 * Runs `work` in one transaction. A failure Result rolls back and is returned; `onUniqueViolation` turns a unique
 * violation on a model into a failure (return undefined to rethrow).
 */
export async function writeTransaction<T, Code extends string>(
  db: Pick<Db, "prisma">,
  work: (tx: Tx) => Promise<Result<T, Code>>,
  onUniqueViolation?: (model: string | undefined) => Result<never, Code> | undefined,
): Promise<Result<T, Code>> {
  try {
    return await db.prisma.$transaction(async (tx) => {
      const result = await work(tx);
      if (!result.ok) throw new RollBack(result);
      return result;
    }, TRANSACTION_LIMITS);
  } catch (error) {
    if (error instanceof RollBack) return error.result as Result<T, Code>;
    const violation = uniqueViolation(error);
    const mapped = violation && onUniqueViolation?.(violation.model);
    if (mapped) return mapped;
    throw error;
  }
}

/** Runs `work` in one transaction (with the data layer's wait limits); a throw rolls back. */
export function inTransaction<T>(db: Pick<Db, "prisma">, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.prisma.$transaction(work, TRANSACTION_LIMITS);
}

/** A read-only snapshot: all reads in `work` see the same committed state. */
export function readSnapshot<T>(db: Pick<Db, "kind" | "prisma">, work: (tx: Tx) => Promise<T>): Promise<T> {
  // SQLite transactions are serializable already (and the adapter accepts no other level, which is why the SQLite
  // client's types do not know this one).
  const isolation = db.kind === "postgres" ? { isolationLevel: "RepeatableRead" as Prisma.TransactionIsolationLevel } : {};
  return db.prisma.$transaction(work, { ...TRANSACTION_LIMITS, ...isolation });
}

// The statements on the hot path (every roll and move) are raw SQL that both SQLite and PostgreSQL accept: a Prisma
// model query costs about three times as much as a raw one, most of it compiling the query (scripts/bench-db.ts).
// Dates are passed as parameters, so they are stored exactly as Prisma stores them.

/**
 * Sets `version = expectedVersion + 1` only if the match still has `expectedVersion`: one
 * `UPDATE … WHERE id = ? AND version = ?`, so of concurrent writers with the same expectation exactly one wins (on
 * PostgreSQL the losers wait for the winner's row lock, then find the version changed).
 */
export async function bumpVersion(tx: Tx, matchId: string, expectedVersion: number, now: Date): Promise<boolean> {
  const changed = await tx.$executeRaw`UPDATE "Match" SET "version" = ${expectedVersion + 1}, "updatedAt" = ${now} WHERE "id" = ${matchId} AND "version" = ${expectedVersion}`;
  return changed === 1;
}

/**
 * Applies the columns an event changes along with it (rare: status, scores, the end). `updatedAt` is set to the
 * write's own time, as bumpVersion set it: left to Prisma's @updatedAt it would take a second, later clock reading.
 */
export async function updateMatch(tx: Tx, matchId: string, update: MatchUpdate, now: Date): Promise<void> {
  if (Object.keys(update).length > 0) await tx.match.update({ where: { id: matchId }, data: { ...update, updatedAt: now }, select: { id: true } });
}

export async function insertEvent(tx: Tx, matchId: string, sequence: number, event: NewEvent, now: Date): Promise<void> {
  await tx.$executeRaw`INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt")
    VALUES (${matchId}, ${sequence}, ${event.type}, ${JSON.stringify(event.payload)}, ${event.actorId ?? null}, ${now})`;
}

/** Logs a roll; false when its nonce is already logged for the match. */
export async function insertRoll(tx: Tx, matchId: string, roll: RollInput, now: Date): Promise<boolean> {
  try {
    await tx.$executeRaw`INSERT INTO "RollLog" ("matchId", "nonce", "game", "kind", "player", "die1", "die2", "createdAt")
      VALUES (${matchId}, ${roll.nonce}, ${roll.game}, ${roll.kind}, ${roll.player}, ${roll.die1}, ${roll.die2}, ${now})`;
    return true;
  } catch (error) {
    if (uniqueViolation(error)) return false;
    throw error;
  }
}

/** The failure for a version mismatch: the match is gone, or someone else wrote first. */
export async function versionFailure(
  tx: Tx,
  matchId: string,
): Promise<{ readonly ok: false; readonly code: "ERR_MATCH_NOT_FOUND" | "ERR_VERSION_CONFLICT"; readonly message: string }> {
  const match = await tx.match.findUnique({ where: { id: matchId }, select: { version: true } });
  return match
    ? err("ERR_VERSION_CONFLICT", `match ${matchId} is at version ${match.version}: someone else wrote first`)
    : err("ERR_MATCH_NOT_FOUND", `no match ${matchId}`);
}
