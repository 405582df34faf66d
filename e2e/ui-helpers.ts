/**
 * Shared steps for the specs: the message files (so a spec finds buttons by their text in any language), axe-core's
 * serious and critical violations, registering and signing in through the forms, a guest's match against the computer,
 * rolling until there is a play, one play made by clicking, and keyboard-only play (Tab to a control, Enter to use it).
 *
 * @example
 *   const m = messages("fr");
 *   await startComputerMatch(page, m);             // a 1-point match, seed sent, waiting for the guest's roll
 *   expect(await seriousViolations(page)).toEqual([]);
 */
import AxeBuilder from "@axe-core/playwright";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { E2E_DATABASE_ENV } from "./e2e-env";

export type Locale = "en" | "pt-BR" | "fr";
export const LOCALES: readonly Locale[] = ["en", "pt-BR", "fr"];

// The message files have many shapes; specs read a handful of known keys.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Messages = any;

export function messages(locale: Locale): Messages {
  return JSON.parse(readFileSync(path.resolve("messages", `${locale}.json`), "utf8"));
}

/** axe-core (WCAG 2.1 A and AA rules) on the page as it is: the serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

export async function signInAsGuest(page: Page, m: Messages): Promise<void> {
  await page.goto("/");
  await page.locator("header").getByRole("button", { name: m.auth.guest }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(/^guest-/);
}

/** From the lobby: a 1-point match against the easy computer, the proposed client seed sent. */
export async function startComputerMatch(page: Page, m: Messages): Promise<void> {
  await page.goto("/");
  // The lobby has two match-length fields (the queue panel and the new-match form): use the form's.
  const form = page.getByRole("region", { name: m.lobby.newMatch });
  await form.getByLabel(m.lobby.length).fill("1");
  await form.getByLabel(m.lobby.opponent).selectOption("easy");
  await page.getByRole("button", { name: m.lobby.playComputer }).click();
  await page.waitForURL(/\/match\/[^/?]+/);
  await page.getByRole("button", { name: m.fairness.submitSeed }).click();
}

/** Which colour this page's player has (the strip marked "(you)" in any language). */
export async function seatOf(page: Page, m: Messages): Promise<"white" | "black"> {
  await expect(page.getByTestId("player-white").or(page.getByTestId("player-black")).filter({ hasText: m.players.you })).toBeVisible();
  return (await page.getByTestId("player-white").textContent())?.includes(m.players.you) ? "white" : "black";
}

const movable = ".hit-active[aria-pressed]";
const target = ".hit-active:not([aria-pressed])";

/** One whole play by clicking: a movable checker, then a destination (and a die when asked), then Confirm. */
export async function clickOnePlay(page: Page, m: Messages): Promise<void> {
  const confirm = page.getByRole("button", { name: m.play.confirm });
  await expect(confirm).toBeVisible();
  for (let step = 0; step < 4 && !(await confirm.isEnabled()); step++) {
    await page.locator(movable).first().click();
    await page.locator(target).first().click();
    const die = page.locator(".die-choice button");
    if ((await die.count()) > 0) await die.first().click();
  }
  await expect(confirm).toBeEnabled();
  await confirm.click();
}

/**
 * Rolls (when it is this player's turn) until the board offers a play, clicking Roll or, on a touch screen, tapping
 * it; fails after 150 s. A roll that cannot be played passes the turn.
 */
export async function rollUntilPlay(page: Page, m: Messages, { tap = false }: { readonly tap?: boolean } = {}): Promise<void> {
  const roll = page.getByRole("button", { name: m.play.roll, exact: true, disabled: false });
  const confirm = page.getByRole("button", { name: m.play.confirm });
  const deadline = Date.now() + 150_000;
  while (!((await confirm.isVisible()) && (await page.locator(".hit-active").count()) > 0)) {
    expect(Date.now()).toBeLessThan(deadline);
    if (!(await roll.isVisible())) await page.waitForTimeout(100);
    else if (tap) await roll.tap();
    else await roll.click();
  }
}

