/**
 * What every published-vectors script does (scripts/*-vectors.ts): write the vectors' JSON file, or with `--check`
 * fail if the file differs from what it would write — so the file in the repository is always what the code makes.
 *
 * @example
 *   writeOrCheckVectors({ name: "fair-dice-v2", file, script: "scripts/fair-dice-v2-vectors.ts", vectors: fairDiceV2Vectors() });
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

export interface VectorsFile {
  /** The protocol's name, for the messages. */
  readonly name: string;
  readonly file: string;
  /** The script that writes it, named in the message when it differs. */
  readonly script: string;
  readonly vectors: unknown;
}

export function writeOrCheckVectors({ name, file, script, vectors }: VectorsFile): void {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  const text = `${JSON.stringify(vectors, null, 1)}\n`;
  if (!values.check) {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
    return;
  }
  if (readFileSync(file, "utf8") !== text) {
    console.error(`${file} differs from what ${script} writes: run it and review the change`);
    process.exit(1);
  }
  console.log(`${name} vectors up to date`);
}
