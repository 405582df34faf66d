/**
 * Write transactions that return Results: a failure Result rolls the transaction back and comes out as a value, and
 * unique-constraint violations come out as the codes the caller maps them to; read snapshots; and the insert of a
 * match's first events (every later event is appended by append-plan.ts).
 *
 * @example
 *   const result = await writeTransaction(db, (tx) => runInPrisma(tx, "postgres", appendPlan(input, now, "postgres")));
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Result } from "@/lib/engine/types";
import type { Db } from "./db";
import type { NewEvent } from "./types";

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

/** A match's first events, in createMatch's transaction (later ones are appended by append-plan.ts). */
export async function insertEvent(tx: Tx, matchId: string, sequence: number, event: NewEvent, now: Date): Promise<void> {
  await tx.$executeRaw`INSERT INTO "MatchEvent" ("matchId", "sequence", "type", "payload", "actorId", "createdAt")
    VALUES (${matchId}, ${sequence}, ${event.type}, ${JSON.stringify(event.payload)}, ${event.actorId ?? null}, ${now})`;
}
