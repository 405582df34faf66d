/**
 * The matchmaking queue (issue 20): a player asks for a match length, a clock or none, rated or not, and waits; the queue pairs
 * waiting players of close rating (lib/matchmaking/pairing.ts: a window that widens with the wait) and starts a
 * match between them — a client of the match service: one create, by the first-queued player with a random colour
 * and the other seated at once (lib/match/seating.ts decides both) — then tells both sockets (`queue:result`), whose
 * pages open it. Leaving the queue, or the socket's disconnecting, removes the player. A rated queue is for registered
 * players (lib/access/may.ts: `may(kind, "play-rated")`).
 *
 * The queue is one for the whole cluster (queue-store.ts: Redis when the nodes share one, this node's memory when it
 * stands alone): every node pairs everyone waiting, claims each pair atomically before starting its match, and tells
 * both players through their sockets' rooms, which reach them on whichever node they are. It holds nothing that must
 * survive a restart (a player whose server restarts simply queues again).
 *
 * @example
 *   const matchmaker = new Matchmaker({ db, service, io, logger, now: Date.now });
 *   await matchmaker.join(actor, socket.id, { matchLength: 5, rated: true }); // { ok: true, rating: 1500 }
 *   matchmaker.leaveSocket(socket.id);
 */
import { randomInt } from "node:crypto";
import { describeFailure } from "@/lib/engine/types";
import { pairPlayers, ratingWindow, type TimeControlWish } from "@/lib/matchmaking/pairing";
import type { Ack, QueueResult } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { findParticipant } from "@/server/db/users";
import type { Logger } from "@/server/log";
import type { Actor, GameServer } from "@/server/socket/socket-types";
import { fail } from "@/server/socket/failure";
import type { MatchService } from "./match-service";
import { MemoryQueueStore, type QueuedPlayer, type QueueStore } from "./queue-store";
import { accountKind, may } from "@/lib/access/may";

/** How often the waiting players are looked at again (their windows widen with time). */
const PAIR_EVERY_MS = 1000;

export interface MatchmakerOptions {
  readonly db: Db;
  readonly service: MatchService;
  readonly io: GameServer;
  readonly logger: Logger;
  readonly now: () => number;
  /** Who is waiting, for the whole cluster; this node's memory by default (a node standing alone). */
  readonly store?: QueueStore;
  /** This node's id (entries name the node holding the player's socket). */
  readonly nodeId?: string;
}

export class Matchmaker {
  readonly #options: MatchmakerOptions;
  /** One entry per user: queueing again (another tab) replaces the first. */
  readonly #store: QueueStore;
  readonly #node: string;
  #timer: NodeJS.Timeout | null = null;
  #pairing = false;
  #rounds = 0;

  constructor(options: MatchmakerOptions) {
    this.#options = options;
    this.#store = options.store ?? new MemoryQueueStore();
    this.#node = options.nodeId ?? "local";
    // Every node looks at the shared queue, also when none of its own players waits: it may be the one that pairs.
    this.#timer = setInterval(() => void this.#pair(), PAIR_EVERY_MS);
    this.#timer.unref();
  }

  async join(actor: Actor, socketId: string, wish: { readonly matchLength: number; readonly rated: boolean; readonly timeControl?: TimeControlWish }): Promise<Ack<{ rating: number; window: number }>> {
    const user = await this.#options.db.prisma.user.findUnique({ where: { id: actor.id }, select: { rating: true, isGuest: true, computerLevel: true } });
    if (!user || user.computerLevel !== null) return fail("ERR_UNAUTHENTICATED", { reason: "accountGone" });
    if (wish.rated && !may(accountKind(user), "play-rated")) return fail("ERR_REGISTERED_ONLY", { reason: "queue" });
    const now = this.#options.now();
    try {
      await this.#store.put({ userId: actor.id, rating: user.rating, matchLength: wish.matchLength, rated: wish.rated, timeControl: wish.timeControl ?? null, joinedAt: now, socketId, node: this.#node });
    } catch {
      return fail("ERR_UNAVAILABLE", { reason: "queue" });
    }
    queueMicrotask(() => void this.#pair());
    return { ok: true, rating: user.rating, window: ratingWindow(0) };
  }

  /** Leaves the queue (a no-op for someone not in it). */
  async leave(userId: string): Promise<void> {
    await this.#store.remove(userId).catch(() => {});
  }

  /** A socket went away: its player leaves the queue if that socket is the one they queued from. */
  leaveSocket(socketId: string): void {
    void this.#store.removeSocket(socketId).catch(() => {});
  }

  /** How many looks at the queue this node has finished (a test waits for rounds instead of sleeping). */
  get rounds(): number {
    return this.#rounds;
  }

  /** How many are waiting in the whole queue (tests, and the count a page may show). */
  async size(): Promise<number> {
    return (await this.#store.all()).length;
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#store.close();
  }

  /** One look at the queue at a time on this node; every node looks, and claims decide who starts each match. */
  async #pair(): Promise<void> {
    if (this.#pairing) return;
    this.#pairing = true;
    try {
      const now = this.#options.now();
      const local = this.#options.io.of("/").sockets;
      const waiting: QueuedPlayer[] = [];
      for (const entry of await this.#store.all()) {
        // One of ours whose socket is gone (a disconnect missed while Redis was away): it leaves the queue.
        if (entry.node === this.#node && !local.has(entry.socketId)) await this.#store.remove(entry.userId);
        else waiting.push(entry);
      }
      for (const [first, second] of pairPlayers(waiting, now) as (readonly [QueuedPlayer, QueuedPlayer])[]) {
        // Out of the queue before the match is made, so no node can pair them again.
        if (!(await this.#store.claim(first, second))) continue;
        await this.#start(first, second).catch((error: unknown) => {
          this.#options.logger.error("matchmaking could not start a match", { error: error instanceof Error ? error.message : String(error) });
          this.#tell([first, second], fail("ERR_INTERNAL", { reason: "queueMatch" }));
        });
      }
    } catch (error) {
      // Redis away: the queue waits for it (joining answers ERR_UNAVAILABLE meanwhile).
      this.#options.logger.debug("matchmaking: the queue could not be read", { error: error instanceof Error ? error.message : String(error) });
    } finally {
      this.#pairing = false;
      this.#rounds++;
    }
  }

  async #start(first: QueuedPlayer, second: QueuedPlayer): Promise<void> {
    const { db, service } = this.#options;
    const [creator, opponent] = await Promise.all([findParticipant(db, first.userId), findParticipant(db, second.userId)]);
    if (!creator || !opponent) throw new Error(`no user ${creator ? second.userId : first.userId}`);
    const created = await service.create(
      {
        type: "create",
        matchLength: first.matchLength,
        visibility: "public",
        timeControl: first.timeControl,
        rated: first.rated,
        color: randomInt(2) === 0 ? "white" : "black",
        // Seated at once: the queue chose them.
        opponent,
      },
      { creator },
    );
    if (!created.ok) throw new Error(`create: ${describeFailure(created)}`);
    this.#tell([first, second], { ok: true, matchId: created.live.view.matchId });
  }

  #tell(players: readonly QueuedPlayer[], result: QueueResult): void {
    for (const player of players) this.#options.io.to(player.socketId).emit("queue:result", result);
  }
}
