/**
 * New players of a test server, each with a bot connected to it over a real socket — the set-up most match tests
 * begin with. The bots play only when asked (`play: true`); seeds run from `firstSeed`, so each bot's choices are
 * the same on every run.
 *
 * @example
 *   const [ann, bob] = await connectedPlayers(t, 2, { firstSeed: 1 });
 *   await ann.bot.create({ matchLength: 1, color: "white", visibility: "public" });
 */
import { BotClient } from "@/scripts/bot/bot-client";
import type { TestServer } from "./test-server";

export interface ConnectedPlayer {
  readonly user: { readonly id: string; readonly name: string; readonly cookie: string };
  readonly bot: BotClient;
}

export async function connectedPlayers(t: TestServer, count: number, options: { readonly firstSeed: number; readonly play?: boolean }): Promise<ConnectedPlayer[]> {
  const players: ConnectedPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const user = await t.user();
    players.push({ user, bot: new BotClient({ url: t.url, cookie: user.cookie, seed: options.firstSeed + i, play: options.play ?? false }) });
  }
  await Promise.all(players.map(({ bot }) => bot.connect()));
  return players;
}
