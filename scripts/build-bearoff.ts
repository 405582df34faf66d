/**
 * Builds the one-sided bear-off database (lib/analysis/bearoff-database.ts) and writes its binary form to
 * lib/analysis/tables/bearoff-one-sided.bin, the file committed to the repository and read by
 * server/analysis/bearoff-file.ts. server/analysis/bearoff-file.test.ts fails when the committed file differs from a
 * fresh build, so run this after any change to the database code and commit the file.
 *
 *   npm run build:bearoff            writes the file, prints build time and size
 *   npm run build:bearoff -- --check exits 1 (writing nothing) when the committed file is not what a build gives
 *
 * @example
 *   npm run build:bearoff   # bearoff: 54,264 boards built in 1.2 s; 6,261,688 bytes → lib/analysis/tables/…
 */
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { BearoffDatabase } from "@/lib/analysis/bearoff-database";
import { BEAROFF_POSITIONS } from "@/lib/analysis/bearoff-index";

const FILE = fileURLToPath(new URL("../lib/analysis/tables/bearoff-one-sided.bin", import.meta.url));

function main(args: readonly string[]): number {
  const started = performance.now();
  const bytes = BearoffDatabase.build().toBytes();
  const seconds = (performance.now() - started) / 1000;
  if (args[0] === "--check") {
    const same = Buffer.from(readFileSync(FILE)).equals(Buffer.from(bytes));
    process.stdout.write(`bearoff: ${FILE} ${same ? "matches" : "DIFFERS FROM"} a fresh build\n`);
    return same ? 0 : 1;
  }
  writeFileSync(FILE, bytes);
  const size = bytes.byteLength.toLocaleString("en-US");
  process.stdout.write(`bearoff: ${BEAROFF_POSITIONS.toLocaleString("en-US")} boards built in ${seconds.toFixed(2)} s; ${size} bytes → ${FILE}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
