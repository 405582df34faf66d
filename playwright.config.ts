// End-to-end tests (`npm run test:e2e`): Debian's Chromium (apt-get install -y chromium; Playwright's own browser
// download cannot work offline) against the production build, served by scripts/e2e-server.ts with a fresh database.
import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e/e2e-env";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // One server and one database for the whole run. Specs make their own users and matches, so two spec files run side
  // by side: a run is mostly waiting on the server, the bots and the computer (one worker used about 4.6 CPU-minutes in
  // 10.6 minutes of wall time on two cores), and the whole CI run must stay well under 20 minutes.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  // A test's budget, for those that set none. CI machines vary: on a slow hour (2026-12-04, Playwright 18.7 min instead
  // of 9) tests that take 15-25 s here took 27-31 s, and one failed at 30 s. Each wait still has its own 10 s limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      // Without the networking flags Chromium keeps calling home and floods the closed network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `${E2E_BASE_URL}/api/health`,
    // A cold `next build` takes about a minute on two cores; an up-to-date build is reused.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { NEXT_TELEMETRY_DISABLED: "1" },
  },
});
