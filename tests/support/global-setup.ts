/** Vitest's global setup: builds the bundles of the processes the tests start, once for the whole run (server-bundle.ts). */
import { buildBundles } from "./server-bundle";

export default async function setup(): Promise<void> {
  await buildBundles();
}
