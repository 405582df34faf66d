// Issue 20, parts 3 and 4 in the browser: a timed match in real time whose player to move lets the clock run out
// (5 s reserve, 1 s delay) and loses, both clocks shown ticking; a private match's invitation link opened by a
// visitor who becomes a guest on the spot and joins, and the same link refused once the match is full; and a rematch
// offered and accepted at the end of a match, both pages opening the new match with the colours swapped.
import { expect, test, type Page } from "@playwright/test";
import { BotClient } from "../scripts/bot/bot-client";
import { guest, playFinishedMatch } from "./bot-match";
import { E2E_BASE_URL } from "./e2e-env";

/** Seconds a clock shows ("0:04" → 4). */
async function clockSeconds(page: Page, color: "white" | "black"): Promise<number> {
  const text = (await page.getByTestId(`clock-${color}`).locator(".clock-reserve").textContent()) ?? "";
  const [minutes, seconds] = text.split(":").map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

test("a player whose reserve runs out loses the match on time, and both pages say so", async ({ browser }) => {
  test.setTimeout(90_000);
  const [ann, bob] = await Promise.all([guest(browser), guest(browser)]);
  // Ann creates a 1-point match with a custom control of 5 s reserve and 1 s delay, through the lobby's form.
  await ann.page.goto("/");
  // The lobby has two "Match length (points)" fields (the queue panel and the new-match form): use the form's.
  await ann.page.getByRole("region", { name: "New match" }).getByLabel("Match length (points)").fill("1");
  await ann.page.getByLabel("white", { exact: true }).check();
  await ann.page.getByRole("region", { name: "New match" }).getByLabel("Clock").selectOption("custom");
  await ann.page.getByLabel("Reserve per player (seconds)").fill("5");
  await ann.page.getByLabel("Delay per turn (seconds)").fill("1");
  // The open challenge shows its time control in Bob's lobby.
  await bob.page.goto("/");
  await ann.page.getByRole("button", { name: "Create match" }).click();
  await ann.page.waitForURL(/\/match\/[^/?]+$/);
  const matchId = new URL(ann.page.url()).pathname.split("/").pop() ?? "";
  await expect(ann.page.getByTestId("time-control")).toHaveText("Clock: 5 s + 1 s delay");
  await expect(bob.page.getByTestId("open-matches")).toContainText(`${ann.name} — 1-point match, 5 s + 1 s delay`);

  // Bob joins and both seeds go in from bots on the players' own sessions; nobody then moves.
  await bob.page.goto(`/match/${matchId}`);
  await bob.page.getByRole("button", { name: "Join as black" }).click();
  await expect(bob.page.getByTestId("player-black")).toContainText("(you)");
  const bots = [new BotClient({ url: E2E_BASE_URL, cookie: ann.cookie, seed: 1, play: false }), new BotClient({ url: E2E_BASE_URL, cookie: bob.cookie, seed: 2, play: false })];
  for (const [index, bot] of bots.entries()) {
    await bot.connect();
    await bot.watch(matchId);
    await bot.submitSeed(`e2e-clock-${index}`);
  }
  const opened = await bots[0]!.until((view) => view.state.phase === "moving");
  const opener = opened.state.turn!;
  const loser = opener === "white" ? ann : bob;
  const winner = opener === "white" ? bob : ann;

  // The opener's clock runs on both pages: it goes down from 0:05 while the other one stays at 0:05.
  for (const page of [ann.page, bob.page]) {
    await expect(page.getByTestId(`clock-${opener}`)).toHaveClass(/clock-running/);
    await expect(page.getByTestId(`clock-${opener === "white" ? "black" : "white"}`)).toContainText("0:05");
  }
  await expect.poll(() => clockSeconds(ann.page, opener), { timeout: 10_000, intervals: [100] }).toBeLessThan(5);
  await expect.poll(() => clockSeconds(ann.page, opener), { timeout: 10_000, intervals: [100] }).toBeLessThan(3);

  // 1 s of delay and 5 s of reserve later the server ends the match; both pages show the loss on time.
  const detail = `${loser.name} ran out of time; ${winner.name} wins the match.`;
  for (const page of [ann.page, bob.page]) await expect(page.getByTestId("status-line")).toHaveText(detail, { timeout: 20_000 });
  await expect(ann.page.getByTestId(`clock-${opener}`)).toContainText("0:00");
  for (const bot of bots) bot.close();
  await Promise.all([ann.context.close(), bob.context.close()]);
});

test("a visitor opens a private invitation, becomes a guest and joins; the link is refused once the match is full", async ({ browser }) => {
  test.setTimeout(90_000);
  const ann = await guest(browser);
  await ann.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await ann.page.goto("/");
  await ann.page.getByRole("region", { name: "New match" }).getByLabel("Match length (points)").fill("3");
  await ann.page.getByLabel("white", { exact: true }).check();
  await ann.page.getByLabel("only who has the link").check();
  await ann.page.getByRole("button", { name: "Create match" }).click();
  await ann.page.waitForURL(/\/match\/[^/?]+\?invite=/);
  // The link is made absolute once the page knows its origin (after hydration).
  await expect(ann.page.getByLabel("Invite link")).toHaveValue(/^http:\/\/.+\?invite=/);
  const link = await ann.page.getByLabel("Invite link").inputValue();
  await ann.page.getByRole("button", { name: "Copy link" }).click();
  await expect(ann.page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await ann.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A visitor who is not signed in: the link offers a guest account, which brings them back to it.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await friend.locator(".seat-panel").getByRole("button", { name: "Play as guest" }).click();
  await expect(friend.locator("header").getByTestId("signed-in-user")).toHaveText(/^guest-/);
  await expect(friend).toHaveURL(link);
  await friend.getByRole("button", { name: "Join as black" }).click();
  await expect(friend.getByTestId("player-black")).toContainText("(you)");
  const friendName = (await friend.locator("header").getByTestId("signed-in-user").textContent()) ?? "";
  await expect(ann.page.getByTestId("player-black")).toContainText(friendName);

  // A third guest with the same link: the seats are taken, and the page says the invitation can no longer be used.
  const late = await guest(browser);
  await late.page.goto(link);
  await expect(late.page.getByTestId("invite-used")).toHaveText("You are watching this match. It already has two players: the invitation can no longer be used to join it.");
  await expect(late.page.getByRole("button", { name: /^Join as/ })).toHaveCount(0);
  await Promise.all([ann.context.close(), friendContext.close(), late.context.close()]);
});

test("at the end a player offers a rematch, the opponent accepts, and both pages open it with colours swapped", async ({ browser }) => {
  test.setTimeout(120_000);
  const [ann, bob] = await Promise.all([guest(browser), guest(browser)]);
  const { matchId } = await playFinishedMatch(ann, bob, 2020);
  await Promise.all([ann.page.goto(`/match/${matchId}`), bob.page.goto(`/match/${matchId}`)]);
  await ann.page.getByTestId("rematch-panel").getByRole("button", { name: "Rematch" }).click();
  await expect(ann.page.getByTestId("rematch-panel")).toContainText(`waiting for ${bob.name} to answer`);
  await expect(bob.page.getByTestId("rematch-panel")).toContainText(`${ann.name} offers a rematch`);
  await bob.page.getByRole("button", { name: "Accept rematch" }).click();
  for (const page of [ann.page, bob.page]) await page.waitForURL((url) => /^\/match\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(matchId));
  expect(new URL(ann.page.url()).pathname).toBe(new URL(bob.page.url()).pathname);
  // Ann played white; in the rematch she is black, and both are seated. Their seeds are proposed and go by themselves
  // after a countdown (still editable meanwhile): the match starts without a click on "Submit seed".
  await expect(ann.page.getByTestId("player-black")).toContainText(`${ann.name} (you)`);
  await expect(bob.page.getByTestId("player-white")).toContainText(`${bob.name} (you)`);
  for (const page of [ann.page, bob.page]) await expect(page.getByTestId("rematch-seed-countdown")).toContainText("your proposed seed is sent in");
  for (const page of [ann.page, bob.page]) await expect(page.getByTestId("status-line")).not.toContainText(/seed/i, { timeout: 15_000 });
  await Promise.all([ann.context.close(), bob.context.close()]);
});
