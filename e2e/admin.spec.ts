// The admin console in a real browser against the production build: bots (driven by two guests' session cookies) play
// a finished match and open a running one; an administrator sees the roll log, the dice statistics with their chart,
// the server-side verification, the per-match roll log (the seed only once revealed — the running match's pages and
// exports are captured, the match is then ended, and the seed it reveals is nowhere in them), the exports and the
// audit trail. A guest, a registered player and an anonymous visitor get 403 on every admin page and API.
import { spawnSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { guest, playFinishedMatch, startRunningMatch, type Guest } from "./bot-match";
import { E2E_DATABASE_ENV } from "./e2e-env";
import { shoot } from "./screenshot";

const ADMIN = "e2e-dice-admin";
const PASSWORD = "correct horse battery";

interface AuditDocument {
  readonly serverSeed: string | null;
  readonly commitment: string;
  readonly rolls: readonly { nonce: number; dice: [number, number] }[];
}

async function signInAdmin(page: Page): Promise<void> {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(ADMIN);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText(ADMIN);
}

async function audit(page: Page, matchId: string): Promise<AuditDocument> {
  const response = await page.request.get(`/api/matches/${matchId}/audit`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AuditDocument;
}

const ADMIN_PAGES = (matchId: string) => ["/admin", "/admin?status=finished", "/admin/audit", "/admin/chat", "/admin/settings", `/admin/matches/${matchId}`];
const ADMIN_APIS = ["/api/admin/ping", "/api/admin/rolls.csv", "/api/admin/rolls.json?status=finished"];

async function expectAllRefused(page: Page, matchId: string): Promise<void> {
  for (const path of ADMIN_PAGES(matchId)) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    expect(await page.content()).not.toContain("roll-table");
  }
  for (const path of ADMIN_APIS) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toMatchObject({ error: "ERR_FORBIDDEN" });
  }
  // The settings switch, from this site's own page: still refused to anyone but an administrator.
  const settings = await page.request.post("/api/admin/settings", { data: { playerTournaments: true }, headers: { origin: new URL(page.url()).origin } });
  expect(settings.status()).toBe(403);
}

let players: [Guest, Guest];
let finishedId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const created = spawnSync("npx", ["tsx", "scripts/admin.ts", "create", ADMIN], {
    env: { ...process.env, ...E2E_DATABASE_ENV },
    input: `${PASSWORD}\n`,
    encoding: "utf8",
  });
  expect(`${created.stdout}${created.stderr}`).toMatch(new RegExp(`Created administrator "${ADMIN}"|"${ADMIN}" is taken`));
  players = [await guest(browser), await guest(browser)];
  finishedId = (await playFinishedMatch(players[0], players[1], 4242)).matchId;
});

test.afterAll(async () => {
  for (const player of players ?? []) await player.context.close();
});

