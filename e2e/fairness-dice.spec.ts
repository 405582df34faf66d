// The public dice record in real Chromium: after two guests' public match ends, the record page counts rolls with
// its statistics (accessible, no serious axe finding), and the CSV dataset downloaded from it holds every roll of that
// match with the link to its audit bundle — and a private match's rolls nowhere.
import { expect, test } from "@playwright/test";
import { guest, playFinishedMatch } from "./bot-match";
import { seriousViolations } from "./ui-helpers";

test("the dice record counts a finished public match, and its dataset holds that match's rolls", async ({ browser }) => {
  test.setTimeout(180_000);
  const [ann, bob] = await Promise.all([guest(browser), guest(browser)]);
  try {
    const { matchId } = await playFinishedMatch(ann, bob, 31);
    const { matchId: hidden } = await playFinishedMatch(ann, bob, 32, "private");
    const audit = (await (await ann.page.request.get(`/api/matches/${matchId}/audit`)).json()) as { rolls: { nonce: number; dice: [number, number] }[] };
    const page = ann.page;
    await page.goto("/fairness");
    await page.getByRole("link", { name: /public dice record/ }).click();
    await expect(page).toHaveURL(/\/fairness\/dice$/);
    await expect(page.getByRole("heading", { level: 1, name: "The public dice record" })).toBeVisible();
    await expect(page.getByTestId("dice-record-intro")).toContainText(/\d+ rolls in \d+ match/);
    await expect(page.getByTestId("dice-stats")).toBeVisible();
    await expect(page.getByTestId("dice-months").locator("tbody tr")).not.toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("dice-csv").click()]);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString("utf8"));
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe("match_id,game,nonce,kind,player,die1,die2,audit");
    const ours = lines.filter((line) => line.startsWith(`${matchId},`)).map((line) => line.split(","));
    expect(ours.map((fields) => [Number(fields[2]), [Number(fields[5]), Number(fields[6])]])).toEqual(audit.rolls.map((roll) => [roll.nonce, roll.dice]));
    expect(ours[0]?.[7]).toMatch(new RegExp(`/api/matches/${matchId}/audit$`));
    expect(lines.some((line) => line.startsWith(`${hidden},`))).toBe(false);
    // Bad filters: a clear refusal.
    const refused = await page.request.get("/api/fairness/dice.json?from=2026-13");
    expect(refused.status()).toBe(400);
  } finally {
    await Promise.all([ann, bob].map((g) => g.context.close()));
  }
});
