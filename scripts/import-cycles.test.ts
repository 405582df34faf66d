/**
 * The import-cycle check of `npm run lint` (import-cycles.ts): it finds a cycle — through "@/" paths, relative paths,
 * index files and type-only imports alike — and the project has none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findCycles, importGraph } from "./import-cycles";

const root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe("import cycles", () => {
  it("finds a cycle of three files and a file importing itself, and leaves a tree alone", () => {
    write("server/a.ts", 'import { b } from "@/server/b";\nexport const a = b;\n');
    write("server/b.ts", 'import type { C } from "./c";\nexport const b = 1 as unknown as C;\n');
    write("server/c/index.ts", 'export type { A } from "../a";\nexport type C = number;\n');
    write("lib/self.ts", 'export * from "./self";\n');
    write("lib/leaf.ts", 'import { z } from "zod";\nexport const leaf = z;\n');
    write("lib/root.ts", 'import { leaf } from "./leaf";\nexport const root = leaf;\n');
    const cycles = findCycles(importGraph(root));
    expect(cycles).toEqual(expect.arrayContaining([["server/a.ts", "server/b.ts", "server/c/index.ts"], ["lib/self.ts"]]));
    expect(cycles).toHaveLength(2);
  });

  it("finds none in the project", () => {
    expect(findCycles(importGraph(process.cwd()))).toEqual([]);
  });
});
