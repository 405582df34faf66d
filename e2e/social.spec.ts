// Meeting and talking in real Chromium (issue 30, items 5 and 6; issue 48 item 4): two registered players find each
// other in "Online now", one challenges the other by name and waits in the lobby while the other accepts — the match
// is made then, both seated, and both pages open it; they chat in the match (hostile text shown as text, links to
// other sites not clickable, the message still there after a reload); a report reaches the administrators' view. A
// spectator of a private match talks in the spectators' channel, which a player mutes. A challenge waits in the
// header's notice center on any page, with a badge and the tab title's count, after a reload too, and is declined
// there; a withdrawn one goes from it at once; following a player is kept.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAdmin, messages, registerInNewContext, seriousViolations, signIn } from "./ui-helpers";

const m = messages("en");
const PASSWORD = "correct horse battery";
const suffix = Date.now().toString(36).slice(-5);

const registered = async (browser: Browser, username: string): Promise<Page> => (await registerInNewContext(browser, username, PASSWORD)).page;

const chat = (page: Page) => page.getByTestId("chat");
const challengeForm = (page: Page) => page.getByRole("region", { name: m.meet.challengeTitle });
const noticeCount = (page: Page) => page.locator("header").getByTestId("notice-count");
const MATCH_URL = /\/match\/[A-Za-z0-9_-]+$/;

async function say(page: Page, text: string): Promise<void> {
  await chat(page).getByLabel(m.chat.placeholder).fill(text);
  await chat(page).getByRole("button", { name: m.chat.send }).click();
  await expect(chat(page).getByLabel(m.chat.placeholder)).toHaveValue("");
}

