/**
 * Roll click → dice shown, in a real browser (issue 29: "no slower"): a guest's match page clicks Roll on every turn
 * of its own, and the page itself times, with `performance.now()`, the click until the frame after the roller's dice
 * appear on the board — the browser's part (a fair-dice-v2 page makes and keeps a salt before it sends the roll), the
 * socket, the server's roll (its log write before the dice go out) and the render. The opponent is a bot without think
 * time; the page's player moves through a second connection of the same user (another "tab"), so that only the roll
 * is timed. Matches of 3 points follow each other until enough rolls are measured. A roll that cannot be played
 * passes at once and its dice never reach the board: such rolls are counted, not timed.
 *
 * Runs against a site that is already up, so the same script measures two builds (e.g. a worktree of the commit before
 * fair-dice-v2 and main), each with `PORT=… DATABASE_URL=file:/tmp/x.db npm start`:
 *
 *   npx tsx scripts/bench-roll-click.ts --url http://127.0.0.1:3201 --rolls 150
 *
 * Prints the median, p90 and p99 in ms and a JSON line. Needs Debian's Chromium (/usr/bin/chromium).
 */
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { BotClient } from "./bot/bot-client";

const { values: options } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    rolls: { type: "string", default: "150" },
    chromium: { type: "string", default: "/usr/bin/chromium" },
  },
});
const url = options.url;
const wanted = Number(options.rolls);
if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`--rolls must be a whole number, not ${options.rolls}`);

const browser = await chromium.launch({
  executablePath: options.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});

/** A guest signed in through the site's own button, as e2e/bot-match.ts does: its page and its session cookie. */
async function guest(): Promise<{ page: Page; cookie: string }> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("header").getByRole("button", { name: "Play as guest" }).click();
  await page.locator("header").getByTestId("signed-in-user").waitFor();
  const cookies = await context.cookies();
  return { page, cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
}

/**
 * Clicks the enabled Roll button from inside the page and resolves with the ms from the click to the first frame after
 * the roller's dice (`g.dice.dice-<color>`) are in the board.
 */
function timedRoll(page: Page, color: "white" | "black"): Promise<number> {
  // A string, not a function: tsx's transform would add helpers (`__name`) the page does not have.
  return page.evaluate(`new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Roll" && !b.disabled);
    if (!button) return reject(new Error("no enabled Roll button"));
    const shown = () => document.querySelector("g.dice.dice-${color}") !== null;
    // A roll with no legal play passes at once: its dice never reach the board. Such a roll counts as -1, not timed.
    const timer = setTimeout(() => (observer.disconnect(), resolve(-1)), 3000);
    let start = 0;
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(performance.now() - start);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    start = performance.now();
    button.click();
  })`);
}

const samples: number[] = [];
let matches = 0;
let passes = 0;
let lostClicks = 0;
try {
  const [me, them] = await Promise.all([guest(), guest()]);
  while (samples.length < wanted) {
    matches++;
    const opponent = new BotClient({ url, cookie: them.cookie, seed: 7000 + matches, doubleRate: 0, resignRate: 0 });
    // The page's player's other "tab": it joins, sends the client seed and makes the moves, never a roll or a salt.
    const tab = new BotClient({ url, cookie: me.cookie, seed: 8000 + matches, play: false, openingSalt: false });
    await Promise.all([opponent.connect(), tab.connect()]);
    const { matchId } = await opponent.create({ matchLength: 3, color: "white", visibility: "public" });
    await tab.join(matchId);
    await opponent.submitSeed(`bench-white-${matches}`);
    await tab.submitSeed(`bench-black-${matches}`);
    await me.page.goto(`/match/${matchId}`);
    const roll = me.page.getByRole("button", { name: "Roll", exact: true, disabled: false });
    while (samples.length < wanted) {
      const view = await tab.until((v) => v.ended !== null || (v.state.onRoll === "black" && (v.state.phase === "turn-start" || (v.state.phase === "moving" && tab.legalPlays.length > 0))), 60_000);
      if (view.ended) break;
      if (view.state.phase === "turn-start") {
        await roll.waitFor({ timeout: 10_000 });
        const ms = await timedRoll(me.page, "black");
        if (tab.view!.version === view.version) {
          // The click reached a button React had just replaced (the page re-rendered between the find and the click):
          // nothing was sent. Counted, and clicked again.
          if (++lostClicks > 20) throw new Error(`roll ${samples.length + 1} (match ${matches}, version ${view.version}): 20 clicks without a roll`);
          continue;
        }
        const after = await tab.until((v) => v.version > view.version, 10_000);
        if (ms >= 0) samples.push(ms);
        else if (after.state.onRoll === "black" && after.state.phase === "moving") throw new Error(`roll ${samples.length + 1} (match ${matches}): the dice took over 3 s`);
        else passes++;
        continue;
      }
      const play = tab.legalPlays[0]!;
      const reply = await tab.send("match:move", { matchId, expectedVersion: view.version, moves: play.moves.map(({ from, to }) => ({ from, to })) });
      if (!reply.ok) throw new Error(`move refused: ${reply.code}`);
    }
    opponent.close();
    tab.close();
  }
} finally {
  await browser.close();
}

const sorted = [...samples].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
console.log(`roll click → dice shown over ${samples.length} rolls in ${matches} matches (${passes} passes not timed, ${lostClicks} clicks lost to a re-render): median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`);
console.log(JSON.stringify({ url, rolls: samples.length, matches, passes, lostClicks, medianMs: at(0.5), p90Ms: at(0.9), p99Ms: at(0.99) }));
process.exit(0);
