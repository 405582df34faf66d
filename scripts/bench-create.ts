/**
 * What creating a match costs the server: the CPU time and event-loop time one `lobby:create` takes, measured on a
 * server in its own process (tests/support/server-entry.ts, SQLite in a temp folder) while USERS players create
 * matches as fast as their answers come back, and how long /api/health takes to answer meanwhile. Issue 27: one
 * guest's flood of creates kept /api/health waiting for seconds.
 *
 *   npx tsx scripts/bench-create.ts [--users 40] [--per-user 3] [--rounds 5]
 *
 * Each round creates users × per-user matches (per-user ≤ WAITING_MATCHES_PER_USER, so none is refused), then
 * cancels them; the figures are the medians over the rounds.
 */
import { parseArgs } from "node:util";
import { describeFailure } from "@/lib/engine/types";
import { io, type Socket } from "socket.io-client";
import { PROTOCOL_VERSION, type Ack } from "@/lib/protocol";
import { createUser } from "@/server/db/users";
import { sessionCookieFor } from "@/tests/support/session";
import { processCpuSeconds } from "@/tests/support/server-process";
import { startBenchServer } from "./bench-server";

const { values } = parseArgs({ options: { users: { type: "string", default: "40" }, "per-user": { type: "string", default: "3" }, rounds: { type: "string", default: "5" }, profile: { type: "string" } } });
const USERS = Number(values.users);
const PER_USER = Number(values["per-user"]);
const ROUNDS = Number(values.rounds);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const bench = await startBenchServer("create", { FAIRGAMMON_RATE_LIMIT: "100000/100000", COMMANDS_PER_USER_PER_SECOND: "100000", SOCKETS_PER_ADDRESS: "100000" });
const { db, server } = bench;
const sockets: Socket[] = [];
for (let i = 0; i < USERS; i++) {
  const created = await createUser(db, { username: `bench-create-${i}` });
  if (!created.ok) throw new Error(describeFailure(created));
  const socket = io(server.url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: { cookie: await sessionCookieFor(created.value) }, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  sockets.push(socket);
}

const rounds: { cpuMsPerCreate: number; loopP99: number; loopMax: number; healthP50: number; healthMax: number; perSecond: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await server.loopDelay(); // resets the server's histogram
  if (values.profile && round === ROUNDS - 1) await server.startProfile();
  const health: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${server.url}/api/health`);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const cpuBefore = processCpuSeconds(server.pid);
  const started = performance.now();
  const ids = (
    await Promise.all(
      sockets.map(async (socket) => {
        const mine: string[] = [];
        for (let i = 0; i < PER_USER; i++) {
          const reply = (await socket.emitWithAck("lobby:create", { matchLength: 5, color: "white", visibility: "public" })) as Ack<{ matchId: string }>;
          if (!reply.ok) throw new Error(`${reply.code}: ${reply.message}`);
          mine.push(reply.matchId);
        }
        return mine.map((matchId) => [socket, matchId] as const);
      }),
    )
  ).flat();
  const elapsed = performance.now() - started;
  const cpu = processCpuSeconds(server.pid) - cpuBefore;
  const loop = await server.loopDelay();
  if (values.profile && round === ROUNDS - 1) await server.stopProfile(values.profile);
  done = true;
  await probing;
  for (const [socket, matchId] of ids) await socket.emitWithAck("match:cancel", { matchId });
  rounds.push({
    cpuMsPerCreate: (cpu * 1000) / ids.length,
    loopP99: loop.p99,
    loopMax: loop.max,
    healthP50: median(health),
    healthMax: Math.max(...health),
    perSecond: ids.length / (elapsed / 1000),
  });
  process.stderr.write(`round ${round + 1}: ${JSON.stringify(rounds.at(-1))}\n`);
}
const summary = Object.fromEntries(Object.keys(rounds[0]!).map((key) => [key, Math.round(median(rounds.map((r) => r[key as keyof (typeof rounds)[0]])) * 100) / 100]));
process.stdout.write(`${JSON.stringify({ users: USERS, perUser: PER_USER, rounds: ROUNDS, ...summary })}\n`);
for (const socket of sockets) socket.close();
await bench.close();
