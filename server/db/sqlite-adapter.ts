/**
 * Fairgammon's SQLite driver adapter, used by the app and by the Prisma CLI (prisma.config.ts). It implements Prisma's
 * declared driver-adapter interface (`SqlMigrationAwareDriverAdapterFactory` from @prisma/driver-adapter-utils) over
 * a better-sqlite3 connection this module opens itself, so that the event store's fast path (sqlite-event-store.ts)
 * can share that connection without reading anything Prisma does not declare.
 *
 * What it does beyond a plain adapter, and why:
 * 1. Connection settings: WAL, synchronous=NORMAL, a busy timeout, foreign keys on and a 64 MiB page cache.
 * 2. One FIFO queue for everything on the connection. @prisma/adapter-better-sqlite3 locks only transactions, so a
 *    plain query issued while an interactive transaction is open runs inside it (it reads uncommitted rows, and its
 *    writes vanish when that transaction rolls back). Here plain queries wait for the open transaction.
 * 3. `exclusive(work)` runs synchronous better-sqlite3 code on the same connection, in turn with everything Prisma
 *    sends. It must be the same connection and the same queue: better-sqlite3 waits for a lock synchronously, so a
 *    second connection waiting for a Prisma transaction would block the event loop that transaction needs to finish.
 * 4. The shadow database (`prisma migrate diff --from-migrations`) replays migration scripts through `executeRaw`
 *    without arguments, which better-sqlite3's `prepare()` refuses for several statements: those go to `exec`.
 *
 * Values cross the interface as @prisma/adapter-better-sqlite3 6.19 converts them (integers as safe integers, dates
 * as `sqliteTimestamp` text), so databases written by earlier versions read back unchanged.
 *
 * @example
 *   const adapter = sqliteAdapter("./data/fairgammon.db");
 *   const prisma = new PrismaClient({ adapter });
 *   await prisma.$connect();
 *   const count = await adapter.exclusive((sqlite) => sqlite.prepare("SELECT count(*) FROM Match").pluck().get());
 */
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ArgType,
  type ColumnType,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import Database from "better-sqlite3";

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The page cache, in KiB (SQLite reads a negative cache_size as KiB). SQLite's default is 2 MiB; with 2,000 matches
 * in play their events and index pages are spread over tens of MiB, so at the default most appends missed the cache
 * and read pages back from the file (~190 µs per stored event instead of ~50; docs/benchmarks.md, sixth session).
 * The cache fills only as pages are read, so a small database costs no more than before.
 */
export const SQLITE_CACHE_KIB = 64 * 1024;

const CONNECTION_PRAGMAS = [
  "PRAGMA journal_mode = WAL;",
  "PRAGMA synchronous = NORMAL;",
  `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS};`,
  "PRAGMA foreign_keys = ON;",
  `PRAGMA cache_size = -${SQLITE_CACHE_KIB};`,
].join("\n");

const ADAPTER_NAME = "fairgammon-better-sqlite3";

/**
 * How a DateTime is stored: ISO 8601 text with an explicit `+00:00` offset. This adapter writes every Date parameter
 * this way, and the event store's fast path writes its times with this same function, so both paths store the same
 * text. It is the default of @prisma/adapter-better-sqlite3 (`timestampFormat: "iso8601"`), which wrote the
 * databases that exist, and it sorts in time order as text.
 */
