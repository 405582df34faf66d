/**
 * The one entry point: an HTTP server on one port that serves Next.js (app router) pages and route handlers, the
 * health check and the Socket.IO match server.
 *
 * @example
 *   PORT=3000 npx tsx server/main.ts            # development (Next dev server)
 *   NODE_ENV=production npx tsx server/main.ts  # after `next build`; `npm start` does both
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Server as SocketServer } from "socket.io";
import { MAX_PAYLOAD_BYTES, type CommandName } from "@/lib/protocol";
import { prepareAuth } from "./auth/boot";
import { stampClientAddress } from "./auth/client-address";
import { socketIdentity } from "./auth/socket-identity";
import { setBoardEngine } from "@/server/analysis/board-engine";
import { AnalysisRunner } from "./analysis/analysis-runner";
import { parseEnv, type Env } from "./config/env";
import { openDb, type Db } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { ensureComputerUsers } from "./db/computer-users";
import { startWalCheckpointer } from "./db/wal-checkpointer";
import { EnginePool } from "./engine/engine-pool";
import { Probes } from "./http/health";
import { sendError } from "./http/json";
import { applySecurityHeaders, servedOverHttps, socketResponseHeaders } from "./http/security-headers";
import { originVerdict, siteOrigins } from "./http/site-origin";
import { createLogger, type Logger } from "./log";
import type { Actor, GameServer } from "@/server/socket/socket-types";
import { attachPresenceLink, type PresenceLink } from "./match/presence-link";
import { ConnectionLimits } from "@/server/socket/connection-limits";
import { NodeLiveness } from "./match/node-liveness";
import { Matchmaker } from "./match/matchmaking";
import { RedisQueueStore } from "./match/queue-store";
import { ComputerDriver } from "./match/computer-driver";
import { attachGateway } from "@/server/socket/gateway";
import { MatchService } from "./match/match-service";
import { OutageRecovery } from "./match/outage-recovery";
import { guardPublish } from "./match/redis-publish-guard";
import { LatestEvents } from "./match/republish";
import { Presence } from "./match/presence";
import { recoverUnfinishedMatches } from "./match/recovery";
import { MatchOwners } from "./match/match-owners";
import { AwayStore } from "./match/away-store";
import { AwayFile } from "./match/away-file";
import { stopNode } from "./shutdown";
import { loadProofKey, loadSeedKey, RollService, SeedVault, type ProofSigningKey, type SeedKey } from "./vault";
import { registerProofKey } from "./fairness/proof-keys";
import { ActionLimits } from "./action-limits";
import { Challenges } from "./meet/challenges";
import { Tournaments } from "./tournaments/tournaments";
import { RematchReactions } from "./reactions/rematch-reactions";
import { MatchLog } from "./transparency/match-log";
import { TransparencyLog } from "./transparency/transparency-log";
import { registerChatRooms } from "./chat/chat-rooms";
import { rooms } from "./socket/rooms";

export interface AppServer {
  readonly url: string;
  readonly port: number;
  readonly http: HttpServer;
  readonly io: GameServer;
  readonly db: Db;
  readonly service: MatchService;
  readonly computer: ComputerDriver;
  /** This node's matchmaker (the queue itself is the cluster's). */
  readonly matchmaker: Matchmaker;
  /** /api/health and /api/ready; `probes.drain()` makes the node unready while it finishes (see main). */
  readonly probes: Probes;
  /** Closes registrations, starts rounds and records results of every tournament (one per node; they agree by version). */
  readonly tournaments: Tournaments;
  readonly challenges: Challenges;
  /** The key this node signs match proofs with (its private half stays inside). */
  readonly proofKey: ProofSigningKey;
  close(): Promise<void>;
}

