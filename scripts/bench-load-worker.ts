/**
 * A bot process of the load benchmark (scripts/bench-load.ts starts one or more and drives them over IPC): it plays
 * matches over real sockets with BotClient — each pair of players creates, joins, seeds and plays a match, then the
 * next one, until told to stop — and records every action→broadcast latency: from a bot sending an action to its
 * opponent (in the same process) receiving the stored event as a broadcast. It also runs the echo clients of the
 * Socket.IO baseline (request/acknowledgement loops against scripts/bench-load-echo-server.ts).
 *
 * @example
 *   child.send({ type: "play", url, pairs, think: [1000, 5000], matchLength: 3 }); // → { type: "playing", matches }
 *   child.send({ type: "report" });                                              // → { type: "report", latencies, … }
 *   child.send({ type: "profile-start" }); … child.send({ type: "profile-stop", file }); // a CPU profile of a window
 */
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { io } from "socket.io-client";
import { PROTOCOL_VERSION, type MatchEventMessage } from "@/lib/protocol";
import { sessionCookieFor } from "@/tests/support/session";
import { WindowProfiler } from "@/tests/support/window-profiler";
import { BotClient } from "./bot/bot-client";
import { mulberry32 } from "./bot/random";

export interface BenchPlayer {
  readonly id: string;
  readonly username: string;
  /** The node this player connects to, when the server has several (else the command's url). */
  readonly url?: string;
}

export type WorkerCommand =
  | { type: "play"; url: string; pairs: [BenchPlayer, BenchPlayer][]; think: [number, number] | null; matchLength: number; setupConcurrency: number }
  | { type: "report" }
  | { type: "echo"; url: string; sockets: number; durationMs: number }
  | { type: "profile-start" }
  | { type: "profile-stop"; file: string }
  | { type: "stop" };

export type WorkerReply =
  | { type: "playing"; matches: number }
  | { type: "report"; latencies: number[]; actions: number; errors: number; newErrors: string[]; cpuSeconds: number; matchesFinished: number; loopP99: number; loopMax: number; gcLongestMs: number; heapMb: number }
  | { type: "echo"; messages: number; seconds: number }
  | { type: "profile-start" }
  | { type: "profile-stop" }
  | { type: "stopped" };

const send = (reply: WorkerReply) => process.send?.(reply);
const bots: BotClient[] = [];
/** Failures that stopped a pair from playing (setting up its first or a later match): each is a pair fewer under load. */
const pairFailures: string[] = [];
const pairFailed = (when: string) => (error: unknown) => pairFailures.push(`pair ${when}: ${error instanceof Error ? error.message : String(error)}`);
let pairFailuresReported = 0;
/** Per bot, how many of its errors earlier reports have sent as text. */
const errorsReported = new WeakMap<BotClient, number>();
/** The texts of errors since the last report, the first few only: what went wrong, not a flood. */
function newErrorTexts(limit: number): string[] {
  const texts = pairFailures.slice(pairFailuresReported, pairFailuresReported + limit);
  pairFailuresReported = pairFailures.length;
  for (const bot of bots) {
    const from = errorsReported.get(bot) ?? 0;
    texts.push(...bot.errors.slice(from, from + limit - texts.length));
    errorsReported.set(bot, bot.errors.length);
  }
  return texts;
}
let latencies: number[] = [];
let actions = 0;
let matchesFinished = 0;
let stopping = false;
let seed = process.pid * 1000;
/** Per match, the action in flight: the version its event will have and when it was sent. */
const inFlight = new Map<string, { readonly version: number; readonly at: number }>();
const onActionSent = (matchId: string, version: number) => inFlight.set(matchId, { version, at: performance.now() });
const onBroadcast = (message: MatchEventMessage) => {
  const sent = inFlight.get(message.matchId);
  if (sent?.version !== message.version) return;
  inFlight.delete(message.matchId);
  latencies.push(performance.now() - sent.at);
  actions++;
};

