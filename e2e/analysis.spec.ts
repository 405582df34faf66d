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