export function sqliteTimestamp(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** A FIFO lock: `acquire()` resolves with the function that releases it (once). */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    let done = false;
    return previous.then(() => () => {
      if (!done) {
        done = true;
        release();
      }
    });
  }

  async run<T>(work: () => T | Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** SQLite's declared column types (upper case), by the Prisma column type each is read as. */
const DECLARED_COLUMN_TYPES: readonly (readonly [ColumnType, readonly string[]])[] = [
  [ColumnTypeEnum.Numeric, ["DECIMAL"]],
  [ColumnTypeEnum.Float, ["FLOAT"]],
  [ColumnTypeEnum.Double, ["DOUBLE", "DOUBLE PRECISION", "NUMERIC", "REAL"]],
  [ColumnTypeEnum.Int32, ["TINYINT", "SMALLINT", "MEDIUMINT", "INT", "INTEGER", "SERIAL", "INT2"]],
  [ColumnTypeEnum.Int64, ["BIGINT", "UNSIGNED BIG INT", "INT8"]],
  [ColumnTypeEnum.DateTime, ["DATETIME", "TIMESTAMP"]],
  [ColumnTypeEnum.Time, ["TIME"]],
  [ColumnTypeEnum.Date, ["DATE"]],
  [ColumnTypeEnum.Text, ["TEXT", "CLOB", "CHARACTER", "VARCHAR", "VARYING CHARACTER", "NCHAR", "NATIVE CHARACTER", "NVARCHAR"]],
  [ColumnTypeEnum.Bytes, ["BLOB"]],
  [ColumnTypeEnum.Boolean, ["BOOLEAN"]],
  [ColumnTypeEnum.Json, ["JSONB"]],
];
const COLUMN_TYPE_OF_DECLARED = new Map(DECLARED_COLUMN_TYPES.flatMap(([type, names]) => names.map((name) => [name, type] as const)));

/** SQLite's declared column type → Prisma's column type (null: infer it from the values). */
function declaredColumnType(declared: string | null): ColumnType | null {
  return declared === null ? null : (COLUMN_TYPE_OF_DECLARED.get(declared.toUpperCase()) ?? null);
}

/** The type of a column SQLite declares none for (an expression): from its first non-null value. */
function inferredColumnType(rows: readonly unknown[][], column: number): ColumnType {
  for (const row of rows) {
    const value = row[column];
    if (value === null) continue;
    if (typeof value === "string") return ColumnTypeEnum.Text;
    if (typeof value === "bigint") return ColumnTypeEnum.Int64;
    if (typeof value === "boolean") return ColumnTypeEnum.Boolean;
    if (typeof value === "number") return ColumnTypeEnum.UnknownNumber;
    if (value instanceof Uint8Array || value instanceof ArrayBuffer) return ColumnTypeEnum.Bytes;
    throw new Error(`unexpected SQLite value of type ${typeof value}`);
  }
  return ColumnTypeEnum.Int32;
}

function resultValue(value: unknown, type: ColumnType): unknown {
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return Array.from(new Uint8Array(value as ArrayBuffer));
  if (typeof value === "number" && (type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64) && !Number.isInteger(value)) {
    return Math.trunc(value);
  }
  if ((typeof value === "number" || typeof value === "bigint") && type === ColumnTypeEnum.DateTime) return new Date(Number(value)).toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** A query parameter as better-sqlite3 binds it. */
function parameter(arg: unknown, type: ArgType | undefined): unknown {
  if (arg === null || arg === undefined) return null;
  const scalar = type?.scalarType;
  if (typeof arg === "string") {
    if (scalar === "int") return Number.parseInt(arg, 10);
    if (scalar === "float" || scalar === "decimal") return Number.parseFloat(arg);
    if (scalar === "bigint") return BigInt(arg);
    if (scalar === "datetime") return sqliteTimestamp(new Date(arg));
    if (scalar === "bytes") return Buffer.from(arg, "base64");
  }
  if (typeof arg === "boolean") return arg ? 1 : 0;
  if (arg instanceof Date) return sqliteTimestamp(arg);
  if (Array.isArray(arg) && scalar === "bytes") return Buffer.from(arg as number[]);
  return arg;
}

interface SqliteError {
  readonly code: string;
  readonly message: string;
}

function isSqliteError(error: unknown): error is SqliteError {
  const candidate = error as Partial<SqliteError> | null;
  return typeof candidate?.code === "string" && typeof candidate.message === "string";
}

function constraintFields(message: string): { fields: string[] } | undefined {
  const fields = message.split("constraint failed: ").at(1)?.split(", ").map((field) => field.split(".").pop() ?? field);
  return fields ? { fields } : undefined;
}

/** A better-sqlite3 error as the DriverAdapterError Prisma maps to its P-codes (P2002, P2003, …); others rethrown. */
function adapterError(error: unknown): unknown {
  if (!isSqliteError(error)) return error;
  const original = { originalCode: error.code, originalMessage: error.message };
  switch (error.code) {
    case "SQLITE_BUSY":
      return new DriverAdapterError({ kind: "SocketTimeout", ...original });
    case "SQLITE_CONSTRAINT_UNIQUE":
    case "SQLITE_CONSTRAINT_PRIMARYKEY":
      return new DriverAdapterError({ kind: "UniqueConstraintViolation", constraint: constraintFields(error.message), ...original });
    case "SQLITE_CONSTRAINT_NOTNULL":
      return new DriverAdapterError({ kind: "NullConstraintViolation", constraint: constraintFields(error.message), ...original });
    case "SQLITE_CONSTRAINT_FOREIGNKEY":
    case "SQLITE_CONSTRAINT_TRIGGER":
      return new DriverAdapterError({ kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} }, ...original });
  }
  if (error.message.startsWith("no such table")) return new DriverAdapterError({ kind: "TableDoesNotExist", table: error.message.split(": ").at(1), ...original });
  if (error.message.startsWith("no such column")) return new DriverAdapterError({ kind: "ColumnNotFound", column: error.message.split(": ").at(1), ...original });
  if (error.message.includes("has no column named ")) {
    return new DriverAdapterError({ kind: "ColumnNotFound", column: error.message.split("has no column named ").at(1), ...original });
  }
  return error;
}

