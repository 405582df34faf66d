// Security headers in a real browser: every page the site has — signed out, as a guest, a match in play, a finished
// match's review with its verifier and analysis, the admin console — arrives with the Content-Security-Policy and
// the other headers (server/http/security-headers.ts), and the page works under it: not one CSP violation is
// reported, and the socket connects (the match page fills in from it).
import { expect, test, type Page } from "@playwright/test";
import { guest, playFinishedMatch, startRunningMatch } from "./bot-match";
import { createAdmin, messages, signIn, signInAsGuest } from "./ui-helpers";

const m = messages("en");
const ADMIN = "e2e-csp-admin";
const PASSWORD = "correct horse battery staple";

/** Collects the page's CSP violations (the event fires for every blocked script, style, connection or frame). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportViolation(line: string): void }).__reportViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, path: string, violations: string[]): Promise<void> {
  const response = await page.goto(path);
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["referrer-policy"], path).toBe("same-origin");
  expect(headers["permissions-policy"], path).toContain("camera=()");
  // Every inline script the server wrote carries this response's nonce (files load under 'self'; the browser hides
  // the attribute's value from the DOM but keeps it in .nonce).
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  const inline = await page.locator("script:not([src])").evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).nonce));
  expect(inline.length, path).toBeGreaterThan(0);
  expect(inline.every((n) => n === nonce), `${path}: inline scripts without this response's nonce`).toBe(true);
  await page.waitForLoadState("networkidle").catch(() => {});
  expect(violations, path).toEqual([]);
}

test("every page arrives with the headers and works under its policy, with no CSP violation", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const violations = await watchViolations(page);
  for (const path of ["/", "/login", "/register", "/verify", "/fairness", "/fairness/spec", "/leaderboard", "/no-such-page", "/match/nosuchmatch0000"]) {
    await visit(page, path, violations);
  }
  await signInAsGuest(page, m);
  for (const path of ["/", "/account", "/matches"]) await visit(page, path, violations);

  const [ann, bob] = [await guest(browser), await guest(browser)];
  const running = await startRunningMatch(ann, bob, 4242);
  await visit(page, `/match/${running.matchId}`, violations);
  // The socket connected under connect-src: the board shows the match's dice.
  await expect(page.getByTestId("server-seed")).toBeVisible();
  await running.finish();

  const { matchId } = await playFinishedMatch(ann, bob, 4343);
  await visit(page, `/matches/${matchId}`, violations);
  await visit(page, `/verify?match=${matchId}`, violations);

  createAdmin(ADMIN, PASSWORD);
  const admin = await browser.newPage();
  const adminViolations = await watchViolations(admin);
  await signIn(admin, m, ADMIN, PASSWORD);
  for (const path of ["/admin", "/admin/audit", `/admin/matches/${matchId}`, `/players/${ADMIN}`]) await visit(admin, path, adminViolations);
  await admin.close();
  await ann.context.close();
  await bob.context.close();
});