/** Clicks `button` if it is on the page now (isVisible does not wait); says whether it did. */
export async function clickIfShown(button: Locator): Promise<boolean> {
  if (!(await button.isVisible())) return false;
  await button.click();
  return true;
}

/** Whether the board waits for this player's play now, on an English page: Confirm shown and a checker to pick up. */
export async function playWaits(page: Page): Promise<boolean> {
  return (await page.getByRole("button", { name: "Confirm move" }).isVisible()) && (await page.getByRole("button", { name: / checker on / }).count()) > 0;
}

/** Presses Tab (or Shift+Tab) until the focused element passes `test` in the page; fails after `limit` presses. Says how many it pressed. */
export async function tabTo(page: Page, test: string, arg: string | null = null, limit = 400): Promise<number> {
  const matches = () =>
    page.evaluate(
      ([source, value]) => {
        const el = document.activeElement;
        if (!el || el === document.body) return false;
        return new Function("el", "value", `return (${source})(el, value);`)(el, value) as boolean;
      },
      [test, arg] as const,
    );
  for (let i = 0; i < limit; i++) {
    if (await matches()) return i;
    await page.keyboard.press(i < limit / 2 ? "Tab" : "Shift+Tab");
  }
  throw new Error(`no element for ${test} (${arg}) after ${limit} key presses`);
}

export const BUTTON_NAMED = "(el, name) => el.tagName === 'BUTTON' && !el.disabled && el.textContent.trim() === name";
const MOVABLE_CHECKER = "(el) => el.matches('.hit-active[aria-pressed=\"false\"]')";
const DESTINATION = "(el) => el.matches('.hit-active:not([aria-pressed])')";
const DIE_CHOICE = "(el) => el.tagName === 'BUTTON' && el.closest('.die-choice') !== null";

/** One whole play with the keyboard only: Tab to a checker, Enter; Tab to a destination, Enter; then Confirm. */
export async function keyboardOnePlay(page: Page, m: Messages): Promise<void> {
  const confirm = page.getByRole("button", { name: m.play.confirm });
  for (let step = 0; step < 4 && !(await confirm.isEnabled()); step++) {
    await tabTo(page, MOVABLE_CHECKER);
    await page.keyboard.press("Enter");
    await tabTo(page, DESTINATION);
    await page.keyboard.press("Enter");
    if ((await page.locator(".die-choice button").count()) > 0) {
      await tabTo(page, DIE_CHOICE);
      await page.keyboard.press("Enter");
    }
  }
  await expect(confirm).toBeEnabled();
  await tabTo(page, BUTTON_NAMED, m.play.confirm);
  await page.keyboard.press("Enter");
}

export const isOver = async (page: Page) => /^[0-9a-f]{64}$/.test((await page.getByTestId("server-seed").textContent()) ?? "");

/** An administrator in the e2e database (`npm run admin -- create`), made once per name: later calls find it taken. */
export function createAdmin(username: string, password: string): void {
  const created = spawnSync("npx", ["tsx", "scripts/admin.ts", "create", username], { env: { ...process.env, ...E2E_DATABASE_ENV }, input: `${password}\n`, encoding: "utf8" });
  expect(`${created.stdout}${created.stderr}`).toMatch(new RegExp(`Created administrator "${username}"|"${username}" is taken`));
}

/** Signs in through the sign-in form. */
export async function signIn(page: Page, m: Messages, username: string, password: string): Promise<void> {
  await page.goto("/login");
  const form = page.getByRole("form", { name: m.auth.signIn });
  await form.getByLabel(m.auth.username).fill(username);
  await form.getByLabel(m.auth.password).fill(password);
  await form.getByRole("button", { name: m.auth.signIn }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(username);
}

/** Registers `username` through the registration form (in English), then waits for the header to show it signed in. */
export async function registerThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Password again").fill(password);
  await form.getByRole("button", { name: "Register" }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(username);
}

/** A new browser context in which `username` registers through the form: its page, signed in, and its cookie header. */
export async function registerInNewContext(browser: Browser, username: string, password: string): Promise<{ page: Page; name: string; cookie: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerThroughForm(page, username, password);
  const cookies = await context.cookies();
  return { page, name: username, cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
}
