/**
 * The matchmaking queue (issue 20): a player asks for a match length, a clock or none, rated or not, and waits; the queue pairs
 * waiting players of close rating (lib/matchmaking/pairing.ts: a window that widens with the wait) and starts a
 * match between them — the first-queued player creates it with a random colour, the other takes the seat, both by
 * the same writes as the lobby's create and join — then tells both sockets (`queue:result`), whose pages open it.
 * Leaving the queue, or the socket's disconnecting, removes the player. A rated queue is for registered players.
 *
 * The queue lives in this node's memory: it holds nothing that must survive a restart (a player whose server
 * restarts simply queues again), and with several nodes each node pairs the players connected to it.
 *
 * @example
 *   const matchmaker = new Matchmaker({ db, vault, service, io, logger, now: Date.now });
 *   await matchmaker.join(actor, socket.id, { matchLength: 5, rated: true }); // { ok: true, rating: 1500 }
 *   matchmaker.leaveSocket(socket.id);
 */
import { randomInt } from "node:crypto";
import { pairPlayers, ratingWindow, type QueueEntry, type TimeControlWish } from "@/lib/matchmaking/pairing";
import { decideJoin, type Ack } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { createMatch } from "@/server/db/matches";
import { findPlayer } from "@/server/db/users";
import type { Logger } from "@/server/log";
import type { SeedVault } from "@/server/vault";
import type { Actor, GameServer } from "./context";
import { fail, lobbyDecision, type MatchService } from "./match-service";

/** How often the waiting players are looked at again (their windows widen with time). */
const PAIR_EVERY_MS = 1000;

interface Waiting extends QueueEntry {
  readonly socketId: string;
}

export interface MatchmakerOptions {
  readonly db: Db;
  readonly vault: SeedVault;
  readonly service: MatchService;
  readonly io: GameServer;
  readonly logger: Logger;
  readonly now: () => number;
}

export class Matchmaker {
  readonly #options: MatchmakerOptions;
  /** One entry per user: queueing again (another tab) replaces the first. */
  readonly #waiting = new Map<string, Waiting>();
  #timer: NodeJS.Timeout | null = null;

  constructor(options: MatchmakerOptions) {
    this.#options = options;
  }

  async join(actor: Actor, socketId: string, wish: { readonly matchLength: number; readonly rated: boolean; readonly timeControl?: TimeControlWish }): Promise<Ack<{ rating: number; window: number }>> {
    if (wish.rated && actor.isGuest) return fail("ERR_REGISTERED_ONLY", "Rated matches are for registered players: register to play one, or queue for an unrated match.");
    const user = await this.#options.db.prisma.user.findUnique({ where: { id: actor.id }, select: { rating: true, isGuest: true, computerLevel: true } });
    if (!user || user.computerLevel !== null) return fail("ERR_UNAUTHENTICATED", "Your account no longer exists; sign in again.");
    if (wish.rated && user.isGuest) return fail("ERR_REGISTERED_ONLY", "Rated matches are for registered players: register to play one.");
    const now = this.#options.now();
    this.#waiting.set(actor.id, { userId: actor.id, rating: user.rating, matchLength: wish.matchLength, rated: wish.rated, timeControl: wish.timeControl ?? null, joinedAt: now, socketId });
    this.#schedule();
    queueMicrotask(() => this.#pair());
    return { ok: true, rating: user.rating, window: ratingWindow(0) };
  }

  /** Leaves the queue (a no-op for someone not in it). */
  leave(userId: string): boolean {
    const left = this.#waiting.delete(userId);
    if (this.#waiting.size === 0) this.#stop();
    return left;
  }

  /** A socket went away: its player leaves the queue if that socket is the one they queued from. */
  leaveSocket(socketId: string): void {
    for (const [userId, entry] of this.#waiting) if (entry.socketId === socketId) this.leave(userId);
  }

  /** Who is waiting (tests, and the count a page may show). */
  get size(): number {
    return this.#waiting.size;
  }

  close(): void {
    this.#waiting.clear();
    this.#stop();
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.#pair(), PAIR_EVERY_MS);
    this.#timer.unref();
  }

  #stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #pair(): void {
    const pairs = pairPlayers([...this.#waiting.values()], this.#options.now());
    for (const [first, second] of pairs) {
      // Out of the queue before the match is made, so the next look cannot pair them again.
      this.leave(first.userId);
      this.leave(second.userId);
      void this.#start(first as Waiting, second as Waiting).catch((error: unknown) => {
        this.#options.logger.error("matchmaking could not start a match", { error: error instanceof Error ? error.message : String(error) });
        this.#tell([first as Waiting, second as Waiting], { ok: false, message: "The match could not be started; join the queue again." });
      });
    }
  }

  async #start(first: Waiting, second: Waiting): Promise<void> {
    const { db, vault, service } = this.#options;
    const created = await createMatch(db, {
      creatorId: first.userId,
      color: randomInt(2) === 0 ? "white" : "black",
      matchLength: first.matchLength,
      visibility: "public",
      seed: vault.draw(),
      rated: first.rated,
      timeControl: first.timeControl,
    });
    if (!created.ok) throw new Error(`create: ${created.code}`);
    const matchId = created.value.match.id;
    const player = await findPlayer(db, second.userId);
    if (!player) throw new Error(`no user ${second.userId}`);
    // Invited: the queue chose them.
    const joined = await service.command(matchId, (live) => lobbyDecision(decideJoin(live.view, player, true), second.userId));
    if (!joined.ok) throw new Error(`join: ${joined.code} ${joined.message}`);
    this.#tell([first, second], { ok: true, matchId });
  }

  #tell(players: readonly Waiting[], result: { ok: true; matchId: string } | { ok: false; message: string }): void {
    for (const player of players) this.#options.io.to(player.socketId).emit("queue:result", result);
  }
}
