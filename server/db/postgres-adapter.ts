/**
 * PostgreSQL driver adapters. The app uses the stock @prisma/adapter-pg; the Prisma CLI (prisma/postgres/
 * prisma.config.ts) needs `postgresCliAdapter`, which works around what @prisma/adapter-pg 6.19.3 gets wrong for the
 * schema engine:
 *
 * 1. catalog columns of type `name` (OID 19), `"char"` (18) and `name[]` (1003) are reported as `text`/`text[]`,
 *    else introspection fails with "Column type 'name' could not be deserialized";
 * 2. host, port, user, password and database are passed as separate fields, not a connection string, else the
 *    shadow database replay runs against the main database;
 * 3. the shadow pool is ended before the shadow database is dropped ("… is being accessed by other users");
 * 4. scripts (migration.sql) are sent whole: the stock `executeScript` splits them at every ";", which cuts the
 *    PL/pgSQL trigger functions of the append-only tables apart.
 * `allowExitOnIdle` keeps the CLI from lingering on idle connections.
 *
 * @example
 *   const prisma = new PrismaClient({ adapter: postgresAdapter("postgresql://postgres@127.0.0.1:5432/fairgammon") });
 */
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { resilientPostgresAdapter } from "./postgres-resilience";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

/** The app's adapter: the stock one, hardened for outages (postgres-resilience.ts). */
export function postgresAdapter(url: string): PrismaPg {
  return resilientPostgresAdapter(url);
}

/** Connection fields of a postgres:// URL, one by one (see workaround 2). */
export function poolConfigOf(url: string): pg.PoolConfig {
  const parsed = new URL(url);
  return {
    host: decodeURIComponent(parsed.hostname) || "localhost",
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || undefined,
  };
}

const REPORTED_AS: Readonly<Record<number, number>> = { 19: 25, 18: 25, 1003: 1009 };

function retyped<T>(result: T): T {
  const fields = (result as { fields?: { dataTypeID: number }[] } | undefined)?.fields ?? [];
  for (const field of fields) field.dataTypeID = REPORTED_AS[field.dataTypeID] ?? field.dataTypeID;
  return result;
}

type Callback = (error: Error | null, result: unknown) => void;
const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/** A pg client that reports catalog column types as text (workaround 1); pools hand out this class. */
class CatalogAsTextClient extends pg.Client {
  override query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === "function") {
      const callback = last as Callback;
      return baseQuery.apply(this, [...args.slice(0, -1), (error: Error | null, result: unknown) => callback(error, retyped(result))]) as never;
    }
    const returned = baseQuery.apply(this, args);
    return (returned instanceof Promise ? returned.then(retyped) : returned) as never;
  }
}

function poolFor(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, Client: CatalogAsTextClient, allowExitOnIdle: true });
}

function wholeScripts(adapter: Adapter, pool: pg.Pool, dispose: () => Promise<void>): Adapter {
  return Object.assign(Object.create(adapter) as Adapter, {
    async executeScript(script: string): Promise<void> {
      await pool.query(script);
    },
    dispose,
  });
}

class CliPostgresAdapterFactory extends PrismaPg {
  readonly #config: pg.PoolConfig;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.#config = config;
  }

  override async connect(): Promise<Adapter> {
    const pool = poolFor(this.#config);
    const adapter = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
    return wholeScripts(adapter, pool, () => adapter.dispose());
  }

  override async connectToShadowDb(): Promise<Adapter> {
    const database = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "_")}`;
    const admin = poolFor(this.#config);
    await admin.query(`CREATE DATABASE "${database}"`);
    const pool = poolFor({ ...this.#config, database });
    const adapter = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
    return wholeScripts(adapter, pool, async () => {
      await adapter.dispose();
      await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
      await admin.end();
    });
  }
}

/** The adapter factory for the Prisma CLI on PostgreSQL (see the module comment). */
export function postgresCliAdapter(url: string): PrismaPg {
  return new CliPostgresAdapterFactory(poolConfigOf(url));
}
