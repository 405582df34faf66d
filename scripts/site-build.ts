/**
 * The production build of the site, made when it is missing or older than its sources: shared by `npm start`
 * (scripts/start.ts) and `npm run start:cluster` (scripts/start-cluster.ts), which builds once for all its nodes.
 *
 * @example
 *   buildSiteIfStale(process.cwd()); // runs `next build` only when needed; exits the process if it fails
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

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

export function buildIsStale(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return buildSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** Builds the site if the build is stale; on a failed build, says so and exits with the build's status. */
export function buildSiteIfStale(root: string): void {
  // Nothing here should call home: the site must run on a closed network.
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  if (!buildIsStale(root)) return;
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
