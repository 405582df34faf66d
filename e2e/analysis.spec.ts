// Analysis in review, in a real browser against the production build: two guests' bots (random legal plays) finish a
// 1-point match; a player opens its review, sees both pip counts, picks 0-ply and presses "Analyse"; the progress
// shows, then each player's summary and the marks in the move list; a marked play explains itself and can show the
// best play on the board; a second visit shows the stored analysis at once.
import { expect, test } from "@playwright/test";
import { guest, playFinishedMatch, type Guest } from "./bot-match";
import { shoot } from "./screenshot";

let players: [Guest, Guest];
let matchId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  players = [await guest(browser), await guest(browser)];
  matchId = (await playFinishedMatch(players[0], players[1], 4242)).matchId;
});

test.afterAll(async () => {
  for (const player of players ?? []) await player.context.close();
});

test("a finished match is analysed from its review page", async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(180_000);
  const page = players[0].page;
  await page.goto(`/matches/${matchId}`);
  await expect(page.locator(".review")).toHaveAttribute("data-keys", "on");
  // Both sides start with 167 pips (gnubg's pip count of the opening position).
  await expect(page.getByTestId("pip-counts")).toHaveText(/Pips: White 167 · Black 167/);

  // Every depth the engine offers, the deepest said to take minutes.
  await expect(page.getByTestId("analysis-ply").locator("option")).toHaveText(["0-ply", "1-ply", "2-ply", "3-ply (deep: minutes)"]);
  await page.getByTestId("analysis-ply").selectOption("0");
  await page.getByTestId("analyse-button").click();
  await expect(page.getByTestId("analysis-progress")).toBeVisible();
  const summary = page.getByTestId("analysis-summary");
  await expect(summary).toBeVisible({ timeout: 150_000 });
  await expect(summary).toContainText(players[0].name);
  await expect(summary).toContainText("Error rate per decision (mEMG)");
  await expect(page.getByTestId("analyse-button")).toHaveText("Analysed");

  // Random plays lose equity: the move list marks some of them (?!, ? or ??).
  const marked = page.getByTestId("move-list").locator("[data-mark]");
  expect(await marked.count()).toBeGreaterThan(0);
  await marked.first().click();
  const note = page.getByTestId("step-analysis");
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute("data-mark", /doubtful|error|blunder/);
  await expect(note).toContainText(/lost/);
  const showBest = page.getByTestId("show-best");
  if ((await showBest.count()) > 0) {
    const before = await page.locator("svg.board").innerHTML();
    await showBest.check();
    await expect(page.getByTestId("showing-best")).toBeVisible();
    expect(await page.locator("svg.board").innerHTML()).not.toEqual(before);
  }
  await shoot(page, "analysis.png", testInfo);

  // A second view: the stored analysis comes with the page.
  await page.reload();
  await expect(page.getByTestId("analysis-summary")).toBeVisible();
  await expect(page.getByTestId("analyse-button")).toHaveText("Analysed");
});

test("a 3-point match with a double: each player's PR-style rates in words, the luck of the rolls, the cube's equities", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  // White doubles at its first chance (the cube stops at 2); black takes or drops at random: a cube decision to mark.
  const pair: [Guest, Guest] = [await guest(browser), await guest(browser)];
  try {
    const { matchId: id } = await playFinishedMatch(pair[0], pair[1], 777, "public", { matchLength: 3, whiteDoubleRate: 1, maxCube: 2 });
    const page = pair[0].page;
    await page.goto(`/matches/${id}`);
    await expect(page.locator(".review")).toHaveAttribute("data-keys", "on");
    await page.getByTestId("analysis-ply").selectOption("0");
    await page.getByTestId("analyse-button").click();
    const summary = page.getByTestId("analysis-summary");
    await expect(summary).toBeVisible({ timeout: 200_000 });
    const band = /Supernatural|World class|Expert|Advanced|Intermediate|Casual player|Beginner|Awful!/;
    await expect(summary.locator('[data-row="checker-rate"] [data-testid="summary-white"]')).toHaveText(band);
    await expect(summary.locator('[data-row="checker-rate"] [data-testid="summary-black"]')).toHaveText(band);
    // White doubled: its cube decisions have a rate and a band.
    await expect(summary.locator('[data-row="cube-rate"] [data-testid="summary-white"]')).toHaveText(band);
    await expect(summary.locator('[data-row="luck"] [data-testid="summary-white"]')).toHaveText(/^[+−]\d\.\d{3} over \d+ rolls$/);
    await expect(summary.locator('[data-row="luck-by-game"] [data-testid="summary-black"]')).toContainText("game 1:");

    // The double's step shows the cube's three cubeful equities.
    const moveList = page.getByTestId("move-list");
    await moveList.locator(".move-line", { hasText: "doubles to 2" }).first().click();
    const note = page.getByTestId("step-analysis");
    await expect(note).toContainText(/Double: .*Cubeful equities: no double [+−]\d\.\d{3}, double\/take [+−]\d\.\d{3}, double\/pass \+1\.000\./);
    await shoot(page, "analysis-cube.png", testInfo);

    // A roll's step tells its luck.
    await page.getByRole("button", { name: /^Game 1/ }).click();
    await moveList.locator(".move-line", { has: page.locator(".step-roll") }).first().click();
    await expect(page.getByTestId("luck-note")).toHaveText(/^Luck of this roll: [+−]\d\.\d{3} \((very lucky|lucky|unlucky|very unlucky|an ordinary roll)\)\.$/);
  } finally {
    for (const player of pair) await player.context.close();
  }
});

test("an unknown match or a bad depth cannot be analysed, and only the site's own signed-in pages start one", async ({ page }) => {
  // Not from a page of this site (no Origin): refused before anything is read.
  const foreign = await page.request.post(`/api/matches/${matchId}/analysis`, { data: { ply: 0 } });
  expect(foreign.status()).toBe(403);
  // From the site's page, signed in as a guest: the real answers.
  await page.goto("/");
  await page.locator("header").getByRole("button", { name: "Play as guest" }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(/^guest-/);
  const post = (id: string, ply: number) =>
    page.evaluate(
      async ([id, ply]) => {
        const response = await fetch(`/api/matches/${id}/analysis`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ply }) });
        return { status: response.status, body: (await response.json()) as { error?: string } };
      },
      [id, ply] as const,
    );
  expect((await post("no-such-match-1", 0)).status).toBe(404);
  const badPly = await post(matchId, 7);
  expect(badPly.status).toBe(400);
  expect(badPly.body.error).toBe("ERR_BAD_PLY");
});
