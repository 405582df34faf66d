/**
 * A public 1-point match played to the end by two bots through a test server (the white bot resigns now and then),
 * with its seed revealed: for tests of what is read back from a finished match — the admin console, the review,
 * the .mat export, the history. At least one play is made: a match resigned on its opening roll, before anyone moved
 * (about 1 in 40: white resigns at 5 % a decision), has no play to read back, so another match is played then.
 *
 * @example
 *   const { matchId, white, black } = await playFinishedMatch(t, 101);
 */
import { BotClient } from "@/scripts/bot/bot-client";
import type { TestServer } from "./test-server";

export interface FinishedMatch {
  readonly matchId: string;
  readonly white: { readonly id: string; readonly name: string };
  readonly black: { readonly id: string; readonly name: string };
}

export async function playFinishedMatch(t: TestServer, seed: number): Promise<FinishedMatch> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const played = await playOnce(t, seed + 2 * attempt);
    if (played.rolls >= 2) return played.match;
  }
  throw new Error(`no match of seed ${seed} and the next nine had a play`);
}

/** The match, and how many rolls it logged: a second roll means the opener has played. */
async function playOnce(t: TestServer, seed: number): Promise<{ readonly match: FinishedMatch; readonly rolls: number }> {
  const [white, black] = [await t.user(), await t.user()];
  const bots = [new BotClient({ url: t.url, cookie: white.cookie, seed, resignRate: 0.05 }), new BotClient({ url: t.url, cookie: black.cookie, seed: seed + 1 })];
  await Promise.all(bots.map((bot) => bot.connect()));
  const [w, b] = bots as [BotClient, BotClient];
  const { matchId } = await w.create({ matchLength: 1, color: "white", visibility: "public" });
  await b.join(matchId);
  await w.submitSeed(`white-${seed}`);
  await b.submitSeed(`black-${seed}`);
  const [ended] = await Promise.all([w.finished(), b.finished()]);
  for (const bot of bots) bot.close();
  return { match: { matchId, white, black }, rolls: ended.rolls.length };
}
