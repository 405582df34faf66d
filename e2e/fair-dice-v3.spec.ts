/**
 * fair-dice-v3 in the browser (docs/fair-dice-v3.md; per-game verification as in fair-dice-v2): while a 5-point match
 * of two bots goes on — each bot's browser-side part played by the bot client, its chains committed and its values
 * revealed — a spectator's fair-dice panel verifies each game by itself as soon as the game ends and its seed is
 * revealed — game 1 verified while game 2 is still in play — and at the end every roll of the match verifies, both
 * players' chains and contributions included; the .mat file downloaded from the review page, with its chains, verifies
 * from the file alone with the command-line verifier and on the site's verifier page.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { BotClient } from "../scripts/bot/bot-client";
import { guest } from "./bot-match";
import { E2E_BASE_URL } from "./e2e-env";

test("each game turns verified in the browser as it ends, and the whole match at the end", async ({ browser }) => {
  test.setTimeout(180_000);
  const [ann, bob, cy] = await Promise.all([guest(browser), guest(browser), guest(browser)]);
  // Slow enough that the page sees the match between its games. A double is always dropped, so most games end early
  // with one point and the 5-point match has several games (at most 3 points a game without the cube).
  const think = () => 120;
  const rates = { thinkMs: think, doubleRate: 0.3, dropRate: 1, resignRate: 0 };
  const white = new BotClient({ url: E2E_BASE_URL, cookie: ann.cookie, seed: 2901, ...rates });
  const black = new BotClient({ url: E2E_BASE_URL, cookie: bob.cookie, seed: 2902, ...rates });
  try {
    await Promise.all([white.connect(), black.connect()]);
    const { matchId } = await white.create({ matchLength: 5, color: "white", visibility: "public" });
    const page = cy.page;
    await page.goto(`/match/${matchId}`);
    await black.join(matchId);
    await white.submitSeed("e2e-v3-white");
    await black.submitSeed("e2e-v3-black");
    await expect(page.getByText("Commitment (to a chain of 9 game seeds)")).toBeVisible();

    // Game 1 ends: the panel verifies it by itself while the match goes on.
    const verdicts = page.getByTestId("game-verdicts");
    await expect(verdicts.locator('[data-game="1"]')).toHaveAttribute("data-verdict", "verified", { timeout: 90_000 });
    expect(white.view?.ended ?? null, "the match was still going when game 1 turned verified").toBeNull();
    await expect(page.getByTestId("server-seed")).toHaveText("secret until the match ends");

    const ended = await white.finished(120_000);
    expect([...white.errors, ...black.errors]).toEqual([]);
    const games = ended.state.games.length;
    expect(games).toBeGreaterThanOrEqual(2);
    // Every game verified, then the whole match.
    await expect(verdicts.locator("[data-verdict=verified]")).toHaveCount(games, { timeout: 30_000 });
    await page.getByRole("button", { name: "Verify every roll" }).click();
    const report = page.getByTestId("verify-report");
    await expect(report.getByRole("status")).toHaveText("Verified: every check passed.");
    for (const id of ["seed-chain", "chain-heads", "chain-values", "contributions", "rolls-recomputed"]) {
      await expect(report.locator(`[data-check="${id}"]`)).toHaveAttribute("data-status", "passed");
    }

    // The proofs travel with the match: the exported .mat verifies from the file alone.
    await page.goto(`/matches/${matchId}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-mat").click()]);
    const file = test.info().outputPath(`fairgammon-${matchId}.mat`);
    await download.saveAs(file);
    // Checked as an outsider would: the site's signature against the keys it lists at its stable address.
    const verified = spawnSync("npx", ["tsx", "scripts/verify.ts", file, "--keys", `${E2E_BASE_URL}/api/fairness/keys`], { encoding: "utf8" });
    expect(verified.stdout).toContain("VERIFIED: every check passed. The site signed exactly this log");
    expect(verified.stdout).toMatch(/PASS {2}The site's signature: Signed by the site with key fg-ed25519-/);
    expect(verified.stdout).toMatch(/PASS {2}Game record dice: .*read from the moves of the \.mat file/);
    expect(verified.status).toBe(0);
    // The site's verifier page reads the same file, pasted: verified with the keys it lists, signature included.
    await page.goto("/verify");
    await page.getByLabel("Audit bundle (JSON)").fill(readFileSync(file, "utf8"));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    const pasted = page.getByTestId("verify-report");
    await expect(pasted.getByRole("status")).toHaveText("Verified: every check passed.");
    await expect(pasted.locator('[data-check="signature"]')).toHaveAttribute("data-status", "passed");
    await expect(pasted.locator('[data-check="record-moves"]')).toHaveAttribute("data-status", "passed");
    await expect(pasted.locator('[data-check="chain-values"]')).toHaveAttribute("data-status", "passed");
  } finally {
    white.close();
    black.close();
    await Promise.all([ann, bob, cy].map((g) => g.context.close()));
  }
});