export interface AppServerOptions {
  readonly env: Env;
  readonly logger?: Logger;
  /** Serve Next.js pages too. Socket-only integration tests leave it off to start in milliseconds. */
  readonly withNext?: boolean;
  /**
   * Without Next.js, what answers the requests it would have (404 by default): socket-only test servers serve the
   * route handlers their tests call through it (tests/support/routes-without-next.ts).
   */
  readonly withoutNext?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** An open, migrated database; by default the one at env.databaseUrl is opened (and closed with the server). */
  readonly db?: Db;
  readonly seedKey?: SeedKey;
  /** The key match proofs are signed with; default PROOF_SIGNING_KEY, or the local key file in DATA_DIR. */
  readonly proofKey?: ProofSigningKey;
  /** Who opens a socket: the session cookie of its handshake. */
  readonly identify: (request: IncomingMessage) => Promise<Actor | null>;
  readonly abandonAfterMs?: number;
  /** The dice protocol of new matches (env DICE_PROTOCOL); default fair-dice-v3. */
  readonly diceProtocol?: "fair-dice-v2" | "fair-dice-v3";
  /** Commands per socket: a burst and a sustained rate per second. */
  readonly rateLimit?: { readonly burst: number; readonly perSecond: number };
  readonly now?: () => number;
  /** Schedules the flag-fall timers of timed matches (MatchServiceOptions.setTimer); real timers by default. */
  readonly setTimer?: (fire: () => void, ms: number) => () => void;
  /**
   * Scale-out: every node given the same Redis (and database) shares Socket.IO rooms through
   * @socket.io/redis-streams-adapter and presence through server/match/presence-link.ts, and checks its cached matches
   * against the database before using them. Default env.REDIS_URL; unset, the node stands alone.
   */
  readonly redisUrl?: string;
  /** The Redis keys' prefix; nodes of one deployment share it (tests use their own). Default env.REDIS_PREFIX. */
  readonly redisPrefix?: string;
  /** Told how long each socket command took to handle (see server/match/gateway.ts). */
  readonly onCommandHandled?: (command: CommandName, ms: number) => void;
  /** Worker threads for the engine (the computer players); default env.ENGINE_WORKERS. */
  readonly engineWorkers?: number;
  /** Worker threads for analyses (review jobs, the analysis board); default env.ANALYSIS_WORKERS. */
  readonly analysisWorkers?: number;
  /** What one user or address may hold at once; each defaults to its env setting (SOCKETS_PER_USER, …). */
  readonly limits?: Partial<UserLimits>;
}

export interface UserLimits {
  readonly socketsPerUser: number;
  readonly socketsPerAddress: number;
  readonly commandsPerUserPerSecond: number;
  readonly waitingMatchesPerUser: number;
}

export const DEFAULT_ABANDON_AFTER_MS = 5 * 60_000;

