/**
 * A match in play between two bots that do nothing by themselves: created, joined, both client seeds in and the
 * opening roll done. For tests that then drive each command themselves.
 *
 * @example
 *   const { matchId, white, black } = await matchInPlay(t);
 *   await white.send("match:move", { matchId, moves: white.legalPlays[0]!.moves });
 */
import type { PresenceMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import type { TestServer } from "./test-server";
import { waitFor } from "./wait-for";

/** Connects both bots, white creates a public match, black joins, both give their client seeds: the match id. */
export async function seatBots(white: BotClient, black: BotClient, matchLength: number): Promise<string> {
  await Promise.all([white.connect(), black.connect()]);
  const { matchId } = await white.create({ matchLength, color: "white", visibility: "public" });
  await black.join(matchId);
  await white.submitSeed("white-seed");
  await black.submitSeed("black-seed");
  return matchId;
}

/** Connects the bot and starts a public match against the computer, white, with its client seed in: the match id. */
export async function seatAgainstComputer(bot: BotClient, matchLength: number): Promise<string> {
  await bot.connect();
  const { matchId } = await bot.create({ matchLength, color: "white", visibility: "public", computer: "easy" });
  await bot.submitSeed("solo-seed");
  return matchId;
}

export async function matchInPlay(t: TestServer) {
  const [whiteUser, blackUser] = [await t.user(), await t.user()];
  const white = new BotClient({ url: t.url, cookie: whiteUser.cookie, seed: 1, play: false });
  const black = new BotClient({ url: t.url, cookie: blackUser.cookie, seed: 2, play: false });
  const matchId = await seatBots(white, black, 3);
  // Past the opening roll (a voided double rolls again) and both bots at the same version.
  await white.until((view) => view.state.phase === "moving");
  await black.until((view) => view.version === white.view!.version);
  return { matchId, white, black, whiteUser, blackUser };
}

/** Black's page closes: resolves with the time white is told black went away (the abandonment clock's start). */
export async function blackLeaves(white: BotClient, black: BotClient): Promise<number> {
  const seen: PresenceMessage[] = [];
  white.socket.on("match:presence", (message) => seen.push(message));
  black.close();
  await waitFor(() => seen.some((message) => message.awaySince.black !== null), "white to see black leave");
  return seen.find((message) => message.awaySince.black !== null)!.awaySince.black!;
}
