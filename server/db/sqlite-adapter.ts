/**
 * The SQLite driver adapter used by the app and by the Prisma CLI (prisma.config.ts): @prisma/adapter-better-sqlite3
 * with three changes.
 *
 * 1. Connection settings: WAL, synchronous=NORMAL, a busy timeout and foreign keys on.
 * 2. One queue for everything. The stock adapter shares one connection between transactions and plain queries and
 *    locks only transactions, so a plain query issued while an interactive transaction is open runs inside it (it
 *    reads uncommitted rows, and its writes vanish when that transaction rolls back). Here plain queries wait for the
 *    open transaction as transactions already do.
 * 3. The shadow database (used by `prisma migrate diff --from-migrations`) replays migration scripts through
 *    `executeRaw` without arguments, which better-sqlite3's `prepare()` refuses for several statements; those calls
 *    go to `executeScript` instead.
 *
 * @example
 *   const prisma = new PrismaClient({ adapter: sqliteAdapter("./data/fairgammon.db") });
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

type AdapterFactory = PrismaBetterSQLite3;
type Adapter = Awaited<ReturnType<AdapterFactory["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

const CONNECTION_PRAGMAS = [
  "PRAGMA journal_mode = WAL;",
  "PRAGMA synchronous = NORMAL;",
  `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS};`,
  "PRAGMA foreign_keys = ON;",
].join("\n");

/** A FIFO lock: `acquire()` resolves with the function that releases it. */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    return previous.then(() => release);
  }
}

function onceOnly(release: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      release();
    }
  };
}

function queued(inner: Adapter): Adapter {
  const lock = new Lock();
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const release = await lock.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => exclusive(() => inner.queryRaw(query)),
    executeRaw: (query) => exclusive(() => inner.executeRaw(query)),
    executeScript: (script) => exclusive(() => inner.executeScript(script)),
    async startTransaction(isolationLevel): Promise<Transaction> {
      const release = onceOnly(await lock.acquire());
      try {
        const tx = await inner.startTransaction(isolationLevel);
        return {
          provider: tx.provider,
          adapterName: tx.adapterName,
          options: tx.options,
          queryRaw: (query) => tx.queryRaw(query),
          executeRaw: (query) => tx.executeRaw(query),
          commit: () => tx.commit().finally(release),
          rollback: () => tx.rollback().finally(release),
        };
      } catch (error) {
        release();
        throw error;
      }
    },
    ...(inner.getConnectionInfo ? { getConnectionInfo: () => inner.getConnectionInfo!() } : {}),
    dispose: () => inner.dispose(),
  };
}

function scriptsThroughExecuteScript(inner: Adapter): Adapter {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => inner.queryRaw(query),
    executeRaw: async (query) => {
      if (query.args.length > 0) return inner.executeRaw(query);
      await inner.executeScript(query.sql);
      return 0;
    },
    executeScript: (script) => inner.executeScript(script),
    startTransaction: (isolationLevel) => inner.startTransaction(isolationLevel),
    ...(inner.getConnectionInfo ? { getConnectionInfo: () => inner.getConnectionInfo!() } : {}),
    dispose: () => inner.dispose(),
  };
}

class FairgammonSqliteAdapterFactory extends PrismaBetterSQLite3 {
  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    await adapter.executeScript(CONNECTION_PRAGMAS);
    return queued(adapter);
  }

  override async connectToShadowDb(): Promise<Adapter> {
    return scriptsThroughExecuteScript(await super.connectToShadowDb());
  }
}

/** The adapter factory for a SQLite file path (not a `file:` URL). */
export function sqliteAdapter(file: string): PrismaBetterSQLite3 {
  return new FairgammonSqliteAdapterFactory({ url: file });
}