export async function createAppServer(options: AppServerOptions): Promise<AppServer> {
  const { env, identify } = options;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const now = options.now ?? Date.now;
  const startedAt = now();
  const dev = env.NODE_ENV !== "production";
  const db = options.db ?? openDb(env.databaseUrl);
  // SQLite only: checkpoints in a worker thread, so the event loop never waits for one (server/db/wal-checkpointer.ts).
  const checkpointer = await startWalCheckpointer(db, { logger });
  const seedKey =
    options.seedKey ?? loadSeedKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: (m) => logger.warn(m) } });
  // Loaded at start, so that production without PROOF_SIGNING_KEY refuses to start rather than to serve a proof; its
  // public half is listed at /api/fairness/keys before it signs anything.
  const proofKey =
    options.proofKey ?? loadProofKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: (m) => logger.warn(m) } });
  await registerProofKey(db, proofKey);

  let closing = false;
  const siteScheme = { siteUrl: env.NEXTAUTH_URL, trustProxy: env.TRUST_PROXY, dev };
  let nextHandler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | null = null;
  const httpServer = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      logger.error("request failed", { path: (req.url ?? "/").split("?", 1)[0], error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendError(res, 500, "ERR_INTERNAL");
      else res.end();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    stampClientAddress(req, env.TRUST_PROXY);
    applySecurityHeaders(req, res, siteScheme);
    if (req.method === "GET" && pathname === "/api/health") return probes.health(res);
    if (req.method === "GET" && pathname === "/api/ready") return probes.ready(res);
    if (nextHandler) return nextHandler(req, res);
    if (options.withoutNext) return options.withoutNext(req, res);
    return sendError(res, 404, "ERR_NOT_FOUND", { reason: "route" });
  }

  if (options.withNext ?? true) {
    // Loaded only when pages are served: socket-only servers (tests, benchmarks) start faster without it.
    const { default: next } = await import("next");
    const app = next({ dev, dir: process.cwd(), httpServer, port: env.PORT, hostname: env.HOST });
    await app.prepare();
    nextHandler = app.getRequestHandler();
  }

  // Every Engine.IO request (each polling request and the WebSocket upgrade) must come from one of the site's own
  // pages, or from a client that is not a browser page at all (no Origin): server/http/site-origin.ts.
  const originPolicy = { trustProxy: env.TRUST_PROXY, configured: siteOrigins(env) };
  const io: GameServer = new SocketServer(httpServer, {
    path: "/socket.io",
    serveClient: false,
    maxHttpBufferSize: MAX_PAYLOAD_BYTES,
    allowRequest: (req, callback) => {
      // Shutting down: refused at the handshake, which a client retries (through the balancer, to another node) —
      // unlike a refusal by the gateway's middleware, after which Socket.IO gives up.
      if (closing) {
        callback("ERR_UNAVAILABLE: this node is shutting down.", false);
        return;
      }
      const verdict = originVerdict(req.headers, originPolicy);
      if (verdict === "foreign") logger.warn("socket refused: foreign origin", { origin: String(req.headers.origin ?? "").slice(0, 200) });
      callback(verdict === "foreign" ? "ERR_CROSS_SITE: sockets are only for this site's own pages." : null, verdict !== "foreign");
    },
  });
  // Socket.IO answers its requests itself, before the request handler above — its refusals (a foreign origin's 403,
  // an unknown session's 400) with writeHead directly, past its "headers" event. Engine.IO wrapped the request
  // listeners when it attached, so a listener put first runs before any of its answers.
  httpServer.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!(req.url ?? "").startsWith("/socket.io/")) return;
    // A socket's request (its first polling request, or its WebSocket upgrade below) carries the client's address as
    // every page request does, stamped over whatever the client sent: the chat's per-address limit reads it.
    stampClientAddress(req, env.TRUST_PROXY);
    for (const [name, value] of Object.entries(socketResponseHeaders(servedOverHttps(req, siteScheme)))) res.setHeader(name, value);
  });
  httpServer.prependListener("upgrade", (req: IncomingMessage) => {
    if ((req.url ?? "").startsWith("/socket.io/")) stampClientAddress(req, env.TRUST_PROXY);
  });
  const redisUrl = options.redisUrl ?? env.REDIS_URL;
  // Every Redis key and stream of this deployment starts with it: two deployments may share one Redis.
  const redisPrefix = options.redisPrefix ?? env.REDIS_PREFIX;
  const nodeId = randomUUID();
  // Every Redis connection of this node carries its name (the adapter's too, and their duplicates): the others take
  // the node for dead only when none of them is listed any more — one connection reconnecting is not a dead node.
  const redis = redisUrl ? (await import("redis")).createClient({ url: redisUrl, name: NodeLiveness.connectionName(redisPrefix, nodeId) }) : null;
  if (redis) {
    const { createAdapter } = await import("@socket.io/redis-streams-adapter");
    redis.on("error", (error: Error) => logger.error("redis error", { error: error.message }));
    await redis.connect();
    const prefix = redisPrefix;
    // A short XREAD block lets a closing node's reader stop promptly.
    guardPublish(redis);
    io.adapter(createAdapter(redis, { streamName: `${prefix}:events`, channelPrefix: prefix, blockTimeInMs: 1000 }));
  }
  const probes = new Probes({
    startedAt,
    now,
    checks: [
      { name: "database", check: async () => void (await db.prisma.$queryRawUnsafe("SELECT 1")) },
      // Without Redis the node still serves the players connected to it (presence-link.ts, redis-publish-guard.ts): degraded.
      ...(redis
        ? [
            {
              name: "redis",
              optional: true,
              check: async () => {
                if (!redis.isReady) throw new Error("not connected");
                await redis.ping();
              },
            },
          ]
        : []),
    ],
  });
  // Clustered: what this node published last per match goes out again when Redis comes back (republish.ts).
  const latest = redis ? new LatestEvents() : null;
  if (redis && latest) {
    // Connected already: every "ready" from now on is a reconnect.
    redis.on("ready", () => {
      const count = latest.republish((message) => io.to(rooms.match(message.matchId)).emit("match:event", message));
      logger.warn("redis connection restored; latest match events published again", { matches: count });
    });
  }
  const presence = new Presence(startedAt);
  // The limits', the matchmaking queue's and the match owners' own Redis connection: the adapter's client spends its
  // time in blocking stream reads. It carries this node's name, so that the others see it gone the moment its process
  // dies (node-liveness.ts).
  const limitsRedis = redis ? redis.duplicate({ name: NodeLiveness.connectionName(redisPrefix, nodeId) }) : null;
  if (limitsRedis) {
    limitsRedis.on("error", () => {}); // the limits fall back to this node's own counts meanwhile
    await limitsRedis.connect();
  }
  const liveness = limitsRedis ? new NodeLiveness(limitsRedis, redisPrefix) : null;
  // The away clocks from before this start (a restart forgot them all), and every one from now on: in Redis for a
  // cluster (away-store.ts), in a file beside a single node's SQLite database (away-file.ts).
  const awayFile = !limitsRedis && db.kind === "sqlite" ? new AwayFile(path.join(env.dataDir, "away-clocks.json")) : null;
  const away = limitsRedis ? new AwayStore(limitsRedis, redisPrefix) : awayFile;
  if (away) {
    presence.restoreAway(
      await away.load(startedAt).catch((error: unknown) => {
        // Not fatal: without them every player counts as present since this start (abandonment waits longer).
        logger.warn("away clocks not restored", { error: error instanceof Error ? error.message : String(error) });
        return [];
      }),
    );
    away.attach(presence);
  }
  // Which node owes each match what it owes by itself: the one that wrote its latest event (match-owners.ts).
  const owners = limitsRedis ? new MatchOwners(limitsRedis, redisPrefix, nodeId) : null;
  const vault = new SeedVault(seedKey);
  // The computer players think in worker threads; the pool starts its workers on the first task.
  const onWorkerError = (message: string) => logger.error("engine worker failed", { error: message });
  const pool = new EnginePool({ size: options.engineWorkers ?? env.ENGINE_WORKERS, onWorkerError });
  // Analyses have workers of their own: a 3-ply review decision holds its worker for seconds, and a computer player
  // must never wait behind one. Like the computers' pool, it starts its workers on the first task.
  const analysisPool = new EnginePool({ size: options.analysisWorkers ?? env.ANALYSIS_WORKERS, onWorkerError });
  const computers = await ensureComputerUsers(db);
  // Computers never leave the table: always connected, so their matches can never be claimed as abandoned.
  for (const id of computers.levelOf.keys()) presence.connect(id, "computer", startedAt);
  const abandonAfterMs = options.abandonAfterMs ?? DEFAULT_ABANDON_AFTER_MS;
  // The public transparency log (docs/transparency-log.md), signed with the proof key: every match's commitment is
  // appended as it is created, its record's digest as it ends (matchLog, made once the service is).
  const transparencyLog = new TransparencyLog(db, proofKey);
  let matchLog: MatchLog | null = null;
  const service = new MatchService({
    db,
    vault,
    rolls: new RollService(seedKey),
    logger,
    publish: (message, exceptSocket) => {
      latest?.note(message);
      owners?.note(message.matchId);
      const room = io.to(rooms.match(message.matchId));
      (exceptSocket === undefined ? room : room.except(exceptSocket)).emit("match:event", message);
    },
    sharedDatabase: redis !== null,
    // The server's clock is the only one the clocks of timed matches are kept by.
    now: () => new Date(now()),
    setTimer: options.setTimer,
    awaySince: (userId) => presence.awaySince(userId),
    abandonAfterMs,
    diceProtocol: options.diceProtocol ?? options.env.DICE_PROTOCOL,
    isComputer: (userId) => computers.levelOf.has(userId),
    logCreation: (live) => matchLog?.created(live) ?? Promise.resolve(),
  });
  matchLog = new MatchLog({ db, log: transparencyLog, matches: service, logger });
  // The computer players are clients of the service: they hear its stored events and send commands. A step that
  // failed for a database outage is handed to the outage recovery, which settles the match (and wakes the computer)
  // once the database is back.
  const outage = new OutageRecovery({ service, logger, wake: (matchId) => void computer.wake(matchId) });
  const computer = new ComputerDriver({
    service,
    pool,
    computers,
    logger,
    onDatabaseUnavailable: (matchId) => outage.schedule(matchId),
    // A tenth of the abandonment time (at most a minute): a walked-away match ends soon after it may be claimed.
    abandonedSweepMs: Math.min(60_000, Math.max(1_000, abandonAfterMs / 10)),
  });
  const wake = (matchId: string) => void computer.wake(matchId);
  // Tournaments on the command kernel, tied to their matches by reactions to stored events (no polling of matches).
  const tournaments = new Tournaments({ db, vault, matches: service, io, logger, now, sweepEveryMs: env.TOURNAMENT_TICK_MS });
  // Direct challenges on the kernel too: an accepted one's match is made by a reaction, which a crash cannot double.
  const challenges = new Challenges({ db, matches: service, io, logger, now });
  // An agreed rematch's match is made by a reaction to the stored agreement, then its players' pages open it.
  const rematches = new RematchReactions({ db, matches: service, io, logger, wake });
  // A node of the cluster died or left: what its matches owed by themselves is written here — its matches only, each
  // taken over by one survivor (match-owners.ts), several at a time.
  let recovering: Promise<unknown> = Promise.resolve();
  let recoveryFailures = 0;
  const recoverAfterLoss = (node: string) => {
    // A node that is stopping takes nothing over: the nodes that stay (or the next start) do. Its database closes
    // soon, and a recovery started now would be cut off in the middle of a read.
    if (closing) return;
    logger.warn("a cluster node is gone; recovering its unfinished matches", { node });
    // Its sockets' places in the connection caps go now, not at their expiry: its players are reconnecting elsewhere.
    void connectionLimits.dropNode(node).catch((error: unknown) => {
      // Not fatal: the lost node's places in the caps expire by themselves (connection-limits.ts, their TTL).
      logger.warn("a lost node's connection places not dropped; they expire", { node, error: error instanceof Error ? error.message : String(error) });
    });
    if (!owners) return;
    recovering = recovering
      .then(() => recoverUnfinishedMatches(db, service, logger, wake, { select: (ids) => owners.takeOver(node, ids), reason: "node lost" }))
      .catch((error: unknown) => {
        // Not swallowed: counted and logged; the matches it could not take over are retried once more, and each is
        // settled anyway by its next command or the next node's start.
        recoveryFailures++;
        logger.error("recovery after a lost node failed; retrying", { node, failures: recoveryFailures, error: error instanceof Error ? error.message : String(error) });
        return recoverUnfinishedMatches(db, service, logger, wake, { select: (ids) => owners.takeOver(node, ids), reason: "node lost, retry" });
      })
      .catch((error: unknown) => logger.error("recovery after a lost node failed twice", { node, error: error instanceof Error ? error.message : String(error) }))
      // A tournament step the lost node owed (a result it stored but did not record, a round's matches) is redone.
      .then(() => tournaments.catchUp("node lost"));
  };
  const presenceLink: PresenceLink | null = redis
    ? attachPresenceLink({
        io,
        presence,
        nodeId,
        now,
        reportEveryMs: env.PRESENCE_REPORT_MS,
        onNodeLost: recoverAfterLoss,
        linked: () => redis.isReady,
        liveness: liveness ? () => liveness.live() : undefined,
      })
    : null;
  const limits: UserLimits = {
    socketsPerUser: env.SOCKETS_PER_USER,
    socketsPerAddress: env.SOCKETS_PER_ADDRESS,
    commandsPerUserPerSecond: env.COMMANDS_PER_USER_PER_SECOND,
    waitingMatchesPerUser: env.WAITING_MATCHES_PER_USER,
    ...options.limits,
  };
  const connectionLimits = new ConnectionLimits({ perUser: limits.socketsPerUser, perAddress: limits.socketsPerAddress, redis: limitsRedis, liveness, prefix: redisPrefix, nodeId, now });
  // One matchmaking queue for the whole cluster (queue-store.ts).
  const matchmaker = new Matchmaker({ db, service, io, logger, now, nodeId, store: limitsRedis ? new RedisQueueStore(limitsRedis, redisPrefix, nodeId, undefined, liveness) : undefined });
  const gateway = attachGateway({
    io,
    matchmaker,
    outage,
    db,
    vault,
    service,
    tournaments: tournaments.service,
    challenges,
    rematches,
    computer,
    presence,
    logger,
    identify,
    abandonAfterMs,
    rateLimit: options.rateLimit,
    connectionLimits,
    // Counted on this node: a Redis round trip on every command would tie every move to Redis, and the sockets a user
    // may open are capped over the whole cluster already (connection-limits.ts).
    userCommandLimit: { burst: limits.commandsPerUserPerSecond * 2, perSecond: limits.commandsPerUserPerSecond },
    waitingMatchesPerUser: limits.waitingMatchesPerUser,
    actionLimits: new ActionLimits(limitsRedis, redisPrefix),
    playerTournaments: env.PLAYER_TOURNAMENTS,
    trustProxy: env.TRUST_PROXY,
    now,
    onCommandHandled: options.onCommandHandled,
  });
  // What was due to happen by itself when the process stopped (an opening roll, a pass, the reveal) happens now.
  // A computer whose turn it was carries on.
  // In a cluster, only the matches no live node owns: the others' live matches are theirs to run.
  await recoverUnfinishedMatches(db, service, logger, wake, {
    select: async (ids) => {
      const live = await liveness?.live();
      return owners && live ? owners.notOwnedBy(live, ids) : ids;
    },
    recovered: async (ids) => owners?.claim(ids),
    reason: "boot",
  });
  // Analysis jobs (the review page's "Analyse") on nodes that serve pages; queued ones from before a restart resume.
  // One decision per analysis worker at a time; the runner shares them out among the jobs it holds.
  const analysis = (options.withNext ?? true) ? new AnalysisRunner({ db, logger, runTask: (task) => analysisPool.run(task), concurrency: analysisPool.size }) : null;
  analysis?.start();
  // The analysis board's route (app/api/analysis) searches in the same pool.
  setBoardEngine((request) => analysisPool.run({ kind: "analyse-position", request }));
  // The admin chat route (app/api/admin/chat) tells a channel's clients that a message is gone, on this io.
  registerChatRooms(io);
  // Tournaments: what a stopped node left undone is redone, and the clock arms each one's next close, start or no-show.
  await tournaments.start();
  await challenges.catchUp().catch((error: unknown) => logger.error("challenge catch-up failed", { error: error instanceof Error ? error.message : String(error) }));
  await rematches.catchUp().catch((error: unknown) => logger.error("rematch catch-up failed", { error: error instanceof Error ? error.message : String(error) }));
  // Matches a stopped node, a failed append or an older version left out of the log are appended, in the background.
  const logCatchUp = matchLog
    .catchUp()
    .then((appended) => {
      if (appended.created + appended.ended > 0) logger.info("transparency log caught up", appended);
    })
    .catch((error: unknown) => logger.error("transparency log catch-up failed", { error: error instanceof Error ? error.message : String(error) }));

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(env.PORT, env.HOST, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info("server listening", { url, mode: dev ? "development" : "production", database: db.kind, cluster: redis !== null });

  return {
    url,
    port,
    http: httpServer,
    io,
    db,
    service,
    computer,
    matchmaker,
    probes,
    tournaments,
    challenges,
    proofKey,
    close: async () => {
      // New sockets are refused from now on (their clients retry, through the balancer, elsewhere).
      closing = true;
      // A recovery already under way (another node was lost) finishes first: its reads and writes hold database
      // connections, and a pool closed under them waits for them forever (a stop then took the full 10 s grace).
      await recovering;
      await tournaments.stop();
      challenges.close();
      rematches.close();
      matchLog.close();
      matchmaker.close();
      // The hand-over (a drain once lost an event and left a match's end to a recovery 22.5 s later): this node's
      // sockets close, the commands under way finish — their events published while Redis is still connected —, the
      // computer and the flag timers stop, and only then are the others told to take this node's matches over.
      // Closed under the sockets (not disconnected by the server, which a client takes as final): they reconnect.
      io.engine.close();
      await gateway.idle();
      // The computer stops first: a move it was thinking about is made by the node that takes the match over.
      computer.close();
      service.close();
      outage.close();
      await analysis?.stop();
      setBoardEngine(null);
      registerChatRooms(null, io);
      await Promise.all([pool.close(), analysisPool.close()]);
      await computer.idle();
      presenceLink?.leave();
      connectionLimits.close();
      await io.close();
      if (limitsRedis) await limitsRedis.close();
      if (redis) await redis.close();
      await awayFile?.flush();
      // The log's appends under way (a catch-up, an end heard just before) finish before the database closes — after
      // the hand-over, which must not wait for them.
      await logCatchUp;
      await matchLog.runner.idle();
      await checkpointer.stop();
      if (!options.db) await db.close();
    },
  };
}