test("an administrator sees the roll log, the dice statistics and the verification of finished matches", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const bundle = await audit(page, finishedId);
  expect(bundle.serverSeed).toMatch(/^[0-9a-f]{64}$/);

  // The whole roll log: the match's rolls are there, with statistics and a server-rendered chart.
  expect((await page.goto("/admin"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
  await expect(page.getByTestId("roll-table").getByRole("link", { name: finishedId }).first()).toBeVisible();
  const stats = page.getByTestId("dice-stats");
  await expect(stats.getByRole("img", { name: /^Faces \(both dice\)\./ })).toBeVisible();
  await expect(stats.getByRole("img", { name: /^The 21 outcomes\./ })).toBeVisible();
  await expect(page.getByTestId("faces-p-value")).toHaveText(/^\d/);
  await expect(page.getByTestId("verification").locator(`[data-match="${finishedId}"]`)).toHaveAttribute("data-verdict", "verified");
  await shoot(page, "admin-roll-log.png", testInfo);

  // Filtered to the match through the form: exactly its rolls, and the counts add up to them.
  const form = page.getByRole("form", { name: "Filter the roll log" });
  await form.getByLabel("Match id").fill(finishedId);
  await form.getByLabel("Status").selectOption("finished");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`match=${finishedId}`));
  const rolls = bundle.rolls.length;
  await expect(page.getByTestId("roll-total")).toContainText(`${rolls} rolls in 1 match.`);
  await expect(page.getByTestId("stats-rolls")).toHaveText(String(rolls));
  const faces = await page.getByTestId("face-counts").locator("[data-face]").allTextContents();
  const expectedFaces = [1, 2, 3, 4, 5, 6].map((face) => bundle.rolls.reduce((n, r) => n + (r.dice[0] === face ? 1 : 0) + (r.dice[1] === face ? 1 : 0), 0));
  expect(faces.map(Number)).toEqual(expectedFaces);
  const doubles = bundle.rolls.filter((r) => r.dice[0] === r.dice[1]).length;
  await expect(page.getByTestId("doubles-count")).toHaveText(String(doubles));

  // The match's own roll log: every roll in nonce order, the revealed seed, and the verification.
  await page.getByTestId("roll-table").getByRole("link", { name: finishedId }).first().click();
  await expect(page).toHaveURL(`/admin/matches/${finishedId}`);
  const rows = page.getByTestId("match-roll-table").locator("tbody tr");
  await expect(rows).toHaveCount(rolls);
  const firstRoll = bundle.rolls[0];
  if (!firstRoll) throw new Error("no rolls");
  await expect(rows.first().locator("td").nth(4)).toHaveText(`${firstRoll.dice[0]}-${firstRoll.dice[1]}`);
  await expect(page.getByTestId("admin-commitment")).toHaveText(bundle.commitment);
  await expect(page.getByTestId("admin-server-seed")).toContainText(bundle.serverSeed ?? "missing");
  await expect(page.getByTestId("match-verification").getByRole("status")).toHaveText("Verified: every check passed.");
  await shoot(page, "admin-match-roll-log.png", testInfo);

  // Exports of the same selection.
  const csv = await page.request.get(`/api/admin/rolls.csv?match=${finishedId}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toContain("attachment");
  const lines = (await csv.text()).trimEnd().split("\n");
  expect(lines[0]).toBe("match_id,nonce,game,kind,player,die1,die2,created_at");
  expect(lines).toHaveLength(rolls + 1);
  const json = await page.request.get(`/api/admin/rolls.json?match=${finishedId}`);
  const exported = (await json.json()) as { total: number; rolls: { dice: number[] }[]; statistics: { rolls: number } };
  expect(exported.total).toBe(rolls);
  expect(exported.rolls.map((r) => r.dice)).toEqual(bundle.rolls.map((r) => r.dice));

  // Each look and export is in the audit trail, under the admin's name.
  await page.goto(`/admin/audit?match=${finishedId}`);
  const trail = page.getByTestId("audit-table");
  // The stored action code is the row's data-action; the cell says it in the reader's language.
  const viewed = trail.locator('tbody tr[data-action="view-roll-log"]').first();
  await expect(viewed).toContainText(ADMIN);
  await expect(viewed).toContainText("viewed the roll log");
  await expect(trail.locator('tbody tr[data-action="export-roll-log"]')).toHaveCount(2);
  await shoot(page, "admin-audit-trail.png", testInfo);
});

test("a running match's seed never reaches the admin pages or exports before it is revealed", async ({ page }) => {
  test.setTimeout(120_000);
  const running = await startRunningMatch(players[0], players[1], 777);
  await signInAdmin(page);
  const before = await audit(page, running.matchId);
  expect(before.serverSeed).toBeNull();
  expect(before.rolls.length).toBeGreaterThan(0);

  const captured: string[] = [];
  expect((await page.goto(`/admin/matches/${running.matchId}`))?.status()).toBe(200);
  await expect(page.getByTestId("admin-server-seed")).toHaveText(/not revealed/);
  await expect(page.getByTestId("match-roll-table").locator("tbody tr")).toHaveCount(before.rolls.length);
  captured.push(await page.content());
  await page.goto(`/admin?match=${running.matchId}`);
  await expect(page.getByTestId("stats-rolls")).toHaveText(String(before.rolls.length));
  captured.push(await page.content());
  await page.goto("/admin");
  captured.push(await page.content());
  captured.push(await (await page.request.get(`/api/admin/rolls.json?match=${running.matchId}`)).text());
  captured.push(await (await page.request.get("/api/admin/rolls.csv")).text());
  // The only 64-hex-digit strings on the match's page are commitments (the client seeds here are not hex).
  const hex = new Set(captured[0]?.match(/[0-9a-f]{64}/g) ?? []);
  expect([...hex]).toEqual([before.commitment]);

  await running.finish();
  const after = await audit(page, running.matchId);
  expect(after.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  for (const text of captured) expect(text).not.toContain(after.serverSeed);
  // Now revealed, the seed is shown.
  await page.goto(`/admin/matches/${running.matchId}`);
  await expect(page.getByTestId("admin-server-seed")).toContainText(after.serverSeed ?? "missing");
});

// One test per kind of visitor: each walks six pages and four APIs, and on a slow machine the three together outran one
// test's 30 s (CI, 2026-12-04: 30.8 s).
test("an anonymous visitor gets 403 on every admin page and API", async ({ browser }) => {
  const anonymous = await browser.newPage();
  await expectAllRefused(anonymous, finishedId);
  await anonymous.close();
});

test("a player of a match, signed in as a guest, gets 403 on every admin page and API", async () => {
  await expectAllRefused(players[0].page, finishedId);
});

test("a registered player gets 403 on every admin page and API", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Username").fill("e2e-not-admin");
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Password again").fill(PASSWORD);
  await form.getByRole("button", { name: "Register" }).click();
  await expect(page.locator("header").getByTestId("signed-in-user")).toHaveText("e2e-not-admin");
  await expectAllRefused(page, finishedId);
  await context.close();
});
