/**
 * Which database a URL names. `DATABASE_URL` picks the database: unset means the SQLite file
 * `file:<DATA_DIR or ./data>/fairgammon.db`; a `postgres://` or `postgresql://` URL means PostgreSQL; any other
 * `file:` URL is a SQLite file (relative paths are relative to the working directory).
 *
 * @example
 *   databaseTarget({});                                        // { kind: "sqlite", url: "file:./data/fairgammon.db", file: "./data/fairgammon.db" }
 *   databaseTarget({ DATABASE_URL: "postgresql://u@h:5432/db" }); // { kind: "postgres", url: "postgresql://u@h:5432/db" }
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export type DatabaseTarget =
  | { readonly kind: "sqlite"; readonly url: string; readonly file: string }
  | { readonly kind: "postgres"; readonly url: string };

export const DEFAULT_DATA_DIR = "./data";
export const DEFAULT_SQLITE_FILE_NAME = "fairgammon.db";

/** The target of an explicit URL. Throws (a configuration error) for a URL that is neither SQLite nor PostgreSQL. */
export function targetOf(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", url };
  if (url.startsWith("file:")) return { kind: "sqlite", url, file: url.slice("file:".length) };
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url.split(":")[0]}:…")`);
}

/** The target the environment asks for (see the module comment). */
export function databaseTarget(env: Readonly<Record<string, string | undefined>>): DatabaseTarget {
  const explicit = env.DATABASE_URL?.trim();
  if (explicit) return targetOf(explicit);
  const dataDir = env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  return targetOf(`file:${dataDir.replace(/\/+$/, "")}/${DEFAULT_SQLITE_FILE_NAME}`);
}

/** Creates the folder of a SQLite file when it is missing (the data dir is created on demand). */
export function ensureSqliteDirectory(target: DatabaseTarget): void {
  if (target.kind === "sqlite" && target.file !== ":memory:") mkdirSync(dirname(target.file), { recursive: true });
}
