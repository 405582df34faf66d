// Accounts in a real browser against the production build: registration, sign-in and sign-out, the generic error
// for a wrong password, guests and claiming, and the admin gate (pages and API) for each kind of visitor.
import { execFileSync, spawnSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE_ENV } from "./e2e-env";
import { registerThroughForm } from "./ui-helpers";

const PASSWORD = "correct horse battery";

function adminCli(args: readonly string[], input?: string): string {
  return execFileSync("npx", ["tsx", "scripts/admin.ts", ...args], {
    env: { ...process.env, ...E2E_DATABASE_ENV },
    input: input ?? "",
    encoding: "utf8",
  });
}

const menu = (page: Page) => page.locator("header");

async function signOut(page: Page): Promise<void> {
  await menu(page).getByRole("button", { name: "Sign out" }).click();
  await expect(menu(page).getByRole("link", { name: "Sign in" })).toBeVisible();
}

async function register(page: Page, username: string): Promise<void> {
  await registerThroughForm(page, username, PASSWORD);
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

async function playAsGuest(page: Page): Promise<string> {
  await page.goto("/");
  await menu(page).getByRole("button", { name: "Play as guest" }).click();
  const name = menu(page).getByTestId("signed-in-user");
  await expect(name).toHaveText(/^guest-[a-z]+-[a-z]+-\d{2}$/);
  return (await name.textContent()) ?? "";
}

async function expectAdminRefused(page: Page): Promise<void> {
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  const api = await page.request.get("/api/admin/ping");
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ error: "ERR_FORBIDDEN" });
}

test("register, sign out, a wrong password is refused in the form, then sign in", async ({ page }) => {
  await register(page, "e2e-ada");
  await expect(page).toHaveURL("/");

  await signOut(page);

  // A wrong password and an unknown username get the same answer.
  for (const [username, password] of [["e2e-ada", "not the password"], ["e2e-nobody", PASSWORD]] as const) {
    await signIn(page, username, password);
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Wrong username or password.");
    await expect(page).toHaveURL(/\/login/);
  }

  await signIn(page, "E2E-Ada", PASSWORD); // usernames are not case-sensitive
  await expect(menu(page).getByTestId("signed-in-user")).toHaveText("e2e-ada");
});

test("play as guest in one click, then keep the account under a new name", async ({ page }) => {
  const guest = await playAsGuest(page);
  await expect(menu(page).getByText("guest", { exact: true })).toBeVisible();

  await page.goto("/account");
  await expect(page.getByTestId("account-username")).toHaveText(guest);
  await expect(page.getByTestId("account-kind")).toHaveText("Guest");
  const form = page.getByRole("form", { name: "Keep this account" });
  await form.getByLabel("Username").fill("e2e-kept");
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Password again").fill(PASSWORD);
  await form.getByRole("button", { name: "Keep this account" }).click();
  await expect(page.getByTestId("account-kind")).toHaveText("Registered");
  await expect(page.getByTestId("account-username")).toHaveText("e2e-kept");

  await signOut(page);
  await signIn(page, "e2e-kept", PASSWORD);
  await expect(menu(page).getByTestId("signed-in-user")).toHaveText("e2e-kept");
});

test.describe("the admin area", () => {
  test.beforeAll(() => {
    // The first admin comes from the command line, as in production. (After a failed test Playwright starts a new
    // worker and runs this again: the account then exists already.)
    const created = spawnSync("npx", ["tsx", "scripts/admin.ts", "create", "e2e-admin"], {
      env: { ...process.env, ...E2E_DATABASE_ENV },
      input: `${PASSWORD}\n`,
      encoding: "utf8",
    });
    expect(`${created.stdout}${created.stderr}`).toMatch(/Created administrator "e2e-admin"|"e2e-admin" is taken/);
  });

  test("is refused to anonymous visitors, guests and players", async ({ page }) => {
    await expectAdminRefused(page);
    await playAsGuest(page);
    await expectAdminRefused(page);
    await signOut(page);
    await register(page, "e2e-player");
    await expectAdminRefused(page);
  });

  test("opens for an administrator, and for a player granted the role while signed in", async ({ page, browser }) => {
    await signIn(page, "e2e-admin", PASSWORD);
    await expect(menu(page).getByRole("link", { name: "Admin", exact: true })).toBeVisible();
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
    await expect(page.getByTestId("admin-name")).toHaveText("e2e-admin");
    const api = await page.request.get("/api/admin/ping");
    expect(api.status()).toBe(200);
    expect(await api.json()).toEqual({ ok: true, admin: "e2e-admin" });

    // The role is read from the database on every request: no new sign-in needed after a grant.
    const other = await browser.newPage();
    await register(other, "e2e-promoted");
    expect((await other.goto("/admin"))?.status()).toBe(403);
    expect(adminCli(["grant", "e2e-promoted"])).toContain('"e2e-promoted" is now an administrator.');
    expect((await other.goto("/admin"))?.status()).toBe(200);
    await other.close();
  });
});
