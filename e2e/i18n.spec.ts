// The main flows in each language (issue 21), in real Chromium against the production build: the browser's
// Accept-Language picks the language; a guest signs in, creates a match against the computer, sends the seed, rolls
// and plays, and the page (with its clock line), the board's labels, the log and the leaderboard read in that
// language. The language menu switches a page and, for a signed-in player, saves the choice with the account. With
// UPDATE_DOC_SCREENSHOTS=1 the match page is photographed for docs/screenshots/ in pt-BR and fr at phone and desktop
// widths.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { shoot } from "./screenshot";
import { clickOnePlay, LOCALES, messages, rollUntilPlay, signInAsGuest, startComputerMatch, type Locale } from "./ui-helpers";

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: locale === "pt-BR" ? "pt-BR" : locale === "fr" ? "fr-FR" : "en-US" });
    const m = messages(locale);

    test("lobby, sign-in, a match against the computer with a play, the log and the fairness guide", async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("link", { name: m.home.howItWorks })).toBeVisible();
      await expect(page.getByTestId("locale-switcher")).toHaveValue(locale);
      await page.goto("/login");
      await expect(page.getByRole("heading", { name: m.auth.signIn, level: 1 })).toBeVisible();
      await signInAsGuest(page, m);
      await startComputerMatch(page, m);
      await expect(page.getByRole("heading", { name: m.fairness.title })).toBeVisible();
      await expect(page.getByTestId("time-control")).toHaveText(m.match.untimed);
      await rollUntilPlay(page, m);
      // The board's controls speak the language (a movable checker's label), the status line says it is our turn.
      const checker = page.locator(".hit-active[aria-pressed]").first();
      const yourMove = m.match.status.yourMove.split("{dice}")[0];
      await expect(page.getByTestId("status-line")).toContainText(yourMove);
      const label = (await checker.getAttribute("aria-label")) ?? "";
      expect(label.length).toBeGreaterThan(5);
      const before = await page.getByTestId("match-log").locator("li").count();
      await clickOnePlay(page, m);
      await expect(page.getByTestId("match-log").locator("li").nth(before)).toBeVisible();
      // The guide in the same language.
      await page.goto("/fairness");
      await expect(page.locator("article h1")).toBeVisible();
      const heading = (await page.locator("article h1").textContent()) ?? "";
      expect(heading.length).toBeGreaterThan(3);
      await expect(page.getByRole("link", { name: m.fairnessPage.verify })).toBeVisible();
      // The leaderboard, from the header's link, in the same language.
      await page.locator("header").getByRole("link", { name: m.site.leaderboard }).click();
      await expect(page.getByRole("heading", { name: m.leaderboard.title, level: 1 })).toBeVisible();
    });
  });
}

test("the guide is in the reader's language", async ({ browser }) => {
  const titles: Record<string, string> = {};
  for (const [locale, browserLocale] of [["en", "en-US"], ["pt-BR", "pt-BR"], ["fr", "fr-FR"]] as const) {
    const context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();
    await page.goto("/fairness");
    titles[locale] = (await page.locator("article h1").textContent()) ?? "";
    await context.close();
  }
  expect(new Set(Object.values(titles)).size).toBe(3);
});

test("the language menu switches the page and, signed in, saves the choice with the account", async ({ page }) => {
  test.setTimeout(60_000);
  const en = messages("en");
  const fr = messages("fr");
  const pt = messages("pt-BR");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("locale-switcher").selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("link", { name: fr.home.howItWorks })).toBeVisible();
  // Signed in, the choice goes with the account: a fresh browser with another language still gets it.
  await page.locator("header").getByRole("button", { name: fr.auth.guest }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(/^guest-/);
  await page.getByTestId("locale-switcher").selectOption("pt-BR");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.goto("/account");
  await expect(page.getByTestId("account-language")).toContainText("Português (Brasil)");
  await expect(page.getByTestId("account-language")).toContainText(pt.account.languageSaved);
  const session = (await page.context().cookies()).filter((c) => c.name.includes("next-auth"));
  const other = await page.context().browser()?.newContext({ locale: "en-US" });
  if (!other) throw new Error("no browser");
  await other.addCookies(session);
  const second = await other.newPage();
  await second.goto("/");
  await expect(second.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(second.getByRole("link", { name: pt.home.howItWorks })).toBeVisible();
  await other.close();
  expect(en.home.howItWorks).not.toBe(pt.home.howItWorks);
});

test("screenshots of the match page in pt-BR and fr, phone and desktop", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const toDocs = process.env.UPDATE_DOC_SCREENSHOTS === "1";
  for (const locale of ["pt-BR", "fr"] as const satisfies readonly Locale[]) {
    const m = messages(locale);
    for (const [size, viewport] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 900 }]] as const) {
      const context = await browser.newContext({ locale: locale === "fr" ? "fr-FR" : "pt-BR", viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await signInAsGuest(page, m);
      await startComputerMatch(page, m);
      await rollUntilPlay(page, m);
      const name = `match-${locale}-${size}.png`;
      if (toDocs) {
        const dir = path.resolve("docs", "screenshots");
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, name), fullPage: true });
      } else {
        await shoot(page, name, testInfo);
      }
      await context.close();
    }
  }
});
