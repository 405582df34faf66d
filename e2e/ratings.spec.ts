// Ratings in the browser: two players register, both join the matchmaking queue for a rated 1-point match from the
// lobby and are taken to the same match, submit their client seeds in the page, and the match ends by a resignation
// (driven over the site's own socket with their session cookies, as e2e/bot-match.ts does). The match page shows the
// end: the result, both rating changes, links to analyse and review the match. Then the winner's
// profile shows 1510.0 (both start at 1500 with no experience: 4·K·√1·½ = 4·5·½ = 10), the loser's 1490.0, and the
// leaderboard, reached from the site's navigation, lists the winner above the loser.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { BotClient } from "../scripts/bot/bot-client";
import { E2E_BASE_URL } from "./e2e-env";
import { registerInNewContext } from "./ui-helpers";

const PASSWORD = "correct horse battery";

const registered = (browser: Browser, username: string) => registerInNewContext(browser, username, PASSWORD);

async function queueForRated(page: Page): Promise<void> {
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Find an opponent" });
  await panel.getByLabel("Match length (points)").fill("1");
  await panel.getByTestId("queue-rated").check();
  await panel.getByRole("button", { name: "Join the queue" }).click();
}

test("a rated match found through the queue moves both ratings, shown on the profiles and the leaderboard", async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-6);
  const [ann, ben] = [await registered(browser, `ann${suffix}`), await registered(browser, `ben${suffix}`)];

  await queueForRated(ann.page);
  await expect(ann.page.getByTestId("queue-waiting")).toContainText("1-point rated match");
  await queueForRated(ben.page);
  await Promise.all([ann.page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/), ben.page.waitForURL(/\/match\/[A-Za-z0-9_-]+$/)]);
  expect(ann.page.url()).toBe(ben.page.url());
  const matchId = ann.page.url().split("/").pop()!;

  for (const { page } of [ann, ben]) {
    await expect(page.getByLabel("Your client seed")).toHaveValue(/^[0-9a-f]{32}$/);
    await page.getByRole("button", { name: "Submit seed" }).click();
    await expect(page.getByLabel("Your client seed")).toHaveCount(0);
  }

  // The end: whoever is to move resigns a single game, the other accepts.
  let loser = "";
  const bots = [ann, ben].map((p, i) => new BotClient({ url: E2E_BASE_URL, cookie: p.cookie, seed: 7 + i, play: false }));
  try {
    await Promise.all(bots.map((bot) => bot.connect()));
    for (const bot of bots) await bot.watch(matchId);
    const view = await bots[0]!.until((v) => v.state.phase === "moving");
    const onRoll = view.state.onRoll!;
    loser = view.players[onRoll]!.name;
    const [resigner, accepter] = loser === `ann${suffix}` ? [bots[0]!, bots[1]!] : [bots[1]!, bots[0]!];
    expect((await resigner.send("match:resign", { matchId, level: 1 })).ok).toBe(true);
    expect((await accepter.send("match:resign-accept", { matchId })).ok).toBe(true);
    await Promise.all(bots.map((bot) => bot.finished(30_000)));
  } finally {
    for (const bot of bots) bot.close();
  }
  await expect(ann.page.getByTestId("server-seed")).toHaveText(/^[0-9a-f]{64}$/);
  // The winner is the one who accepted the resignation.
  const winner = loser === `ann${suffix}` ? `ben${suffix}` : `ann${suffix}`;

  // The match page's end (issue 47: there was none): the result as ann sees it, both ratings, the ways to the review.
  const end = ann.page.getByTestId("match-end");
  await expect(end.locator("h2")).toHaveText(winner === `ann${suffix}` ? "You won the match" : "You lost the match");
  await expect(end.getByTestId("match-end-ratings")).toContainText(`${winner}: rating 1500.0 → 1510.0 +10.0`);
  await expect(end.getByTestId("match-end-ratings")).toContainText(`${loser}: rating 1500.0 → 1490.0 −10.0`);
  await expect(end.getByTestId("match-end-analyse")).toHaveAttribute("href", `/matches/${matchId}?analyse=1`);
  await expect(end.getByTestId("match-end-review")).toHaveAttribute("href", `/matches/${matchId}`);
  // "Analyse the match" opens the review with its analysis started (a one-move match: done in a moment).
  await end.getByTestId("match-end-analyse").click();
  await expect(ann.page.getByTestId("analyse-button")).toHaveText("Analysed", { timeout: 30_000 });

  const page = ann.page;
  await page.goto(`/players/${winner}`);
  await expect(page.getByRole("heading", { level: 1, name: winner })).toBeVisible();
  await expect(page.getByTestId("profile-rating")).toHaveText("1510.0");
  await expect(page.getByTestId("profile-rated-matches")).toHaveText("1");
  const chart = page.getByRole("img", { name: `${winner}'s rating history` });
  await expect(chart).toBeVisible();
  await expect(chart.locator("desc")).toHaveText(/from 1500\.0 to 1510\.0/);
  const row = page.getByTestId("profile-recent").locator(`tr[data-match="${matchId}"]`);
  await expect(row).toContainText("won");
  await expect(row).toContainText("+10.0");
  await expect(row.getByRole("link", { name: "Review" })).toHaveAttribute("href", `/matches/${matchId}`);

  await page.goto(`/players/${loser}`);
  await expect(page.getByTestId("profile-rating")).toHaveText("1490.0");

  await page.locator("header").getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  const rows = page.getByTestId("leaderboard").locator("tbody tr");
  const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-player")));
  expect(names.indexOf(winner)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(winner)).toBeLessThan(names.indexOf(loser));
  await expect(page.locator(`tr[data-player="${winner}"]`).getByTestId("leaderboard-rating")).toHaveText("1510.0");

  // A name nobody has is the site's not-found page.
  const missing = await page.goto("/players/no-such-player-x");
  expect(missing?.status()).toBe(404);
});