test("a challenge by name from Online now: the sender waits in the lobby, the accept seats both; chat in the match; a report and the desk", async ({ browser }) => {
  test.setTimeout(120_000);
  const [annName, benName, carlName] = [`ann${suffix}`, `ben${suffix}`, `carl${suffix}`];
  const ann = await registered(browser, annName);
  const ben = await registered(browser, benName);
  await ann.goto("/");
  await ben.goto("/");

  // Online now shows Ben to Ann; her Challenge button fills the form.
  const online = ann.getByTestId("online-players");
  await expect(online.getByRole("link", { name: benName })).toBeVisible({ timeout: 25_000 });
  await online.getByRole("button", { name: m.meet.challengeLabel.replace("{name}", benName) }).click();
  await expect(challengeForm(ann).getByLabel(m.meet.username)).toHaveValue(benName);
  await challengeForm(ann).getByLabel(m.meet.length).fill("3");
  expect(await seriousViolations(ann)).toEqual([]);
  await challengeForm(ann).getByRole("button", { name: m.meet.send }).click();

  // No match exists yet: Ann stays in the lobby, her challenge waiting there with its time left and Withdraw.
  await expect(challengeForm(ann).getByTestId("challenge-sent-note")).toContainText(benName);
  expect(new URL(ann.url()).pathname).toBe("/");
  const sent = ann.getByTestId("challenges-sent");
  await expect(sent).toContainText(`To ${benName}: 3-point match`);
  await expect(sent).toContainText(/\d+:\d\d left/);
  await expect(sent.getByRole("button", { name: m.meet.withdrawLabel.replace("{name}", benName) })).toBeVisible();

  // Ben is told at once, in the lobby and in the header's badge, and accepts: the match is made, both of them seated,
  // and both pages open it.
  const inbox = ben.getByTestId("challenges-received");
  await expect(inbox).toContainText(`${annName} challenges you to a 3-point match.`);
  await expect(noticeCount(ben)).toHaveText("1");
  await inbox.getByRole("button", { name: m.meet.accept }).click();
  await expect(ben).toHaveURL(MATCH_URL);
  const matchUrl = ben.url();
  await expect(ann).toHaveURL(matchUrl);
  await expect(ben.getByRole("heading", { level: 1 })).toContainText(annName);
  await expect(ann.getByRole("heading", { level: 1 })).toContainText(benName);
  // Nothing waits any more.
  await expect(noticeCount(ben)).toHaveCount(0);
  await expect(noticeCount(ann)).toHaveCount(0);

  // The players' chat: hostile markup is shown as text, another site's address is not a link, this site's is.
  const hostile = `<b>gl</b> see https://evil.test/login and ${matchUrl}`;
  await say(ann, hostile);
  const line = chat(ben).locator(".chat-message", { hasText: "gl" });
  await expect(line).toContainText(hostile);
  await expect(line.locator("b")).toHaveCount(0);
  await expect(line.getByRole("link")).toHaveCount(1);
  await expect(line.getByRole("link")).toHaveAttribute("href", new URL(matchUrl).pathname);
  await ben.reload();
  await expect(chat(ben).locator(".chat-message", { hasText: "<b>gl</b>" })).toBeVisible();

  // Ben reports Ann's message, then mutes her: her messages are gone for him, after a reload too.
  await chat(ben).getByRole("button", { name: m.chat.reportLabel.replace("{name}", annName) }).first().click();
  await expect(chat(ben)).toContainText(m.chat.reported);
  await chat(ben).getByRole("button", { name: m.chat.muteLabel.replace("{name}", annName) }).first().click();
  await expect(chat(ben).locator(".chat-message", { hasText: "<b>gl</b>" })).toHaveCount(0);
  await ben.reload();
  await expect(chat(ben).locator(".chat-message", { hasText: "<b>gl</b>" })).toHaveCount(0);

  // The administrators see the report.
  const adminName = `admin${suffix}`;
  createAdmin(adminName, PASSWORD);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, m, adminName, PASSWORD);
  await admin.goto("/admin/chat");
  const reports = admin.getByTestId("chat-reports");
  await expect(reports).toContainText("<b>gl</b>");
  await expect(reports).toContainText(benName);
  // And no one else does.
  const carl = await registered(browser, carlName);
  expect((await carl.goto("/admin/chat"))?.status()).toBe(403);
  // The desk acts for everyone (issue 47): the reported message is hidden on every page at once, and Ann, muted
  // site-wide, can no longer write in any chat — told why.
  await expect(chat(ann).locator(".chat-message", { hasText: "<b>gl</b>" })).toBeVisible();
  await admin.getByRole("button", { name: m.admin.chat.hideLabel.replace("{name}", annName) }).first().click();
  await expect(chat(ann).locator(".chat-message", { hasText: "<b>gl</b>" })).toHaveCount(0);
  await admin.getByRole("button", { name: m.admin.chat.muteLabel.replace("{name}", annName) }).first().click();
  await expect(admin.getByRole("button", { name: m.admin.chat.unmuteLabel.replace("{name}", annName) }).first()).toBeVisible();
  await chat(ann).getByLabel(m.chat.placeholder).fill("still here?");
  await chat(ann).getByRole("button", { name: m.chat.send }).click();
  await expect(chat(ann)).toContainText("An administrator muted you in chat");
});

