// Tournaments in Chromium (issue 31; issue 48): an administrator creates them, players register on the tournament
// page, the server closes registration, reveals the draw and runs every round by itself while bots play each player's
// matches; the page follows live to the winner — a page opened before anyone registered, in another browser context,
// is never reloaded: every registration, the draw, each round and the end reach it over its socket — and "Verify the
// draw" recomputes it in the browser. A player elsewhere on the site is told in the header when their match is ready.
// A 4-player knockout and a 5-player, 3-round Swiss, to the end.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { BotClient } from "../scripts/bot/bot-client";
import { E2E_BASE_URL } from "./e2e-env";
import { createAdmin, messages, registerInNewContext, seriousViolations, signIn } from "./ui-helpers";

const m = messages("en");
const PASSWORD = "correct horse battery";
const suffix = Date.now().toString(36).slice(-5);

interface Player {
  readonly page: Page;
  readonly name: string;
  readonly cookie: string;
}

const registered = (browser: Browser, username: string): Promise<Player> => registerInNewContext(browser, username, PASSWORD);

/** A tournament that closes in a few seconds, created over the admin's socket (the form's smallest wait is a minute). */
async function createSoon(adminCookie: string, format: "knockout" | "swiss", maxPlayers: number): Promise<string> {
  const admin = new BotClient({ url: E2E_BASE_URL, cookie: adminCookie, seed: 1, play: false });
  await admin.connect();
  try {
    const closesAt = Date.now() + 20_000;
    const reply = await admin.send("tournament:create", {
      name: `${format} ${suffix}`,
      format,
      matchLength: 1,
      timeControl: { reserveMs: 600_000, delayMs: 0 },
      rated: false,
      maxPlayers,
      closesAt,
      startsAt: closesAt,
      noShowMinutes: 5,
      ...(format === "swiss" ? { swissRounds: 3 } : {}),
    });
    if (!reply.ok) throw new Error(reply.message);
    return reply.tournamentId;
  } finally {
    admin.close();
  }
}

