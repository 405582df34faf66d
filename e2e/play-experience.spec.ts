// The play experience in real Chromium (issue 30): the "How to play" guide and the landing board; play settings
// saved with the account; a match against the computer played with the settings that save clicks (no Roll, no
// Confirm clicked by the player); the tab telling the player it is their turn; and the hint, only against the computer.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { guest, startRunningMatch } from "./bot-match";
import { isOver, messages, seatOf, seriousViolations, signInAsGuest, startComputerMatch } from "./ui-helpers";

const m = messages("en");
const SCREENSHOTS = path.resolve("docs", "screenshots");

async function keep(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

/** Turns one play setting on or off on the account page, and waits for the server to have it. */
async function setSetting(page: Page, label: string, on: boolean): Promise<void> {
  const box = page.getByTestId("play-settings").getByLabel(label, { exact: true });
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/account/preferences") && response.request().method() === "POST");
  await box.setChecked(on);
  expect((await saved).status()).toBe(200);
}

test("the guide explains the game with the site's own boards, linked from a landing board", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".landing-board svg.board")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: m.home.learnLink }).click();
  await expect(page).toHaveURL(/\/learn$/);
  await expect(page.getByRole("heading", { level: 1, name: m.learn.title })).toBeVisible();
  await expect(page.locator("figure.learn-figure svg.board")).toHaveCount(5);
  await expect(page.getByRole("figure", { name: new RegExp(m.learn.hitting.captionHit.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await keep(page, "guide-en-desktop.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await keep(page, "guide-en-phone.png");
});

test("play settings are saved with the account, and refused to another site", async ({ page }) => {
  await signInAsGuest(page, m);
  await page.goto("/account");
  await setSetting(page, m.playSettings.autoRoll.label, true);
  await setSetting(page, m.playSettings.confirmPlays.label, false);
  await page.reload();
  const settings = page.getByTestId("play-settings");
  await expect(settings.getByLabel(m.playSettings.autoRoll.label, { exact: true })).toBeChecked();
  await expect(settings.getByLabel(m.playSettings.confirmPlays.label, { exact: true })).not.toBeChecked();
  await expect(settings.getByLabel(m.playSettings.sound.label, { exact: true })).not.toBeChecked();
  // The same session from another site's page: refused, nothing changed.
  const crossSite = await page.request.post("/api/account/preferences", { data: { sound: true }, headers: { origin: "https://evil.test" } });
  expect(crossSite.status()).toBe(403);
  const now = await page.request.get("/api/account/preferences");
  expect(((await now.json()) as { preferences: { sound: boolean; autoRoll: boolean } }).preferences).toMatchObject({ sound: false, autoRoll: true });
});

test("a 1-point match against the computer with the clicks saved: no Roll, no Confirm; the tab says when it is your turn", async ({ page }) => {
  // As long as the dice make the game (2.0 min on a quiet machine, 3.1 beside two other specs): the guard below is a
  // backstop against a match that never ends, as in computer.spec.ts.
  test.setTimeout(600_000);
  await signInAsGuest(page, m);
  await page.goto("/account");
  await setSetting(page, m.playSettings.autoRoll.label, true);
  await setSetting(page, m.playSettings.autoPlayForced.label, true);
  await setSetting(page, m.playSettings.confirmPlays.label, false);
  await startComputerMatch(page, m);
  await seatOf(page, m);
  // The board shows the computer's plays a step at a time: every position it passes through, counted as it shows.
  await page.evaluate(() => {
    const area = document.querySelector(".play-area");
    const seen = { frames: 0 };
    (window as unknown as { replay: typeof seen }).replay = seen;
    if (area) new MutationObserver(() => area.getAttribute("data-replaying") === "yes" && seen.frames++).observe(area, { attributes: true, subtree: true, attributeFilter: ["data-replaying", "style"] });
  });

  const confirm = page.getByRole("button", { name: m.play.confirm });
  const movable = page.locator(".hit-active[aria-pressed]");
  let plays = 0;
  let sawYourTurn = false;
  let hinted = false;
  let sawMarks = false;
  const deadline = Date.now() + 540_000;
  while (!(await isOver(page))) {
    expect(Date.now(), "the match should finish in time").toBeLessThan(deadline);
    // In a 1-point match the cube is dead: Roll is the only choice, and the page makes it (this loop never clicks
    // Roll); without "confirm each play" there is no Confirm button at all.
    expect(await confirm.isVisible()).toBe(false);
    if ((await movable.count()) > 0) {
      sawYourTurn ||= (await page.title()).startsWith(`● ${m.turnNotice.title}`);
      // A forced play is made by the page after a short pause (AUTOMATIC_DELAY_MS): leave it that time.
      await page.waitForTimeout(900);
      if ((await movable.count()) === 0) continue;
      // The computer's last play is marked on the board while it is the player's move.
      if (!sawMarks && (await page.getByTestId("last-play").locator("g").count()) > 0) {
        sawMarks = true;
        await page.getByTestId("last-play").scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOTS, "last-move-marks.png") });
      }
      if (!hinted) {
        // Against the computer, a hint: the engine's best plays for these dice, the best first.
        await page.getByRole("button", { name: m.play.hint, exact: true }).click();
        const list = page.getByRole("list", { name: m.play.hintTitle });
        await expect(list.getByRole("listitem").first()).toContainText("best");
        hinted = true;
      }
      // One step at a time: the last one sends the play by itself.
      await movable.first().click();
      await page.locator(".hit-active:not([aria-pressed])").first().click();
      const die = page.locator(".die-choice button");
      if ((await die.count()) > 0) await die.first().click();
      plays++;
    } else {
      await page.waitForTimeout(100);
    }
  }
  expect(sawYourTurn).toBe(true);
  expect(hinted).toBe(true);
  expect(sawMarks).toBe(true);
  expect(plays).toBeGreaterThan(0);
  // The computer's plays of two or more steps were shown step by step (checkers moved while the replay ran).
  expect(await page.evaluate(() => (window as unknown as { replay: { frames: number } }).replay.frames)).toBeGreaterThan(0);
  await expect(page.getByTestId("status-line")).toContainText(/won the match/);
  // Over: the tab no longer says it is your turn.
  await expect.poll(() => page.title()).not.toMatch(/^●/);
});

