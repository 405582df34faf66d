/**
 * Write transactions that return Results: a failure Result rolls the transaction back and comes out as a value, and
 * unique-constraint violations come out as the codes the caller maps them to; write plans (sql-plan.ts) run in one
 * transaction on either database; read snapshots.
 *
 * @example
 *   const result = await writePlan(db, (dialect) => createMatchPlan(creation, dialect));
 *   const result = await writeTransaction(db, (tx) => runInPrisma(tx, "postgres", appendPlan(input, now, "postgres")));
 */
import type BetterSqlite3 from "better-sqlite3";
import type { Prisma } from "@/generated/prisma/client";
import type { Result } from "@/lib/engine/types";
import type { Db, Tx } from "./db";
import { runInPrisma, runOnSqlite, type Dialect, type SqlPlan } from "./sql-plan";

export type { Tx } from "./db";

/** Waiting for the SQLite write queue or a PostgreSQL connection, and running, may each take this long. */
const TRANSACTION_LIMITS = { maxWait: 15_000, timeout: 15_000 } as const;

/** A failure Result carried out of a transaction's body, which a throw rolls back. */
class RollBack {
  constructor(readonly result: Extract<Result<never, string>, { ok: false }>) {}
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

/** `plan` in one better-sqlite3 transaction (IMMEDIATE: the write lock is taken at BEGIN); a failure Result undoes it. */
function runOnSqliteTransaction<T, Code extends string>(connection: BetterSqlite3.Database, plan: SqlPlan<Result<T, Code>>): Result<T, Code> {
  try {
    return connection
      .transaction(() => {
        const result = runOnSqlite(connection, plan);
        if (!result.ok) throw new RollBack(result);
        return result;
      })
      .immediate();
  } catch (error) {
    if (error instanceof RollBack) return error.result as Result<T, Code>;
    throw error;
  }
}

/**
 * Runs a write plan whose answer is a Result in one transaction: synchronously on SQLite's connection (queued with
 * Prisma's queries, and past Prisma's query compiler), in a Prisma transaction on PostgreSQL. A failure Result undoes
 * whatever the plan wrote before it.
 */
export function writePlan<T, Code extends string>(db: Pick<Db, "kind" | "prisma" | "sqlite">, plan: (dialect: Dialect) => SqlPlan<Result<T, Code>>): Promise<Result<T, Code>> {
  if (db.sqlite) return db.sqlite.exclusive((connection) => runOnSqliteTransaction(connection, plan("sqlite")));
  return writeTransaction(db, (tx) => runInPrisma(tx, db.kind, plan(db.kind)));
}
