// The analysis board in a real browser against the production build: a position from the URL analysed with its dice
// (the engine's ranked plays and cube decision), a checker moved by hand, a pasted Position ID and Match ID, the URL
// that shares it, and a review step opened on the board. The route refuses another site and a visitor.
import { expect, test } from "@playwright/test";
import { guest, playFinishedMatch, type Guest } from "./bot-match";
import { shoot } from "./screenshot";

const START = "4HPwATDgc/ABMA";

test("a position from its URL, analysed with its dice: ranked plays and the cube", async ({ browser }, testInfo) => {
  const me: Guest = await guest(browser);
  try {
    const page = me.page;
    await page.goto(`/analysis?pos=${encodeURIComponent(START)}&dice=31&ply=0`);
    await expect(page.getByTestId("board-position-id")).toHaveText(START);
    await expect(page.getByTestId("board-ply").locator("option")).toHaveText(["0-ply", "1-ply", "2-ply", "3-ply (deep: seconds)"]);
    await page.getByTestId("board-analyse").click();
    const plays = page.getByTestId("board-plays");
    await expect(plays).toBeVisible();
    await expect(plays.locator("tbody tr").first()).toContainText("8/5 6/5");
    await expect(plays.locator("caption")).toContainText("3-1: the best 10 of 16 legal plays");
    await expect(page.getByTestId("board-cube")).toHaveText(/^Cube \(0-ply\): no double [+−]\d\.\d{3}, double\/take [+−]\d\.\d{3}, double\/pass \+1\.000\. No double \(take\)\.$/);
    await shoot(page, "analysis-board.png", testInfo);

    // Move a checker by hand: white's back checker from 24 to 22. The board, its ID and the URL follow.
    await page.locator('svg.board [data-location="24"]').first().click();
    await page.locator('svg.board [data-location="22"]').first().click();
    await expect(page.getByTestId("board-position-id")).not.toHaveText(START);
    const edited = (await page.getByTestId("board-position-id").textContent()) ?? "";
    await expect(page).toHaveURL(new RegExp(`pos=${encodeURIComponent(edited).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await expect(page.getByTestId("board-result")).toHaveCount(0); // a new position has no answer yet

    // Paste a bear-off with black on roll and a 5-point Match ID at 1-3 (black on roll), load them and analyse.
    await page.getByTestId("paste-position").fill("OwAAwG0AAAAAAA");
    await page.getByTestId("paste-match").fill("cAmgABAAGAAE");
    await page.getByTestId("load-ids").click();
    await expect(page.getByTestId("board-position-id")).toHaveText("OwAAwG0AAAAAAA");
    await expect(page).toHaveURL(/match=cAmgABAAGAAE/);
    await expect(page.getByTestId("on-roll-black")).toBeChecked();
    await page.getByTestId("board-analyse").click();
    await expect(page.getByTestId("board-result").locator("h2")).toHaveText("Black on roll (0-ply)");
    // A Position ID that is not one is refused in words, and the board stays as it was.
    await page.getByTestId("paste-position").fill("<script>x</scr");
    await page.getByTestId("load-ids").click();
    await expect(page.getByTestId("board-problem")).toContainText("not a valid Position ID");

    // The shared address opens the same position for someone else.
    await page.goto(`/analysis?pos=${encodeURIComponent(edited)}&ply=1`);
    await expect(page.getByTestId("board-position-id")).toHaveText(edited);
  } finally {
    await me.context.close();
  }
});

// Issue 47: a play's "Analyse this position" opened the board after the play (the other side on roll, no dice) and
// waited for a click although its link said ply=2. It opens the moment before the play, analysed on arrival, the play
// marked among the engine's.
test("the review opens a play on the analysis board before it was made, analysed, the play marked", async ({ browser }) => {
  test.setTimeout(120_000);
  const players: [Guest, Guest] = [await guest(browser), await guest(browser)];
  try {
    const { matchId } = await playFinishedMatch(players[0], players[1], 5151);
    const page = players[0].page;
    await page.goto(`/matches/${matchId}`);
    await expect(page.locator(".review")).toHaveAttribute("data-keys", "on");
    // Step to the first play (after the opening rolls, one per tie), keeping the IDs of the step before it.
    let before = "";
    for (let i = 0; i < 12 && (await page.getByTestId("step-text").getAttribute("data-kind")) !== "move"; i++) {
      before = (await page.getByTestId("position-id").textContent()) ?? "";
      await page.keyboard.press("ArrowRight");
    }
    await expect(page.getByTestId("step-text")).toHaveAttribute("data-kind", "move");
    const [, dice, , play] = /(\d)-(\d) and plays (.+)$/.exec((await page.getByTestId("step-text").textContent())?.trim() ?? "") ?? [];
    expect(dice).toBeTruthy();
    await page.getByTestId("analyse-here").click();
    await expect(page).toHaveURL(/\/analysis\?pos=.*&ply=2/);
    await expect(page.getByTestId("board-position-id")).toHaveText(before);
    await expect(page.getByTestId("die-1")).not.toHaveValue("");
    await expect(page.getByTestId("board-plays")).toBeVisible({ timeout: 30_000 });
    const played = page.getByTestId("board-plays").locator('tr[data-played="yes"]').or(page.getByTestId("played-elsewhere"));
    await expect(played).toContainText(play ?? "?");
  } finally {
    for (const p of players) await p.context.close();
  }
});

test("the board's engine refuses another site and a visitor", async ({ page }) => {
  const foreign = await page.request.post("/api/analysis", { data: { positionId: START } });
  expect(foreign.status()).toBe(403);
  await page.goto("/analysis");
  const answer = await page.evaluate(async (positionId) => {
    const response = await fetch("/api/analysis", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ positionId }) });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  }, START);
  expect(answer.status).toBe(401);
  expect(answer.body.error).toBe("ERR_UNAUTHENTICATED");
});