test("a spectator of a private match, by its invitation, talks in the spectators' channel; a player mutes it", async ({ browser }) => {
  test.setTimeout(90_000);
  const ann = await registered(browser, `sann${suffix}`);
  const ben = await registered(browser, `sben${suffix}`);
  const carl = await registered(browser, `scarl${suffix}`);
  await ann.goto("/");
  await ann.getByRole("region", { name: m.lobby.newMatch }).getByLabel(m.lobby.length).fill("3");
  await ann.getByLabel(m.lobby.linkOnly).check();
  await ann.getByRole("button", { name: m.lobby.create }).click();
  await ann.waitForURL(/\/match\/[^/?]+\?invite=/);
  await expect(ann.getByLabel(m.seats.inviteLink)).toHaveValue(/^http:\/\/.+\?invite=/);
  const link = await ann.getByLabel(m.seats.inviteLink).inputValue();
  await ben.goto(link);
  await ben.getByRole("button", { name: /^Join as/ }).click();
  await expect(ann.getByRole("heading", { level: 1 })).toContainText(`sben${suffix}`);
  await say(ann, "good luck");

  // The spectator sees only the spectators' channel, and talks there; the players read it, and Ann mutes it.
  await carl.goto(link);
  await expect(chat(carl).getByRole("button", { name: m.chat.players, exact: true })).toHaveCount(0);
  await expect(chat(carl)).not.toContainText("good luck");
  await expect(chat(carl).getByLabel(m.chat.placeholder)).toBeVisible();
  await say(carl, "nice opening");
  await chat(ann).getByRole("button", { name: m.chat.spectators, exact: true }).click();
  await expect(chat(ann).locator(".chat-message", { hasText: "nice opening" })).toBeVisible();
  await expect(chat(ann).getByLabel(m.chat.placeholder)).toHaveCount(0);
  await chat(ann).getByRole("button", { name: m.chat.muteSpectators }).click();
  await expect(chat(ann)).toContainText(m.chat.spectatorsMuted);
  await expect(chat(ann).locator(".chat-message", { hasText: "nice opening" })).toHaveCount(0);
});

test("a challenge waits in the header on any page, with a badge and the title's count, after a reload too; declined there; a withdrawn one goes", async ({ browser }) => {
  test.setTimeout(120_000);
  const [annName, carlName] = [`hann${suffix}`, `hcarl${suffix}`];
  const ann = await registered(browser, annName);
  const carl = await registered(browser, carlName);
  // Ann is on a page with nothing live of its own.
  await ann.goto("/leaderboard");
  await expect(ann.locator("header").getByTestId("notice-button")).toBeVisible();
  await expect(noticeCount(ann)).toHaveCount(0);

  // Carl follows Ann from her profile, and challenges her from there: he waits in the lobby.
  await carl.goto(`/players/${annName}`);
  await carl.getByTestId("follow-button").click();
  await expect(carl.getByTestId("followers")).toHaveText("1 follower");
  await carl.reload();
  await expect(carl.getByTestId("follow-button")).toHaveText(m.profile.unfollow);
  await carl.getByRole("link", { name: m.profile.challenge.replace("{name}", annName) }).click();
  await expect(challengeForm(carl).getByLabel(m.meet.username)).toHaveValue(annName);
  await challengeForm(carl).getByRole("button", { name: m.meet.send }).click();
  await expect(carl.getByTestId("challenges-sent")).toContainText(annName);

  // Ann's header counts it at once, and so does her tab's title; both are still there after a reload.
  await expect(noticeCount(ann)).toHaveText("1");
  await expect(ann).toHaveTitle(/^\(1\) /);
  await ann.reload();
  await expect(noticeCount(ann)).toHaveText("1");
  await expect(ann).toHaveTitle(/^\(1\) /);
  expect(await seriousViolations(ann)).toEqual([]);
  const button = ann.locator("header").getByTestId("notice-button");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const panel = ann.getByTestId("notice-panel");
  await expect(panel.getByTestId("notice-received")).toContainText(`${carlName} challenges you to a 5-point match.`);
  await expect(panel).toContainText(/\d+:\d\d left/);
  expect(await seriousViolations(ann)).toEqual([]);
  await panel.getByRole("button", { name: m.meet.decline }).click();
  await expect(noticeCount(ann)).toHaveCount(0);
  await expect(ann).not.toHaveTitle(/^\(\d+\) /);
  expect(new URL(ann.url()).pathname).toBe("/leaderboard");
  // Carl's lobby hears the answer.
  await expect(carl.getByTestId("challenge-notice")).toHaveText(m.meet.declined.replace("{name}", annName));
  await expect(carl.getByTestId("challenges-sent")).toHaveCount(0);

  // A second challenge, taken back before Ann answers: it goes from her header at once.
  await challengeForm(carl).getByRole("button", { name: m.meet.send }).click();
  await expect(noticeCount(ann)).toHaveText("1");
  await carl.getByTestId("challenges-sent").getByRole("button", { name: m.meet.withdrawLabel.replace("{name}", annName) }).click();
  await expect(carl.getByTestId("challenges-sent")).toHaveCount(0);
  await expect(noticeCount(ann)).toHaveCount(0);
  await expect(panel.getByTestId("notice-received")).toHaveCount(0);
});