test("a spectator who arrives late, and a reload, see every move of the match so far", async ({ browser }) => {
  test.setTimeout(120_000);
  const [ann, bob, cy] = await Promise.all([guest(browser), guest(browser), guest(browser)]);
  try {
    const running = await startRunningMatch(ann, bob, 41);
    const page = cy.page;
    await page.goto(`/match/${running.matchId}`);
    const log = page.getByTestId("match-log");
    // The page has its heading, and one region called "Moves" (the scrolling list), not two.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Match: .+ against .+$/);
    await expect(page.getByRole("region", { name: "Moves" })).toHaveCount(1);
    // Created, joined, both seeds, the opening roll (and its salts): all before this page opened.
    await expect(log.locator("li").first()).toContainText("created a 1-point match");
    expect(await log.locator("li").count()).toBeGreaterThanOrEqual(5);
    const before = await log.locator("li").count();
    await page.reload();
    await expect(log.locator("li")).toHaveCount(before);
    await running.finish();
    // The end arrives live, after the history: once, in order.
    await expect(log.locator("li").last()).toContainText("The server seed is revealed.");
  } finally {
    await Promise.all([ann, bob, cy].map((g) => g.context.close()));
  }
});

test("on a phone the checkers move by buttons a finger can hit, and the header keeps to two rows", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  try {
    await signInAsGuest(page, m);
    const header = await page.locator("header").boundingBox();
    // Two rows of about 2.5rem at most.
    expect(header?.height ?? 0).toBeLessThan(100);
    await startComputerMatch(page, m);
    // The seed form is below the board on a phone: once the seed is in, the board is back in view.
    await expect(page.locator(".play-area svg.board")).toBeInViewport({ ratio: 0.5 });
    const buttons = page.getByRole("group", { name: m.play.movesGroup });
    const confirm = page.getByRole("button", { name: m.play.confirm });
    // Roll when it is our turn (the computer may open), until our checkers can move.
    for (let i = 0; i < 120 && !(await buttons.isVisible()); i++) {
      const roll = page.getByRole("button", { name: m.play.roll, exact: true, disabled: false });
      if (await roll.isVisible()) await roll.click();
      else await page.waitForTimeout(250);
    }
    await expect(buttons).toBeVisible();
    const first = await buttons.getByRole("button").first().boundingBox();
    expect(first?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(first?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: path.join(SCREENSHOTS, "phone-board.png"), fullPage: false });
    for (let step = 0; step < 4 && !(await confirm.isEnabled()); step++) {
      await buttons.getByRole("button").first().click();
      await buttons.getByRole("button", { name: /^To / }).first().click();
      const die = page.locator(".die-choice button");
      if ((await die.count()) > 0) await die.first().click();
    }
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(buttons).toBeHidden();
  } finally {
    await context.close();
  }
});
