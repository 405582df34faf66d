/** Full-page screenshots in test-results/screenshots/, attached to the Playwright report. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

export async function shoot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const dir = path.resolve("test-results", "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name), fullPage: true });
  await testInfo.attach(name, { path: path.join(dir, name), contentType: "image/png" });
}
