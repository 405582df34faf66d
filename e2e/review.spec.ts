// Match history and review in a real browser against the production build: two guests' bots finish a public and a
// private 1-point match; a player finds them in /matches (filtered by status), steps through a review with the arrow
// keys and the buttons, copies the gnubg IDs, verifies every roll in the browser (all ✓) and downloads the .mat file;
// anyone may review the public match, while the private one is a 404 to outsiders and open with its invite link.
import { expect, test } from "@playwright/test";
import { guest, playFinishedMatch, type Guest } from "./bot-match";
import { shoot } from "./screenshot";

let players: [Guest, Guest];
let publicId: string;
let privateMatch: { matchId: string; inviteToken: string | null };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  players = [await guest(browser), await guest(browser)];
  publicId = (await playFinishedMatch(players[0], players[1], 9001)).matchId;
  privateMatch = await playFinishedMatch(players[1], players[0], 9101, "private");
});

test.afterAll(async () => {
  for (const player of players ?? []) await player.context.close();
});

test("a player reviews a finished match step by step and verifies it", async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(90_000);
  const [ann] = players;
  const page = ann.page;
  await ann.context.grantPermissions(["clipboard-read", "clipboard-write"]);

  // The history lists both matches; the status filter keeps finished ones.
  await page.goto("/matches?status=finished");
  const history = page.getByTestId("history-table");
  await expect(history.locator("tbody tr")).toHaveCount(2);
  const row = history.locator(`tr[data-match="${publicId}"]`);
  await expect(row).toContainText(players[1].name);
  await expect(row).toContainText(/won|lost/);
  await shoot(page, "match-history.png", testInfo);
  await page.goto("/matches?status=playing");
  await expect(page.getByTestId("history-empty")).toBeVisible();
  await page.goto("/matches");
  await page.getByTestId("history-table").locator(`tr[data-match="${publicId}"]`).getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(`/matches/${publicId}`);

  // Step with the keys: → forward, ← back, End to the last step, Home to the first (once the page listens for them).
  await expect(page.locator(".review")).toHaveAttribute("data-keys", "on");
  const counter = page.getByTestId("step-counter");
  await expect(counter).toHaveText(/^Step 1 of \d+ · game 1$/);
  const total = Number((await counter.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(3);
  await expect(page.getByTestId("step-text")).toHaveText(/^(White rolls \d, Black rolls \d|White and Black both roll \d)/);
  const seen = new Set<string>([(await page.getByTestId("position-id").textContent()) ?? ""]);
  // Step on until the opener's move: before it come the opening rolls, one per tie (the dice are new in every run;
  // three ties in a row were seen), none of which moves a checker. Ten ties in a row would be a 1-in-60-million run.
  let step = 1;
  while (seen.size === 1 && step < Math.min(total, 12)) {
    await page.keyboard.press("ArrowRight");
    step++;
    await expect(counter).toHaveText(new RegExp(`^Step ${step} of ${total}`));
    seen.add((await page.getByTestId("position-id").textContent()) ?? "");
  }
  // The opener's move changed the board, so its Position ID differs from the starting one.
  expect(seen.size).toBe(2);
  await expect(page.getByTestId("step-text")).not.toHaveText(/roll again/);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(new RegExp(`^Step ${step - 1} of ${total}`));
  await page.keyboard.press("End");
  await expect(counter).toHaveText(new RegExp(`^Step ${total} of ${total}`));
  await expect(page.getByTestId("step-text")).toHaveText(/wins the match/);
  await page.getByRole("button", { name: "← Previous" }).click();
  await expect(counter).toHaveText(new RegExp(`^Step ${total - 1} of ${total}`));
  await page.keyboard.press("Home");
  await expect(counter).toHaveText(new RegExp(`^Step 1 of ${total}`));
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(counter).toHaveText(new RegExp(`^Step 2 of ${total}`));

  // The move list is in gnubg notation with the dice; a click on a line goes there.
  const moves = page.getByTestId("move-list");
  await expect(moves.locator(".gnubg-move").first()).toHaveText(/^\d\d: /);
  await moves.locator("li").nth(2).getByRole("button").click();
  await expect(counter).toHaveText(new RegExp(`^Step 3 of ${total}`));

  // The gnubg IDs copy to the clipboard.
  const positionId = (await page.getByTestId("position-id").textContent()) ?? "";
  expect(positionId).toMatch(/^[A-Za-z0-9+/]{14}$/);
  await page.getByRole("button", { name: "Copy the Position ID" }).click();
  await expect(page.getByRole("button", { name: "Copy the Position ID" })).toHaveText("Copied ✓");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(positionId);
  const matchId = (await page.getByTestId("gnubg-match-id").textContent()) ?? "";
  expect(matchId).toMatch(/^[A-Za-z0-9+/]{12}$/);
  await page.getByRole("button", { name: "Copy the Match ID" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(matchId);

  // Verified in the browser: every check passes.
  await page.getByRole("button", { name: "Verify this match" }).click();
  const report = page.getByTestId("verify-report");
  await expect(report.getByRole("status")).toHaveText("Verified: every check passed.");
  const checks = report.locator("[data-check]");
  // fair-dice-v3's twelve checks, the site's signature and both players' chains among them (the review page is not
  // the player's browser: no salts or heads of its own to compare).
  await expect(checks).toHaveCount(12);
  expect(await checks.evaluateAll((items) => items.map((item) => item.getAttribute("data-status")))).toEqual(Array(12).fill("passed"));
  await expect(report.locator(".checks .check-mark")).toHaveText(Array(12).fill("✓"));
  await expect(report.locator('[data-check="chain-values"]')).toHaveAttribute("data-status", "passed");
  await expect(report.locator('[data-check="signature"]')).toHaveAttribute("data-status", "passed");
  await shoot(page, "review-verified.png", testInfo);

  // Downloads: the .mat file (an attachment) and the audit bundle.
  const download = page.waitForEvent("download");
  await page.getByTestId("download-mat").click();
  expect((await download).suggestedFilename()).toBe(`fairgammon-${publicId}.mat`);
  const mat = await page.request.get(`/api/matches/${publicId}/export.mat`);
  expect(mat.status()).toBe(200);
  expect(mat.headers()["content-disposition"]).toBe(`attachment; filename="fairgammon-${publicId}.mat"`);
  const text = await mat.text();
  expect(text).toContain(" 1 point match");
  expect(text).toContain("Game 1");
  await expect(page.getByRole("link", { name: "Download the audit bundle (JSON)" })).toHaveAttribute("href", `/api/matches/${publicId}/audit`);
});

test("anyone may review a public match; a private one only its players and invite holders", async ({ browser }) => {
  const outsider = await browser.newPage();
  expect((await outsider.goto(`/matches/${publicId}`))?.status()).toBe(200);
  await expect(outsider.getByTestId("step-counter")).toHaveText(/^Step 1 of/);
  expect((await outsider.goto(`/matches/${privateMatch.matchId}`))?.status()).toBe(404);
  expect((await outsider.request.get(`/api/matches/${privateMatch.matchId}/export.mat`)).status()).toBe(404);
  expect((await outsider.goto(`/matches/${privateMatch.matchId}?invite=${privateMatch.inviteToken ?? ""}`))?.status()).toBe(200);
  await outsider.close();
  expect((await players[0].page.goto(`/matches/${privateMatch.matchId}`))?.status()).toBe(200);
  // The history asks visitors to sign in.
  const anonymous = await browser.newPage();
  await anonymous.goto("/matches");
  await expect(anonymous).toHaveURL(/\/login\?callbackUrl=%2Fmatches/);
  await anonymous.close();
});
