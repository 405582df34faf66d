/**
 * `npm start`: build the site if the build is missing or older than its sources, then serve it in production mode.
 * A person who just cloned the repo gets a working site from `npm install && npm start` with no other step.
 */
import { buildSiteIfStale } from "./site-build";

// Nothing here should call home: the site must run on a closed network.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

buildSiteIfStale(process.cwd());

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