/** Bots play each player's match as the server makes it, until the tournament is over. */
async function playOut(id: string, players: readonly Player[]): Promise<void> {
  const byId = new Map<string, Player>();
  const bots: BotClient[] = [];
  const started = new Set<string>();
  let seed = 10;
  try {
    for (let pass = 0; pass < 600; pass++) {
      const draw = (await (await fetch(`${E2E_BASE_URL}/api/tournaments/${id}/draw.json`)).json()) as {
        tournament: { status: string };
        names: Record<string, string>;
        rounds: { pairings: { white: string; black: string | null }[] }[];
        matches: (string | null)[][];
      };
      for (const [userId, name] of Object.entries(draw.names)) {
        const player = players.find((p) => p.name === name);
        if (player) byId.set(userId, player);
      }
      if (draw.tournament.status === "finished") return;
      for (const [r, round] of draw.rounds.entries()) {
        for (const [i, matchId] of (draw.matches[r] ?? []).entries()) {
          if (!matchId || started.has(matchId)) continue;
          started.add(matchId);
          const pairing = round.pairings[i]!;
          for (const userId of [pairing.white, pairing.black!]) {
            const bot = new BotClient({ url: E2E_BASE_URL, cookie: byId.get(userId)!.cookie, seed: seed++, play: true });
            bots.push(bot);
            await bot.connect();
            await bot.watch(matchId);
            await bot.submitSeed(`e2e-${userId}-${matchId}`);
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`tournament ${id} did not finish`);
  } finally {
    for (const bot of bots) bot.close();
  }
}

async function runTournament(browser: Browser, format: "knockout" | "swiss", count: number): Promise<void> {
  const adminName = `tadmin${suffix}`;
  createAdmin(adminName, PASSWORD);
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, m, adminName, PASSWORD);
  const adminCookie = (await adminPage.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const players: Player[] = [];
  for (let i = 0; i < count; i++) players.push(await registered(browser, `t${format[0]}${i}${suffix}`));
  const id = await createSoon(adminCookie, format, count);
  // A visitor's page, opened before anyone registers and never reloaded (the mark set on its window would go).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/tournaments/${id}`);
  await expect(visitor.getByText(m.tournaments.noEntrants)).toBeVisible();
  await visitor.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const notReloaded = () => visitor.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  const entries = visitor.getByTestId("tournament-players").getByRole("listitem");
  for (const [i, player] of players.entries()) {
    await player.page.goto(`/tournaments/${id}`);
    await player.page.getByRole("button", { name: m.tournaments.register }).click();
    await expect(player.page.getByTestId("registered-note")).toBeVisible();
    // Each registration, made in another browser, reaches the visitor's page by itself.
    await expect(entries).toHaveCount(i + 1);
    await expect(entries.nth(i)).toHaveText(player.name);
  }
  expect(await notReloaded()).toBe(true);
  const watcher = players[0]!.page;
  await expect(watcher.getByTestId("tournament-players").getByRole("listitem")).toHaveCount(count);
  // Before the start the seed is sealed: the draw cannot be checked fully yet.
  await expect(watcher.getByTestId("draw-seed")).toHaveText(m.tournaments.notRevealed);
  // A player on another page is told in the header when their first-round match is ready (everyone plays round 1 of
  // a 4-knockout), with a badge and a link to the match; on the tournament's page too.
  const elsewhere = players[1]!.page;
  if (format === "knockout") {
    await elsewhere.goto("/leaderboard");
    await expect(elsewhere.locator("header").getByTestId("notice-count")).toHaveText("1", { timeout: 60_000 });
    await elsewhere.locator("header").getByTestId("notice-button").click();
    const notice = elsewhere.getByTestId("notice-panel").getByTestId("tournament-match-notice");
    await expect(notice).toContainText(`${format} ${suffix}: Round 1: your match is ready.`);
    await expect(notice.getByRole("link", { name: m.notices.openMatch })).toHaveAttribute("href", /^\/match\/[A-Za-z0-9_-]+$/);
    await expect(watcher.getByTestId("tournament-match-ready")).toContainText("Round 1: your match is ready.");
    // The round's pairings reached the visitor's page as they were drawn.
    await expect(visitor.getByTestId("round-1")).toBeVisible();
  }

  await playOut(id, players);
  await expect(watcher.getByTestId("tournament")).toHaveAttribute("data-status", "finished", { timeout: 20_000 });
  // The whole tournament, to its winner, came to the visitor's page without a reload.
  await expect(visitor.getByTestId("tournament")).toHaveAttribute("data-status", "finished", { timeout: 20_000 });
  await expect(visitor.getByTestId("tournament-status")).toContainText("Finished:");
  expect(await notReloaded()).toBe(true);
  await expect(watcher.getByTestId("tournament-status")).toContainText("Finished:");
  await expect(watcher.getByTestId("draw-seed")).toHaveText(/^[0-9a-f]{64}$/);
  await watcher.getByRole("button", { name: m.tournaments.verify }).click();
  await expect(watcher.getByTestId("draw-report")).toContainText("The draw is verified.");
  // The same draw.json, checked by the independent verifier written from docs/tournaments.md (importing nothing of ours).
  const file = path.join(tmpdir(), `draw-${id}.json`);
  writeFileSync(file, await (await fetch(`${E2E_BASE_URL}/api/tournaments/${id}/draw.json`)).text());
  const python = spawnSync("python3", [path.resolve("tests/tournaments/verify_draw.py"), file], { encoding: "utf8" });
  expect(python.status, python.stdout + python.stderr).toBe(0);
  expect(await seriousViolations(watcher)).toEqual([]);
  // The list of tournaments has it among the finished, and the winner's profile lists it as won.
  await watcher.goto("/tournaments");
  await expect(watcher.getByTestId("tournaments-finished")).toContainText(`${format} ${suffix}`);
  for (const player of players) await player.page.context().close();
  await visitor.context().close();
}

test("a 4-player knockout runs by itself to a winner, and its draw verifies in the browser", async ({ browser }) => {
  test.setTimeout(240_000);
  await runTournament(browser, "knockout", 4);
});

test("a 5-player, 3-round Swiss runs by itself to the end, and its draw verifies in the browser", async ({ browser }) => {
  test.setTimeout(300_000);
  await runTournament(browser, "swiss", 5);
});
