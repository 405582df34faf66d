/**
 * The processes the tests start — the test server (server-entry.ts) and the command-line tools they run (verify,
 * admin, bg, train, label-positions) — as one JavaScript file each, built by esbuild once per test run (the Vitest
 * global setup) and started by `node tests/support/run-bundle.cjs`, which keeps V8's compiled code of each
 * bundle for the next process. Under tsx every one of a process's hundreds of modules went through
 * tsx's loader hooks: a test server took 1.2 s to start on a quiet 2-core machine against 0.7 s bundled, and the crash
 * tests start one dozens of times (docs/benchmarks.md, "The test suite"). Most packages are bundled too (EXTERNAL
 * lists those that are not). The files sit two folders below the root, as the modules that find files beside them by
 * `import.meta.url` (migrations, the bear-off database, the engine worker) do, so their paths still hold. Without a
 * bundle built by this run (a benchmark, a test started by hand) a process runs its TypeScript under tsx as before.
 *
 * @example
 *   await buildBundles();                                      // vitest globalSetup
 *   spawn(process.execPath, [...entryArgs("server-entry"), …]);
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ENTRIES = {
  "server-entry": "tests/support/server-entry.ts",
  verify: "scripts/verify.ts",
  admin: "scripts/admin.ts",
  bg: "scripts/bg.ts",
  train: "scripts/train.ts",
  "label-positions": "scripts/strength/label-positions.ts",
} as const;
export type BundledEntry = keyof typeof ENTRIES;
const DIR = path.join(ROOT, ".cache/bundles");
/** Runs a bundle with V8's code cache (run-bundle.cjs). */
const RUNNER = path.join(ROOT, "tests/support/run-bundle.cjs");
/** What stays in node_modules, loaded from there at run time (see buildBundles). */
const EXTERNAL = ["better-sqlite3", "@prisma/client", "@prisma/client/*", "next", "next/*", "@opentelemetry/api", "bufferutil", "utf-8-validate", "pg-native", "thread-stream"];

/** Set by the global setup once the bundles are fresh: only then do tests start them. */
const FRESH = "FAIRGAMMON_TEST_BUNDLES";

function bundlePath(name: BundledEntry): string {
  return path.join(DIR, `${name}.cjs`);
}

type OnLoad = (options: { filter: RegExp }, callback: (args: { path: string }) => { contents: string; loader: "ts" } | undefined) => void;

/**
 * Rewrites the project's own modules as they go into a bundle. Their `await import(…)` of a package left outside
 * (Next.js, Prisma's query compilers) calls `__bundleImport`, which run-bundle.cjs defines: V8 drops vm.Script's
 * dynamic-import hook from a script it makes from a code cache, so the bundle's own import() would fail there. With
 * `ownFileUrls`, each module also gets its own `import.meta.url` (its source file's URL) instead of the bundle's: for
 * a tool whose modules find files beside them at other depths than two below the root (train reads
 * scripts/strength/fixtures/ through scripts/strength/heldout-set.ts).
 */
const ownSources = (ownFileUrls: boolean) => ({
  name: "own-sources",
  setup(build: { onLoad: OnLoad }) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(ROOT) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let source = readFileSync(args.path, "utf8").replaceAll("await import(", "await __bundleImport(");
      if (ownFileUrls) source = source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents: source, loader: "ts" };
    });
  },
});

export async function buildBundles(): Promise<void> {
  const { build } = await import("esbuild");
  mkdirSync(DIR, { recursive: true });
  await Promise.all(
    (Object.keys(ENTRIES) as BundledEntry[]).map(async (name) => {
      const temporary = `${bundlePath(name)}.${process.pid}.tmp`;
      await build({
        entryPoints: [path.join(ROOT, ENTRIES[name])],
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        // The packages go in too, but for these: native addons, Prisma's client (its runtime loads its engine from
        // files beside it), Next.js (not started by these processes), optional peers. Inlined, the process resolves
        // and reads no node_modules files for the rest: a test server started in 0.60 instead of 0.86 CPU-seconds
        // (0.69 s instead of 0.94 s) on a quiet moment of this 2-core machine, and the crash tests start dozens.
        external: EXTERNAL,
        // CommonJS, so that run-bundle.cjs can give it V8's code cache; `import.meta`'s url, dirname and filename are
        // the bundle's own, as they were in an ES module bundle, so paths relative to them still hold.
        define: { "import.meta.url": "__bundleUrl", "import.meta.dirname": "__dirname", "import.meta.filename": "__filename" },
        banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
        alias: { "@": ROOT },
        outfile: temporary,
        logLevel: "warning",
        plugins: [ownSources(name === "train" || name === "label-positions")],
      });
      renameSync(temporary, bundlePath(name));
      // The last run's compiled code is for the last run's bundle: V8 would reject it, made again by the first process.
      rmSync(`${bundlePath(name)}.v8-cache`, { force: true });
    }),
  );
  process.env[FRESH] = "1";
}

/** The arguments that make node run `name`: its bundle when this run built it, else its TypeScript under tsx. */
export function entryArgs(name: BundledEntry): string[] {
  const bundle = bundlePath(name);
  return process.env[FRESH] === "1" && existsSync(bundle) ? [RUNNER, bundle] : ["--import", "tsx", path.join(ROOT, ENTRIES[name])];
}
