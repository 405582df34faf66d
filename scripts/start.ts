/**
 * `npm start`: build the site if the build is missing or older than its sources, then serve it in production mode.
 * A person who just cloned the repo gets a working site from `npm install && npm start` with no other step.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// Nothing here should call home: the site must run on a closed network.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const root = process.cwd();
// server/ is in the bundle too: route handlers import server/auth and server/db.
const buildSources = ["app", "components", "lib", "server", "next.config.mjs", "package-lock.json", "tsconfig.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return buildSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

if (buildIsStale()) {
  process.stdout.write("Building the site (next build)…\n");
  const build = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    process.stderr.write("next build failed; see the output above.\n");
    process.exit(build.status ?? 1);
  }
}

// `npm start` without NODE_ENV=production is a person trying the site: secrets are generated into DATA_DIR. A
// deployment sets NODE_ENV=production (or DEPLOYMENT=production) and must then provide them (server/config/env.ts).
if (process.env.NODE_ENV !== "production") process.env.DEPLOYMENT ??= "local";
// Set before Next.js and React load, so they run their production builds.
Object.assign(process.env, { NODE_ENV: "production" });
const { main } = await import("../server/main");
main().catch((error: unknown) => {
  process.stderr.write(`Fairgammon failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
