/**
 * Fails when the project's modules import each other in a cycle (type-only imports count too: a cycle of types is
 * a cycle of concepts, and the layers of docs/architecture.md are meant to be a tree). Part of `npm run lint`.
 *
 * Every .ts/.tsx file outside node_modules and generated code is read; its imports (static, dynamic, re-exports) are
 * resolved the way tsconfig.json resolves them ("@/…" from the root, relative paths, index files); cycles are the
 * strongly connected components of that graph with more than one file, or a file importing itself.
 *
 * @example
 *   npx tsx scripts/import-cycles.ts          # exit 0, or 1 with each cycle listed
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const SKIP = new Set(["node_modules", ".next", "generated", "data", "playwright-report", "test-results", ".git", ".cache"]);

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(root, full));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

function resolve(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each project file and the project files it imports (paths relative to `root`). */
export function importGraph(root: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolve(root, file, imported.fileName)).filter((target): target is string => target !== null);
    graph.set(path.relative(root, file), [...new Set(targets.map((target) => path.relative(root, target)))]);
  }
  return graph;
}

/** The cycles of `graph`: its strongly connected components of two or more files, and files importing themselves. */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative (deep import chains would overflow a recursive one).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const cycles = findCycles(importGraph(process.cwd()));
  for (const cycle of cycles) console.error(`import cycle (${cycle.length} files):\n  ${cycle.join("\n  ")}`);
  if (cycles.length > 0) process.exit(1);
}
