import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL(".", import.meta.url)) },
  },
  test: {
    include: ["lib/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "i18n/**/*.test.ts"],
    exclude: ["node_modules", "e2e", ".next", "generated"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites that start servers or open databases run in separate forks; keep it to the two cores we have.
    pool: "forks",
    maxWorkers: 2,
  },
});
