/**
 * Hostile clients. First the per-socket rate limit. Then a flood: over 10^5 malformed, replayed,
 * stale, out-of-turn and wrong-seat commands (tests/support/fuzz-commands.ts) from players' extra sockets, strangers
 * and anonymous sockets, sent to a server in a child process while bots play matches on it. Every fuzz command must
 * be refused with an expected code; the server must keep answering, its heap after GC must stay within a bound, and
 * the bots' matches must hold exactly the events the bots' own accepted commands and the server's automatic steps
 * produced — nothing from the flood.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { PROTOCOL_VERSION, type Ack } from "@/lib/protocol";
import type { MatchView } from "@/lib/match";
import { BotClient } from "@/scripts/bot/bot-client";
import { mulberry32 } from "@/scripts/bot/random";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { FuzzCommands, type FuzzCommand, type FuzzKind, type SentCommand } from "@/tests/support/fuzz-commands";
import { expectAuditVerifies, expectClientsSawTheLog, expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { sessionCookieFor } from "@/tests/support/session";
import { freePort, randomSeedKeyHex, startServerProcess, type ServerProcess } from "@/tests/support/server-process";
import { startTestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";

const FLOOD = 100_000;
/** The events a player's own command stores (v2's salt, v3's chain heads, salts and values, and the rules' actions). */
const PLAYER_EVENTS: ReadonlySet<string> = new Set(["action", "ended", "salt", "chain-committed", "salt-received", "value-revealed"]);
const IN_FLIGHT_PER_SOCKET = 64;
/** Heap growth (after a full GC) the flood may cause in the server. */
const HEAP_BOUND_MB = 48;

