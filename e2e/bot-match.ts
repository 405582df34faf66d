/**
 * Matches for end-to-end specs without clicking through them: guests signed in through the real site in their own
 * browser contexts, whose session cookies then drive BotClients (scripts/bot) over the site's own Socket.IO — the same
 * identity path a browser tab uses.
 *
 * @example
 *   const [ann, bob] = await Promise.all([guest(browser), guest(browser)]);
 *   const matchId = await playFinishedMatch(ann, bob, 7);
 *   const running = await startRunningMatch(ann, bob); // opened, then waits for the opener's move
 */
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { BotClient } from "../scripts/bot/bot-client";
import { E2E_BASE_URL } from "./e2e-env";

export interface Guest {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly name: string;
  readonly cookie: string;
}

export async function guest(browser: Browser): Promise<Guest> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("header").getByRole("button", { name: "Play as guest" }).click();
  const signedIn = page.locator("header").getByTestId("signed-in-user");
  await expect(signedIn).toHaveText(/^guest-/);
  const cookies = await context.cookies();
  return { context, page, name: (await signedIn.textContent()) ?? "", cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
}

/** How the bots play a match: its length, and how often white doubles (up to a cube of `maxCube`). */
export interface BotMatchOptions {
  readonly matchLength?: number;
  readonly whiteDoubleRate?: number;
  readonly maxCube?: number;
}

async function bots(white: Guest, black: Guest, seed: number, play: boolean, options: BotMatchOptions = {}): Promise<[BotClient, BotClient]> {
  const cube = { ...(options.whiteDoubleRate === undefined ? {} : { doubleRate: options.whiteDoubleRate }), ...(options.maxCube === undefined ? {} : { maxCube: options.maxCube }) };
  const pair: [BotClient, BotClient] = [
    new BotClient({ url: E2E_BASE_URL, cookie: white.cookie, seed, play, resignRate: 0.02, ...cube }),
    new BotClient({ url: E2E_BASE_URL, cookie: black.cookie, seed: seed + 1, play, ...(options.maxCube === undefined ? {} : { maxCube: options.maxCube }) }),
  ];
  await Promise.all(pair.map((bot) => bot.connect()));
  return pair;
}

async function seatBoth(w: BotClient, b: BotClient, seed: number, visibility: "public" | "private", matchLength = 1): Promise<{ matchId: string; inviteToken: string | null }> {
  const created = await w.create({ matchLength, color: "white", visibility });
  await b.join(created.matchId, created.inviteToken ?? undefined);
  // Client seeds that are not hex, so a 64-hex-digit string on a page can only be the commitment or a server seed.
  await w.submitSeed(`e2e-white-${seed}`);
  await b.submitSeed(`e2e-black-${seed}`);
  return created;
}

/** A match (1 point unless `options` say otherwise) between two guests, played to the end by bots; white is `white`. */
export async function playFinishedMatch(
  white: Guest,
  black: Guest,
  seed: number,
  visibility: "public" | "private" = "public",
  options: BotMatchOptions = {},
): Promise<{ matchId: string; inviteToken: string | null }> {
  const [w, b] = await bots(white, black, seed, true, options);
  try {
    const created = await seatBoth(w, b, seed, visibility, options.matchLength);
    const limit = 60_000 * (options.matchLength ?? 1);
    await Promise.all([w.finished(limit), b.finished(limit)]);
    expect([...w.errors, ...b.errors]).toEqual([]);
    return created;
  } finally {
    w.close();
    b.close();
  }
}

export interface RunningMatch {
  readonly matchId: string;
  /** Ends it: white resigns, black accepts, and the server reveals the seed. */
  finish(): Promise<void>;
}

/** A 1-point match whose opening roll is made, waiting for the opener's move: rolls logged, seed still sealed. */
export async function startRunningMatch(white: Guest, black: Guest, seed: number): Promise<RunningMatch> {
  const [w, b] = await bots(white, black, seed, false);
  const { matchId } = await seatBoth(w, b, seed, "public");
  await w.until((view) => view.state.phase === "moving");
  return {
    matchId,
    async finish() {
      const offered = await w.send("match:resign", { matchId, level: 1 });
      expect(offered.ok).toBe(true);
      const accepted = await b.send("match:resign-accept", { matchId });
      expect(accepted.ok).toBe(true);
      await w.finished(30_000);
      w.close();
      b.close();
    },
  };
}
