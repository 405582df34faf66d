/**
 * The SQLite driver adapter used by the app and by the Prisma CLI (prisma.config.ts): @prisma/adapter-better-sqlite3
 * with three changes.
 *
 * 1. Connection settings: WAL, synchronous=NORMAL, a busy timeout, foreign keys on and a 64 MiB page cache.
 * 2. One queue for everything. The stock adapter shares one connection between transactions and plain queries and
 *    locks only transactions, so a plain query issued while an interactive transaction is open runs inside it (it
 *    reads uncommitted rows, and its writes vanish when that transaction rolls back). Here plain queries wait for the
 *    open transaction as transactions already do.
 * 3. The shadow database (used by `prisma migrate diff --from-migrations`) replays migration scripts through
 *    `executeRaw` without arguments, which better-sqlite3's `prepare()` refuses for several statements; those calls
 *    go to `executeScript` instead.
 * 4. `exclusive(work)` runs synchronous better-sqlite3 code on the same connection, in turn with everything Prisma
 *    sends (server/db/sqlite-append.ts uses it for the hot write path, where Prisma costs ~10× the SQL itself). It
 *    must be the same connection and the same queue: better-sqlite3 waits for a lock synchronously, so a second
 *    connection waiting for a Prisma transaction would block the event loop that transaction needs to finish.
 *
 * @example
 *   const adapter = sqliteAdapter("./data/fairgammon.db");
 *   const prisma = new PrismaClient({ adapter });
 *   await prisma.$connect();
 *   const count = await adapter.exclusive((sqlite) => sqlite.prepare("SELECT count(*) FROM Match").pluck().get());
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";

type AdapterFactory = PrismaBetterSQLite3;
type Adapter = Awaited<ReturnType<AdapterFactory["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

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

async function underLock<T>(lock: Lock, work: () => T | Promise<T>): Promise<T> {
  const release = await lock.acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

function queued(inner: Adapter, lock: Lock): Adapter {
  const exclusive = <T>(work: () => Promise<T>) => underLock(lock, work);
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

/**
 * The better-sqlite3 connection under the stock adapter. The adapter keeps it in a public `client` field it does not
 * declare (@prisma/adapter-better-sqlite3 6.19); checked here so that an upgrade that moves it fails loudly at
 * connect instead of writing through the wrong handle.
 */
function connectionOf(adapter: Adapter): Database.Database {
  const client = (adapter as unknown as { client?: unknown }).client;
  if (!(client instanceof Database)) throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its better-sqlite3 connection as `client`");
  return client;
}

export class FairgammonSqliteAdapterFactory extends PrismaBetterSQLite3 {
  readonly #lock = new Lock();
  #connection: Database.Database | null = null;

  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    await adapter.executeScript(CONNECTION_PRAGMAS);
    const connection = connectionOf(adapter);
    this.#connection = connection;
    const wrapped = queued(adapter, this.#lock);
    return {
      ...wrapped,
      dispose: () => {
        if (this.#connection === connection) this.#connection = null;
        return wrapped.dispose();
      },
    };
  }

  override async connectToShadowDb(): Promise<Adapter> {
    return scriptsThroughExecuteScript(await super.connectToShadowDb());
  }

  /** Whether Prisma has connected (and not disconnected) so that `exclusive` has a connection to use. */
  get connected(): boolean {
    return this.#connection !== null;
  }

  /**
   * Runs `work` on Prisma's own connection once every query and transaction queued before it has finished, and
   * before any queued after it starts. `work` is synchronous, so nothing else can run on the connection meanwhile.
   */
  exclusive<T>(work: (connection: Database.Database) => T): Promise<T> {
    return underLock(this.#lock, () => {
      if (!this.#connection) throw new Error("the SQLite connection is closed (connect the Prisma client first)");
      return work(this.#connection);
    });
  }
}

/** The adapter factory for a SQLite file path (not a `file:` URL). */
export function sqliteAdapter(file: string): FairgammonSqliteAdapterFactory {
  return new FairgammonSqliteAdapterFactory({ url: file });
}