/** Plays matches between two players, one after another, on the same two sockets. */
async function playPair(url: string, [first, second]: [BenchPlayer, BenchPlayer], think: [number, number] | null, matchLength: number): Promise<void> {
  const random = mulberry32(seed++);
  const thinkMs = think ? () => think[0] + random() * (think[1] - think[0]) : undefined;
  const [white, black] = await Promise.all(
    [first, second].map(async (player) => new BotClient({ url: player.url ?? url, cookie: await sessionCookieFor(player), seed: seed++, thinkMs, onActionSent, onBroadcast, doubleRate: 0.05, resignRate: 0.002, keepHistory: false })),
  );
  bots.push(white!, black!);
  await Promise.all([white!.connect(), black!.connect()]);
  const setUp = async () => {
    const { matchId } = await white!.create({ matchLength, color: "white", visibility: "public" });
    await black!.join(matchId);
    await white!.submitSeed(`w${seed}`);
    await black!.submitSeed(`b${seed}`);
  };
  await setUp();
  void (async () => {
    while (!stopping) {
      await white!.finished(3_600_000);
      matchesFinished++;
      if (!stopping) await setUp();
    }
  })().catch(pairFailed("stopped"));
}

async function play(command: Extract<WorkerCommand, { type: "play" }>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < command.pairs.length) {
      const pair = command.pairs[next++]!;
      await playPair(command.url, pair, command.think, command.matchLength).catch(pairFailed("did not start"));
    }
  };
  await Promise.all(Array.from({ length: command.setupConcurrency }, lane));
  send({ type: "playing", matches: command.pairs.length });
}

/** Request/acknowledgement loops on `sockets` sockets for a while: the messages a bare Socket.IO server answers. */
async function echo(command: Extract<WorkerCommand, { type: "echo" }>): Promise<void> {
  const sockets = await Promise.all(
    Array.from({ length: command.sockets }, () => {
      const socket = io(command.url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, reconnection: false });
      return new Promise<typeof socket>((resolve) => socket.once("connect", () => resolve(socket)));
    }),
  );
  // About the size of a move command.
  const payload = { matchId: "cmx1sz52z0000tv7dajlyq07t", expectedVersion: 97, moves: [{ from: 4, to: 0 }, { from: 1, to: 0 }] };
  let messages = 0;
  const start = performance.now();
  const until = start + command.durationMs;
  await Promise.all(
    sockets.map(async (socket) => {
      while (performance.now() < until) {
        await socket.emitWithAck("echo", payload);
        messages++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  for (const socket of sockets) socket.close();
  send({ type: "echo", messages, seconds });
}

// The benchmark that started this process is gone: so is the reason to play.
process.once("disconnect", () => process.exit(0));
let cpuMark = process.cpuUsage();
// This process's own event-loop delay: every latency it records includes it, so the report shows how much.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let gcLongestMs = 0;
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) gcLongestMs = Math.max(gcLongestMs, entry.duration);
}).observe({ entryTypes: ["gc"] });
const profiler = new WindowProfiler();
process.on("message", (command: WorkerCommand) => {
  switch (command.type) {
    case "play":
      void play(command);
      break;
    case "report": {
      const cpu = process.cpuUsage(cpuMark);
      cpuMark = process.cpuUsage();
      const errors = pairFailures.length + bots.reduce((sum, bot) => sum + bot.errors.length, 0);
      send({ type: "report", latencies, actions, errors, newErrors: newErrorTexts(10), cpuSeconds: (cpu.user + cpu.system) / 1e6, matchesFinished, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6, gcLongestMs, heapMb: process.memoryUsage().heapUsed / 2 ** 20 });
      loop.reset();
      gcLongestMs = 0;
      latencies = [];
      actions = 0;
      break;
    }
    case "echo":
      void echo(command);
      break;
    case "profile-start":
      void profiler.start().then(() => send({ type: "profile-start" }));
      break;
    case "profile-stop":
      void profiler.stop(command.file).then(() => send({ type: "profile-stop" }));
      break;
    case "stop":
      stopping = true;
      for (const bot of bots) bot.close();
      send({ type: "stopped" });
      setTimeout(() => process.exit(0), 100);
      break;
  }
});