function translated<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw adapterError(error);
  }
}

function queryRaw(connection: Database.Database, query: SqlQuery): SqlResultSet {
  return translated(() => {
    const statement = connection.prepare(query.sql).bind(query.args.map((arg, i) => parameter(arg, query.argTypes[i])));
    if (!statement.reader) {
      statement.run();
      return { columnNames: [], columnTypes: [], rows: [] };
    }
    const columns = statement.columns();
    const rows = statement.raw().all() as unknown[][];
    const columnTypes = columns.map((column, i) => declaredColumnType(column.type) ?? inferredColumnType(rows, i));
    return { columnNames: columns.map((column) => column.name), columnTypes, rows: rows.map((row) => row.map((value, i) => resultValue(value, columnTypes[i]!))) };
  });
}

function executeRaw(connection: Database.Database, query: SqlQuery): number {
  return translated(() => connection.prepare(query.sql).bind(query.args.map((arg, i) => parameter(arg, query.argTypes[i]))).run().changes);
}

function openConnection(file: string): Database.Database {
  const connection = new Database(file.replace(/^file:/, ""));
  // Integers come out as BigInt, so none above 2^53 loses precision on its way to Prisma (which receives them as text).
  connection.defaultSafeIntegers(true);
  return connection;
}

/** One connection as Prisma sees it: every query waits its turn in `lock`, a transaction holds the lock until it ends. */
function connectionAdapter(connection: Database.Database, lock: Lock, options: { readonly scriptsWithoutArgs: boolean; readonly onDispose: () => void }): SqlDriverAdapter {
  const base = { provider: "sqlite" as const, adapterName: ADAPTER_NAME };
  return {
    ...base,
    queryRaw: (query) => lock.run(() => queryRaw(connection, query)),
    executeRaw: (query) =>
      lock.run(() => {
        if (options.scriptsWithoutArgs && query.args.length === 0) {
          translated(() => connection.exec(query.sql));
          return 0;
        }
        return executeRaw(connection, query);
      }),
    executeScript: (script) => lock.run(() => void translated(() => connection.exec(script))),
    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      if (isolationLevel && isolationLevel !== "SERIALIZABLE") throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
      const release = await lock.acquire();
      try {
        translated(() => connection.prepare("BEGIN").run());
      } catch (error) {
        release();
        throw error;
      }
      // usePhantomQuery false: Prisma sends COMMIT or ROLLBACK itself, then calls commit()/rollback() to end it here.
      return {
        ...base,
        options: { usePhantomQuery: false },
        queryRaw: async (query) => queryRaw(connection, query),
        executeRaw: async (query) => executeRaw(connection, query),
        commit: async () => release(),
        rollback: async () => release(),
      };
    },
    async dispose() {
      options.onDispose();
      connection.close();
    },
  };
}

export class FairgammonSqliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName = ADAPTER_NAME;
  readonly #file: string;
  readonly #lock = new Lock();
  #connection: Database.Database | null = null;

  constructor(file: string) {
    this.#file = file;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const connection = openConnection(this.#file);
    try {
      connection.exec(CONNECTION_PRAGMAS);
    } catch (error) {
      connection.close();
      throw adapterError(error);
    }
    this.#connection = connection;
    return connectionAdapter(connection, this.#lock, {
      scriptsWithoutArgs: false,
      onDispose: () => {
        if (this.#connection === connection) this.#connection = null;
      },
    });
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return connectionAdapter(openConnection(":memory:"), new Lock(), { scriptsWithoutArgs: true, onDispose: () => {} });
  }

  /** Whether Prisma has connected (and not disconnected) so that `exclusive` has a connection to use. */
  get connected(): boolean {
    return this.#connection !== null;
  }

  /**
   * Runs `work` on the connection once every query and transaction queued before it has finished, and before any
   * queued after it starts. `work` is synchronous, so nothing else can run on the connection meanwhile.
   */
  exclusive<T>(work: (connection: Database.Database) => T): Promise<T> {
    return this.#lock.run(() => {
      if (!this.#connection) throw new Error("the SQLite connection is closed (connect the Prisma client first)");
      return work(this.#connection);
    });
  }
}

/** The adapter factory for a SQLite file path (not a `file:` URL). */
export function sqliteAdapter(file: string): FairgammonSqliteAdapterFactory {
  return new FairgammonSqliteAdapterFactory(file);
}