test("the lobby chat is read by visitors and written by players with an account; a flood is held", async ({ browser, page }) => {
  const dana = await registered(browser, `dana${suffix}`);
  await dana.goto("/");
  await say(dana, "anyone for a 7-pointer?");
  await page.goto("/");
  await expect(chat(page).locator(".chat-message", { hasText: "anyone for a 7-pointer?" })).toBeVisible();
  await expect(chat(page)).toContainText(m.chat.signIn);
  await expect(chat(page).getByLabel(m.chat.placeholder)).toHaveCount(0);
  for (let i = 0; i < 4; i++) await say(dana, `message ${i}`);
  await chat(dana).getByLabel(m.chat.placeholder).fill("one too many");
  await chat(dana).getByRole("button", { name: m.chat.send }).click();
  await expect(chat(dana).getByRole("alert")).toContainText("You are sending messages too fast");
  expect(await seriousViolations(page)).toEqual([]);
});

/** A page that counts as hidden (another tab in front) and records the notifications it shows. */
async function hiddenPageWithNotifications(page: Page): Promise<void> {
  await page.context().grantPermissions(["notifications"]);
  await page.addInitScript(() => {
    Object.defineProperty(document, "hidden", { get: () => true });
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    const shown: string[] = [];
    (window as unknown as { shown: string[] }).shown = shown;
    class Recorded {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = Recorded;
  });
}

const notifications = (page: Page) => page.evaluate(() => (window as unknown as { shown: string[] }).shown);

test("two players with notifications on, their pages hidden: the one whose turn it is is notified, the other not; a challenge notifies", async ({ browser }) => {
  test.setTimeout(120_000);
  const [ann, ben] = [await registered(browser, `nann${suffix}`), await registered(browser, `nben${suffix}`)];
  for (const page of [ann, ben]) {
    await hiddenPageWithNotifications(page);
    await page.goto("/account");
    const box = page.getByTestId("play-settings").getByLabel(m.playSettings.notify.label, { exact: true });
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/account/preferences") && response.request().method() === "POST");
    await box.setChecked(true);
    expect((await saved).status()).toBe(200);
  }
  // Ben, hidden in the lobby, is challenged by Ann: a notification names her.
  await ben.goto("/");
  await expect(ben.getByRole("region", { name: m.meet.received })).toBeVisible();
  await ann.goto(`/?challenge=nben${suffix}`);
  await challengeForm(ann).getByRole("button", { name: m.meet.send }).click();
  await expect(ann.getByTestId("challenges-sent")).toContainText(`nben${suffix}`);
  // Once: the lobby's inbox and the header's notice center are one state, notified for once.
  await expect.poll(() => notifications(ben)).toEqual([m.meet.notificationTitle.replace("{name}", `nann${suffix}`)]);
  await ben.getByTestId("challenges-received").getByRole("button", { name: m.meet.accept }).click();
  await expect(ben).toHaveURL(MATCH_URL);
  await expect(ann).toHaveURL(ben.url());
  // Both send their seeds; the opening roll gives one of them the move: that page is told, the other is not.
  for (const page of [ann, ben]) await page.getByRole("button", { name: m.fairness.submitSeed }).click();
  const title = m.turnNotice.title;
  await expect.poll(async () => (await notifications(ann)).filter((t) => t === title).length + (await notifications(ben)).filter((t) => t === title).length, { timeout: 30_000 }).toBe(1);
  const annTold = (await notifications(ann)).includes(title);
  const onRoll = annTold ? ann : ben;
  await expect(onRoll.getByTestId("status-line")).toContainText("Your turn");
});
