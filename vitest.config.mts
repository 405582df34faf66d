import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    include: ["lib/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "i18n/**/*.test.ts"],
    exclude: ["node_modules", "e2e", ".next", "generated", ".cache"],
    // The test server process, bundled once for the run (tests/support/server-bundle.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites that start servers or open databases run in separate forks; keep it to the two cores we have. A fork keeps
    // its modules from one test file to the next (isolate: false): importing them again for each of ~270 files was a
    // quarter of the run's CPU (75 of ~430 CPU-seconds; docs/benchmarks.md, "The test suite"). Test files restore what
    // they change (fake timers, spies, environment variables) after themselves.
    pool: "forks",
    isolate: false,
    maxWorkers: 2,
  },
});
