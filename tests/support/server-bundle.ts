/**
 * The processes the tests start — the test server (server-entry.ts) and the command-line tools they run (verify,
 * admin, bg, train, label-positions) — as one JavaScript file each, built by esbuild once per test run (the Vitest
 * global setup) and started with plain `node`. Under tsx every one of a process's hundreds of modules went through
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
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
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
/** What stays in node_modules, loaded from there at run time (see buildBundles). */
const EXTERNAL = ["better-sqlite3", "@prisma/client", "@prisma/client/*", "next", "next/*", "@opentelemetry/api", "bufferutil", "utf-8-validate", "pg-native", "thread-stream"];

/** Set by the global setup once the bundles are fresh: only then do tests start them. */
const FRESH = "FAIRGAMMON_TEST_BUNDLES";

function bundlePath(name: BundledEntry): string {
  return path.join(DIR, `${name}.mjs`);
}

/**
 * Gives each of the project's modules its own `import.meta.url` (its source file's URL) instead of the bundle's: for
 * a tool whose modules find files beside them at other depths than two below the root (train reads
 * scripts/strength/fixtures/ through scripts/strength/heldout-set.ts).
 */
const ownFileUrls = {
  name: "own-file-urls",
  setup(build: { onLoad(options: { filter: RegExp }, callback: (args: { path: string }) => { contents: string; loader: "ts" } | undefined): void }) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(ROOT) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, "utf8");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

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
        format: "esm",
        target: "node20",
        // The packages go in too, but for these: native addons, Prisma's client (its runtime loads its engine from
        // files beside it), Next.js (not started by these processes), optional peers. Inlined, the process resolves
        // and reads no node_modules files for the rest: a test server started in 0.60 instead of 0.86 CPU-seconds
        // (0.69 s instead of 0.94 s) on a quiet moment of this 2-core machine, and the crash tests start dozens.
        external: EXTERNAL,
        // The packages' CommonJS calls require; esbuild's ESM output needs one to call.
        banner: { js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);' },
        alias: { "@": ROOT },
        outfile: temporary,
        logLevel: "warning",
        plugins: name === "train" || name === "label-positions" ? [ownFileUrls] : [],
      });
      renameSync(temporary, bundlePath(name));
    }),
  );
  process.env[FRESH] = "1";
}

/** The arguments that make node run `name`: its bundle when this run built it, else its TypeScript under tsx. */
export function entryArgs(name: BundledEntry): string[] {
  const bundle = bundlePath(name);
  return process.env[FRESH] === "1" && existsSync(bundle) ? [bundle] : ["--import", "tsx", path.join(ROOT, ENTRIES[name])];
}
