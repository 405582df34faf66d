/**
 * The committed one-sided bear-off database (lib/analysis/tables/bearoff-one-sided.bin, written by
 * `npm run build:bearoff`), read from disk once, on first use, and kept for the life of the process. The only module
 * that touches the file system for it; lib/analysis gets the database as an argument.
 *
 * No `import "server-only"`: that package throws outside a React server bundle, and the CLI (scripts/bg.ts under tsx)
 * and the engine's worker threads load this module directly — as every other server/ module they use does without it.
 *
 * @example
 *   const db = loadBearoffDatabase();       // ~6 MB read and decoded the first time, then memoised
 *   db.expectedRolls([0, 0, 0, 0, 0, 2]);    // 2.1096…
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BearoffDatabase } from "@/lib/analysis/bearoff-database";

const RELATIVE = "lib/analysis/tables/bearoff-one-sided.bin";

let loaded: BearoffDatabase | null = null;

/** Where the file is: beside this module's source tree, or (in a bundled server) under the working directory. */
export function bearoffFilePath(): string {
  const beside = fileURLToPath(new URL(`../../${RELATIVE}`, import.meta.url));
  return existsSync(beside) ? beside : join(process.cwd(), RELATIVE);
}

/** The database, read and decoded on the first call. Throws if the committed file is missing or corrupt. */
export function loadBearoffDatabase(): BearoffDatabase {
  loaded ??= BearoffDatabase.fromBytes(readFileSync(bearoffFilePath()));
  return loaded;
}
