/**
 * What fair-dice-v3 adds to a roll (issue 49, item 4): the time from a roller's `match:roll` leaving its socket to
 * the roll's dice reaching it, on a server in its own process (SQLite in a temp folder), for fair-dice-v2 (the roll is
 * in the command's answer) and fair-dice-v3 (the salt is recorded and forwarded, the opponent's client reveals its
 * chain value, and the roll is broadcast). Two bots play 5-point matches with no thinking time and no cube, on this
 * machine's loopback, so the v3 figure is v2's plus the opponent's round trip and the server's extra work.
 *
 *   npx tsx scripts/bench-roll-latency.ts [--matches 3]
 */
import { parseArgs } from "node:util";
import { describeFailure } from "@/lib/engine/types";
import type { MatchEventMessage } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { startBenchServer } from "./bench-server";

const { values } = parseArgs({ options: { matches: { type: "string", default: "3" } } });
const MATCHES = Number(values.matches);

const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? Number.NaN;

/** Each turn roll's latency in ms, over `MATCHES` matches on a server creating `protocol` matches. */
async function rollLatencies(protocol: "fair-dice-v2" | "fair-dice-v3"): Promise<number[]> {
  const bench = await startBenchServer("roll", { DICE_PROTOCOL: protocol, FAIRGAMMON_RATE_LIMIT: "100000/100000", COMMANDS_PER_USER_PER_SECOND: "100000" });
  const { db, server } = bench;
  const latencies: number[] = [];
  try {
    for (let match = 0; match < MATCHES; match++) {
      const bots: BotClient[] = [];
      for (const color of ["white", "black"] as const) {
        const created = await createUser(db, { username: `bench-roll-${protocol.slice(-2)}-${match}-${color}` });
        if (!created.ok) throw new Error(describeFailure(created));
        const sent = new Map<number, number>();
        const arrived = (message: MatchEventMessage) => {
          const { event } = message;
          if (event.type !== "action" || event.action.type !== "roll" || event.action.player !== color || !event.roll) return;
          const at = sent.get(event.roll.nonce);
          if (at !== undefined) latencies.push(performance.now() - at);
          sent.delete(event.roll.nonce);
        };
        const bot: BotClient = new BotClient({
          url: server.url,
          cookie: await sessionCookieFor(created.value),
          seed: 100 * match + (color === "white" ? 1 : 2),
          doubleRate: 0,
          resignRate: 0,
          keepHistory: false,
          onBroadcast: arrived,
          onReply: (command, reply) => {
            for (const message of (reply as { events?: readonly MatchEventMessage[] }).events ?? []) arrived(message);
          },
        });
        bot.socket.onAnyOutgoing((event: string, payload: { nonce?: number }) => {
          if (event === "match:roll" && payload.nonce !== undefined && bot.view?.state.phase === "turn-start") sent.set(payload.nonce, performance.now());
        });
        bots.push(bot);
      }
      const [white, black] = bots as [BotClient, BotClient];
      await Promise.all(bots.map((bot) => bot.connect()));
      const { matchId } = await white.create({ matchLength: 5, color: "white", visibility: "public" });
      await black.join(matchId);
      await white.submitSeed(`w${match}`);
      await black.submitSeed(`b${match}`);
      await Promise.all(bots.map((bot) => bot.finished(300_000)));
      for (const bot of bots) bot.close();
    }
  } finally {
    await bench.close();
  }
  return latencies;
}

process.stdout.write("| protocol | turn rolls | p50 ms | p90 ms | p99 ms |\n|---|---|---|---|---|\n");
for (const protocol of ["fair-dice-v2", "fair-dice-v3"] as const) {
  const latencies = await rollLatencies(protocol);
  const row = [protocol, latencies.length, ...[0.5, 0.9, 0.99].map((q) => quantile(latencies, q).toFixed(2))];
  process.stdout.write(`| ${row.join(" | ")} |\n`);
}
