// Playing the computer in real Chromium, through the UI only: a guest creates a 1-point match against the computer
// from the lobby (at the medium level; the others are played to the end in the server's tests), submits the seed the browser proposes (the computer's is already in),
// and plays to the end by clicking highlighted checkers and destinations while the computer answers on its own; at
// the end the server seed is revealed and every check of the audit passes in the browser.
import { expect, test, type Page } from "@playwright/test";
import { clickIfShown, playWaits } from "./ui-helpers";

async function playAsGuest(page: Page): Promise<void> {
  await page.goto("/");
  await page.locator("header").getByRole("button", { name: "Play as guest" }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(/^guest-/);
}

/** Plays the first legal play by clicking: the first highlighted checker, its first destination, a die when asked. */
async function playFirstLegalPlay(page: Page): Promise<void> {
  const confirm = page.getByRole("button", { name: "Confirm move" });
  for (let step = 0; step < 4 && !(await confirm.isEnabled()); step++) {
    await page.getByRole("button", { name: / checker on / }).first().click();
    await page.getByRole("button", { name: /^(Move to|Bear off)/ }).first().click();
    const die = page.getByRole("button", { name: /^Use the \d$/ });
    if ((await die.count()) > 0) await die.first().click();
  }
  await expect(confirm).toBeEnabled();
  await confirm.click();
}

/** One action if the match waits for this person: roll, take a double, or play. */
async function act(page: Page): Promise<boolean> {
  if (await clickIfShown(page.getByRole("button", { name: "Roll", exact: true, disabled: false }))) return true;
  if (await clickIfShown(page.getByRole("button", { name: "Take", exact: true, disabled: false }))) return true;
  if (!(await playWaits(page))) return false;
  await playFirstLegalPlay(page);
  return true;
}

const isOver = async (page: Page) => /^[0-9a-f]{64}$/.test((await page.getByTestId("server-seed").textContent()) ?? "");

// One level here: a whole match through the UI takes ~40 s, and server/match/computer-match.test.ts plays the easy and
// hard levels to the end over real sockets (e2e/play-experience.spec.ts plays easy in the browser again).
for (const [level, name] of [["medium", "Computer (medium)"]] as const) {
  test(`a guest plays a 1-point match against the computer (${level}) to the end from the lobby; every roll verifies`, async ({ page }) => {
    test.setTimeout(600_000);
    await playAsGuest(page);
    await page.goto("/");
    // The lobby has two "Match length (points)" fields (the queue panel and the new-match form): use the form's.
    const form = page.getByRole("region", { name: "New match" });
    await form.getByLabel("Match length (points)").fill("1");
    await form.getByLabel("Opponent").selectOption(level);
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.waitForURL(/\/match\/[^/?]+/);

    // The computer sits in the other seat and its client seed is in before the guest chooses one.
    const you = (await page.getByTestId("player-white").textContent())?.includes("(you)") ? "white" : "black";
    const computer = you === "white" ? "black" : "white";
    await expect(page.getByTestId(`player-${computer}`)).toContainText(name);
    await expect(page.getByTestId(`client-seed-${computer}`)).toHaveText(/^[0-9a-f]{32}$/);
    const seed = page.getByLabel("Your client seed");
    await expect(seed).toHaveValue(/^[0-9a-f]{32}$/);
    const proposed = await seed.inputValue();
    await page.getByRole("button", { name: "Submit seed" }).click();
    await expect(page.getByTestId(`client-seed-${you}`)).toHaveText(proposed);

    let actions = 0;
    const deadline = Date.now() + 570_000;
    while (!(await isOver(page))) {
      expect(Date.now(), "the match should finish in time").toBeLessThan(deadline);
      if (await act(page)) actions++;
      else await page.waitForTimeout(100);
    }
    expect(actions).toBeGreaterThan(2);

    await expect(page.getByTestId("status-line")).toContainText(/won the match \d+–\d+\./);
    // The computer played too: the log has plays in its colour.
    const plays = await page.getByTestId("match-log").locator("li").allTextContents();
    expect(plays.some((line) => line.startsWith(`${computer === "white" ? "White" : "Black"} plays`))).toBe(true);
    await page.getByRole("button", { name: "Verify every roll" }).click();
    const report = page.getByTestId("verify-report");
    await expect(report.getByRole("status")).toHaveText("Verified: every check passed.");
    await expect(report.locator("[data-status=failed]")).toHaveCount(0);
  });
}
