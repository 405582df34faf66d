/**
 * SQL written once for both databases. A write is a generator that yields its statements one by one and receives
 * each one's rows; a runner drives it on a database: synchronously on the better-sqlite3 connection (inside the
 * append's own transaction or savepoint, where nothing may wait), or asynchronously in a Prisma transaction on
 * PostgreSQL. The statements use `?` placeholders and double-quoted identifiers, which both databases read; a value is
 * converted for its database here (a Date to SQLite's timestamp text, a boolean to 0/1), and a clause only one of
 * them has comes from the `dialect` the plan is given.
 *
 * @example
 *   function* bump(id: string): SqlPlan<void> { yield { sql: `UPDATE "User" SET "ratedMatches" = "ratedMatches" + 1 WHERE "id" = ?`, params: [id] }; }
 *   runOnSqlite(connection, bump("u1"));      // synchronous
 *   await runInPrisma(tx, "postgres", bump("u1")); // in a Prisma transaction
 */
import type BetterSqlite3 from "better-sqlite3";
import { sqliteTimestamp } from "./sqlite-adapter";
import type { Tx } from "./db";

export type Dialect = "sqlite" | "postgres";

export interface SqlStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
  /** Answer with how many rows the statement changed, as one row `{ changed }`, instead of the rows it returned. */
  readonly count?: true;
}

export type Row = Record<string, unknown>;

/** A write: yields statements, receives each one's rows (none for a statement that returns none). */
export type SqlPlan<T> = Generator<SqlStatement, T, readonly Row[]>;

/** A parameter as SQLite stores it: a Date as the adapter's timestamp text, a boolean as 0/1. */
export function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return sqliteTimestamp(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

const statements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function prepared(connection: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let cache = statements.get(connection);
  if (!cache) statements.set(connection, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = connection.prepare(sql)));
  return statement;
}

/** Runs `plan` on the better-sqlite3 connection, synchronously (inside the caller's transaction). */
export function runOnSqlite<T>(connection: BetterSqlite3.Database, plan: SqlPlan<T>): T {
  let step = plan.next();
  while (!step.done) {
    const statement = prepared(connection, step.value.sql);
    const params = step.value.params.map(sqliteValue);
    const rows = step.value.count ? [{ changed: statement.run(...params).changes }] : statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
    step = plan.next(rows);
  }
  return step.value;
}

/** Runs `plan` in a Prisma transaction on `dialect`'s database (PostgreSQL's placeholders are $1, $2, …). */
export async function runInPrisma<T>(tx: Tx, dialect: Dialect, plan: SqlPlan<T>): Promise<T> {
  let step = plan.next();
  while (!step.done) {
    let n = 0;
    const sql = dialect === "postgres" ? step.value.sql.replace(/\?/g, () => `$${++n}`) : step.value.sql;
    const params = dialect === "postgres" ? step.value.params : step.value.params.map(sqliteValue);
    const rows = step.value.count
      ? [{ changed: await tx.$executeRawUnsafe(sql, ...params) }]
      : /^\s*(SELECT|WITH)\b/i.test(sql)
        ? await tx.$queryRawUnsafe<Row[]>(sql, ...params)
        : (await tx.$executeRawUnsafe(sql, ...params), []);
    step = plan.next(rows);
  }
  return step.value;
}