function rawSocket(url: string, cookie?: string): Promise<Socket> {
  const socket = io(url, { transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: cookie ? { cookie } : {}, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

describe("the per-socket rate limit", () => {
  // 30 commands per 5-second window: wide enough that the burst below fits in one window on a loaded machine.
  const WINDOW_MS = 5_000;

  it("answers ERR_RATE_LIMITED past the burst, per socket, changes nothing, and lets commands through again after the window", async () => {
    // The limiter's windows are read off Date (rate-limiter-flexible's memory store): a fake Date — standing still until
    // the test moves it, timers left real — puts the whole burst inside one window and ends that window exactly.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const t = await startTestServer({ rateLimit: { burst: 30, perSecond: 30 / (WINDOW_MS / 1000) } });
    try {
      const user = await t.user();
      const white = new BotClient({ url: t.url, cookie: user.cookie, seed: 1, play: false });
      const otherTab = new BotClient({ url: t.url, cookie: user.cookie, seed: 2, play: false });
      await Promise.all([white.connect(), otherTab.connect()]);
      const windowStart = Date.now();
      const { matchId } = await white.create({ matchLength: 1, color: "white", visibility: "public" }); // 1 of the 30
      const burst = await Promise.all(Array.from({ length: 35 }, () => white.send("match:cancel", { matchId, expectedVersion: 0 })));
      // 29 were left: those commands are handled (refused for their stale version), the rest never reach a handler.
      expect(burst.slice(0, 29).map((r) => (r.ok ? "ok" : r.code))).toEqual(Array(29).fill("ERR_STALE_VERSION"));
      expect(burst.slice(29)).toEqual(Array(6).fill({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "commands" }, message: "Too many commands; slow down." }));
      // A valid command while limited does nothing.
      expect(await white.send("match:cancel", { matchId })).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED" });
      expect((await t.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).status).toBe("waiting");
      // Another socket of the same user has its own count.
      expect(await otherTab.send("match:snapshot", { matchId })).toMatchObject({ ok: true });
      // Everything above happened inside the first window (the clock stood still), which opened with the create at
      // windowStart: a millisecond before it ends the socket is still refused, at its end a command passes again, then
      // the next ones of the new window pass too.
      expect(Date.now()).toBe(windowStart);
      vi.setSystemTime(windowStart + WINDOW_MS - 1);
      expect(await white.send("match:snapshot", { matchId })).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED" });
      vi.setSystemTime(windowStart + WINDOW_MS);
      const first = await white.send("match:snapshot", { matchId });
      expect(first).toMatchObject({ ok: true });
      const again = await Promise.all(Array.from({ length: 3 }, () => white.send("match:snapshot", { matchId })));
      expect(again.map((r) => (r.ok ? "ok" : r.code))).toEqual(["ok", "ok", "ok"]);
      white.close();
      otherTab.close();
    } finally {
      await t.close();
    }
  });
});

interface Slot {
  readonly cookies: readonly [string, string];
  readonly played: { matchId: string; white: BotClient; black: BotClient }[];
  current: BotClient | null;
}

type Role = { kind: "player"; slot: Slot; cookie: string } | { kind: "frozen"; seat: "white" | "black" } | { kind: "stranger" } | { kind: "anonymous" };

/** What the flood left behind, read by the named cases below. */
interface FloodOutcome {
  answered: number;
  unanswered: number;
  wrong: string[];
  codes: Map<string, number>;
  heapBeforeMb: number;
  heapAfterMb: number;
  healthDuringFlood: number;
}

const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-fuzz-"));
const databaseUrl = `file:${path.join(dir, "fuzz.db")}`;
let server: ServerProcess | null = null;
const cookies: string[] = [];
let frozen: MatchView;
let frozenBefore: Awaited<ReturnType<typeof readCounts>>;
let frozenBots: BotClient[] = [];
let slots: Slot[] = [];
let playing: Promise<void>[] = [];
let flooding = true;
let sockets: Socket[] = [];
let outcome: FloodOutcome | null = null;

afterAll(async () => {
  flooding = false;
  for (const socket of sockets) socket.close();
  for (const bot of [...frozenBots, ...slots.flatMap((slot) => slot.played.flatMap(({ white, black }) => [white, black]))]) bot.close();
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("a flood of hostile commands during live matches", () => {
  beforeAll(async () => {
    await migrateDatabase(databaseUrl);
    const setupDb = openDb(databaseUrl);
    for (let i = 0; i < 13; i++) {
      const created = await createUser(setupDb, { username: `fuzz-${i}` });
      if (!created.ok) throw new Error(describeFailure(created));
      cookies.push(await sessionCookieFor(created.value));
    }
    await setupDb.close();
    server = await startServerProcess({
      databaseUrl,
      port: await freePort(),
      seedKeyHex: randomSeedKeyHex(),
      env: { FAIRGAMMON_RATE_LIMIT: "1000000/1000000", LOG_LEVEL: "warn" },
      nodeArgs: ["--expose-gc"],
    });
    const url = server.url;

    // A frozen match: seated, seeded, opening roll done, and nobody ever acts in it.
    frozenBots = [new BotClient({ url, cookie: cookies[8], seed: 1, play: false }), new BotClient({ url, cookie: cookies[9], seed: 2, play: false })];
    const [frozenWhite, frozenBlack] = frozenBots as [BotClient, BotClient];
    await Promise.all([frozenWhite.connect(), frozenBlack.connect()]);
    const frozenId = (await frozenWhite.create({ matchLength: 5, color: "white", visibility: "public" })).matchId;
    await frozenBlack.join(frozenId);
    await frozenWhite.submitSeed("frozen-white");
    await frozenBlack.submitSeed("frozen-black");
    frozen = await frozenWhite.until((view) => view.state.phase === "moving");
    frozenBefore = await readCounts(databaseUrl, frozenId);
  }, 60_000);

  it(`refuses every one of ${FLOOD.toLocaleString("en")} fuzz commands with an expected code while bots play, and keeps answering`, async () => {
    // A timed-out case leaves its promises running: stop the lanes then, so the next cases do not run under the flood.
    let stopped = false;
    onTestFinished(() => {
      stopped = true;
    });
    const url = server!.url;
    const random = mulberry32(4242);
    const fuzz = new FuzzCommands(random);

    // Live matches: four seats of two players each, a new match as soon as one ends, while the flood lasts.
    const sent = new Map<string, SentCommand[]>(); // by cookie: the bots' own play commands, for replays
    slots = [0, 1, 2, 3].map((i) => ({ cookies: [cookies[2 * i]!, cookies[2 * i + 1]!], played: [], current: null }));
    playing = slots.map(async (slot, s) => {
      for (let n = 0; flooding; n++) {
        const thinking = mulberry32(s * 100 + n);
        const think = () => thinking() * 4;
        const [white, black] = slot.cookies.map((cookie, c) => {
          const bot = new BotClient({ url, cookie, seed: 1000 * s + 10 * n + c, thinkMs: think });
          bot.socket.onAnyOutgoing((event: string, payload: SentCommand["payload"]) => {
            if (payload?.expectedVersion !== undefined) sent.set(cookie, [...(sent.get(cookie) ?? []).slice(-200), { event, payload } as SentCommand]);
          });
          return bot;
        }) as [BotClient, BotClient];
        await Promise.all([white.connect(), black.connect()]);
        const { matchId } = await white.create({ matchLength: 3, color: "white", visibility: "public" });
        await black.join(matchId);
        await white.submitSeed(`w${s}x${n}`);
        await black.submitSeed(`b${s}x${n}`);
        slot.played.push({ matchId, white, black });
        slot.current = white;
        await Promise.all([white.finished(180_000), black.finished(180_000)]);
      }
    });
    await waitFor(() => slots.every((slot) => slot.current !== null), "every slot's first match to start", 30_000);

    const liveView = (slot: Slot) => slot.current!.view!;
    function next(role: Role): FuzzCommand | null {
      const r = random();
      const anyView = () => (random() < 0.25 ? frozen : liveView(fuzz.pick(slots)));
      switch (role.kind) {
        case "player": {
          const view = liveView(role.slot);
          if (r < 0.3) return fuzz.malformed(view.matchId);
          const replayable = (sent.get(role.cookie) ?? []).filter((c) => c.payload.matchId !== view.matchId || c.payload.expectedVersion! < view.version);
          if (r < 0.55 && replayable.length > 0) return fuzz.replay(fuzz.pick(replayable));
          if (r < 0.8) return fuzz.stale(view, role.slot.current!.legalPlays);
          // The next two go to the database (a seat or seed write refused there, an unknown id looked up): fewer.
          if (r < 0.85) return fuzz.refusedLobby(view);
          if (r < 0.87) return fuzz.unknownMatch();
          return fuzz.wrongSeat(frozen, true);
        }
        case "frozen":
          if (r < 0.3) return fuzz.malformed(frozen.matchId);
          if (r < 0.95) return fuzz.outOfTurn(frozen, role.seat);
          return fuzz.refusedLobby(frozen);
        case "stranger":
          if (r < 0.4) return fuzz.malformed(anyView().matchId);
          return r < 0.98 ? fuzz.wrongSeat(anyView(), true) : fuzz.unknownMatch();
        case "anonymous":
          if (r < 0.5) return fuzz.malformed(anyView().matchId);
          return r < 0.98 ? fuzz.wrongSeat(anyView(), false) : fuzz.unknownMatch();
      }
    }

    const roles: { role: Role; cookie?: string }[] = [
      ...slots.flatMap((slot) => slot.cookies.map((cookie) => ({ role: { kind: "player", slot, cookie } as Role, cookie }))),
      { role: { kind: "frozen", seat: "white" }, cookie: cookies[8] },
      { role: { kind: "frozen", seat: "black" }, cookie: cookies[9] },
      ...[10, 11, 12].map((i) => ({ role: { kind: "stranger" } as Role, cookie: cookies[i] })),
      { role: { kind: "anonymous" } },
      { role: { kind: "anonymous" } },
      { role: { kind: "anonymous" } },
    ];
    sockets = await Promise.all(roles.map(({ cookie }) => rawSocket(url, cookie)));

    const counts = new Map<FuzzKind, number>();
    const result: FloodOutcome = { answered: 0, unanswered: 0, wrong: [], codes: new Map(), heapBeforeMb: 0, heapAfterMb: 0, healthDuringFlood: 0 };
    async function flood(total: number): Promise<void> {
      let issued = 0;
      const lane = async (socket: Socket, role: Role) => {
        while (issued < total && !stopped) {
          const command = next(role);
          if (!command) continue;
          issued++;
          if (random() < 0.01) {
            // Without an acknowledgement, or to an event the server does not have: ignored.
            socket.emit(random() < 0.5 ? command.event : "admin:grant", command.payload);
            result.unanswered++;
            continue;
          }
          const reply = (await socket.timeout(30_000).emitWithAck(command.event, command.payload)) as Ack;
          result.answered++;
          counts.set(command.kind, (counts.get(command.kind) ?? 0) + 1);
          const code = reply.ok ? "ok" : reply.code;
          result.codes.set(code, (result.codes.get(code) ?? 0) + 1);
          if (reply.ok || !command.expected.includes(reply.code)) {
            if (result.wrong.length < 20) result.wrong.push(`${command.kind} ${command.event} ${JSON.stringify(command.payload).slice(0, 200)} → ${JSON.stringify(reply).slice(0, 200)} (expected ${command.expected.join("|")})`);
          }
        }
      };
      await Promise.all(sockets.flatMap((socket, i) => Array.from({ length: IN_FLIGHT_PER_SOCKET }, () => lane(socket, roles[i]!.role))));
    }

    await flood(3_000); // warm-up: JIT, caches, sockets
    result.heapBeforeMb = (await server!.memory()).heapUsed / 2 ** 20;
    const startedAt = performance.now();
    const cpuBefore = server!.cpuSeconds();
    await flood(FLOOD / 2);
    result.healthDuringFlood = (await fetch(`${url}/api/health`)).status;
    await flood(FLOOD / 2);
    const floodSeconds = (performance.now() - startedAt) / 1000;
    const heapAfter = await server!.memory();
    result.heapAfterMb = heapAfter.heapUsed / 2 ** 20;
    outcome = result;
    console.info(
      `fuzz: ${result.answered} answered + ${result.unanswered} unanswered in ${floodSeconds.toFixed(1)} s (${Math.round(result.answered / floodSeconds)}/s, server CPU ${(server!.cpuSeconds() - cpuBefore).toFixed(1)} s); ` +
        `by kind ${JSON.stringify(Object.fromEntries(counts))}; codes ${JSON.stringify(Object.fromEntries(result.codes))}; ` +
        `server heap after GC ${result.heapBeforeMb.toFixed(1)} → ${result.heapAfterMb.toFixed(1)} MB, rss ${(heapAfter.rss / 2 ** 20).toFixed(0)} MB`,
    );

    expect(result.wrong).toEqual([]);
    expect(result.codes.get("ok") ?? 0).toBe(0);
    expect(result.answered).toBeGreaterThanOrEqual(FLOOD * 0.98);
    expect(result.healthDuringFlood).toBe(200);
  }, 240_000);

  it(`grows the server's heap (after a full GC) by less than ${HEAP_BOUND_MB} MB over the flood`, () => {
    expect(outcome, "the flood case did not finish").not.toBeNull();
    expect(outcome!.heapAfterMb - outcome!.heapBeforeMb).toBeLessThan(HEAP_BOUND_MB);
  });

  it("closes a connection whose payload is over 16 KiB, and stays up", async () => {
    for (let i = 0; i < 20; i++) {
      const socket = await rawSocket(server!.url, cookies[10]);
      const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
      socket.emit("match:move", { matchId: frozen.matchId, moves: [], padding: "x".repeat(17_000 + i * 1000) }, () => undefined);
      expect(await withDeadline(closed, 10_000, "the oversized payload's connection to close")).toBe("transport close");
    }
    expect(server!.exited).toBe(false);
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it("leaves the match nobody played in exactly as it was", async () => {
    expect(await readCounts(databaseUrl, frozen.matchId)).toEqual(frozenBefore);
  });

  it("stores in the bots' matches exactly the events of their own accepted commands and the server's steps, and each verifies", async () => {
    expect(slots.length, "the flood case did not start the bots").toBe(4);
    flooding = false;
    await withDeadline(Promise.all(playing), 180_000, "the bots' last matches to finish");
    const db = openDb(databaseUrl);
    try {
      for (const { matchId, white, black } of slots.flatMap((slot) => slot.played)) {
        const stored = await readStoredMatch(db, matchId);
        expectIntactLog(stored);
        expectClientsSawTheLog(stored, [white, black]);
        expect([...white.errors, ...black.errors]).toEqual([]);
        // Each stored rules event was either written by the server itself or answers one of the bots' own commands
        // (fair-dice-v3: a value that completes a roll is stored as the roll itself).
        const byPlayers = stored.events.filter(({ event }, i) => PLAYER_EVENTS.has(event.type) && stored.actors[i] !== null).map((e) => e.version);
        expect(byPlayers).toEqual([...white.accepted, ...black.accepted].map((a) => a.version).sort((a, b) => a - b));
        await expectAuditVerifies(server!.url, matchId);
      }
    } finally {
      await db.close();
    }
  }, 240_000);
});

function withDeadline<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function readCounts(databaseUrl: string, matchId: string) {
  const db = openDb(databaseUrl);
  try {
    const match = await db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    return { version: match.version, rolls: await db.prisma.rollLog.count({ where: { matchId } }), events: await db.prisma.matchEvent.count({ where: { matchId } }) };
  } finally {
    await db.close();
  }
}