export async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger(env.LOG_LEVEL);
  const migration = await migrateDatabase(env.databaseUrl);
  if (migration.applied.length > 0) logger.info("database migrated", { applied: migration.applied });
  const auth = prepareAuth({ env, logger });
  const db = openDb(env.databaseUrl);
  const server = await createAppServer({
    env,
    logger,
    db,
    identify: socketIdentity({ secret: auth.secret, db }),
    abandonAfterMs: env.ABANDON_AFTER_SECONDS * 1000,
  });
  // Behind a balancer, SIGTERM first makes /api/ready answer 503 for SHUTDOWN_DRAIN_SECONDS, so the balancer stops
  // sending new players here before the sockets close (their clients then reconnect through it to another node).
  let stopping = false;
  const shutdown = (drainSeconds: number) => {
    if (stopping) return;
    stopping = true;
    stopNode({ server, drainSeconds, logger, after: () => db.close(), exit: (code) => process.exit(code), hardLimitMs: env.SHUTDOWN_LIMIT_SECONDS * 1000 });
  };
  process.once("SIGINT", () => shutdown(0));
  process.once("SIGTERM", () => shutdown(env.SHUTDOWN_DRAIN_SECONDS));
}

// Only when this very file is the entry: a bundle that includes it (the tests' server, tests/support/server-bundle.ts)
// is its own entry, and must not start a second server.
if (process.argv[1] && import.meta.url.endsWith("/server/main.ts") && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`Fairgammon failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
