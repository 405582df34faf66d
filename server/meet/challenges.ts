/**
 * Direct challenges on the command kernel (lib/challenge; server/kernel): every offer and answer is one decision
 * stored in the challenge's stream, and what follows from a stored event is a reaction on the node that stored it:
 * - `offered` → the challenged player is told on every page they have open; a timer expires it if nobody answers;
 * - `accepted` → the match is made, both players seated, under the id the offer fixed — one step, which a repeat
 *   (a retry, the sweep after a crash) finds done (ERR_MATCH_EXISTS) and does not double;
 * - every end (accepted, declined, withdrawn, expired) → both players' pages drop it (`challenge:closed`), and the
 *   sender hears the answer (`challenge:answered`).
 * `catchUp` (at start-up) makes the matches of accepted challenges a stopped node left unmade, expires the overdue
 * ones and re-arms the others' timers.
 *
 * @example
 *   const challenges = new Challenges({ db, matches, io, logger });
 *   await challenges.command(id, { type: "accept" }, participant); // then challenges.matchOf(view)
 */
import { randomBytes } from "node:crypto";
import type { ChallengeCommand, ChallengeContext, ChallengeEvent, ChallengeRefusal, ChallengeView } from "@/lib/challenge/challenge";
import type { Participant } from "@/lib/match";
import type { Db } from "@/server/db/client";
import { findParticipant } from "@/server/db/users";
import { crashPoint } from "@/server/kernel/crash-point";
import { Kernel, type KernelResult } from "@/server/kernel/kernel";
import { StreamStore } from "@/server/kernel/stream-store";
import type { Logger } from "@/server/log";
import type { MatchService } from "@/server/match/match-service";
import { ReactionRunner } from "@/server/reactions/retrying";
import { rooms } from "@/server/socket/rooms";
import type { GameServer } from "@/server/socket/socket-types";
import { challengeAggregate } from "./challenge-aggregate";
import type { ChallengeView as ChallengeListing } from "@/lib/protocol/meet";
import { challengesToSweep, challengeView } from "./challenge-store";

export interface ChallengesOptions {
  readonly db: Db;
  readonly matches: MatchService;
  readonly io: GameServer | null;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** A new challenge's id, and the id its match gets when accepted. */
export function newChallengeId(): { readonly id: string; readonly matchId: string } {
  const id = `k${randomBytes(10).toString("hex")}`;
  return { id, matchId: `${id}-m` };
}

export class Challenges {
  readonly kernel: Kernel<ChallengeView, ChallengeCommand, ChallengeEvent, ChallengeContext, ChallengeRefusal>;
  readonly runner: ReactionRunner;
  readonly #options: ChallengesOptions;
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Challenge id → its match being made now. */
  readonly #making = new Map<string, Promise<void>>();

  constructor(options: ChallengesOptions) {
    this.#options = options;
    this.runner = new ReactionRunner(options.logger);
    this.kernel = new Kernel(challengeAggregate, { store: new StreamStore(options.db), logger: options.logger, now: options.now });
    this.kernel.onStored((message, view) => this.#heard(view, message.event));
  }

  now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  command(id: string, command: ChallengeCommand, actor: Participant | null): Promise<KernelResult<ChallengeView, ChallengeEvent, ChallengeRefusal>> {
    return this.kernel.command(id, command, () => ({ now: this.now(), actor: actor && { player: { id: actor.player.id, name: actor.player.name }, kind: actor.kind } }));
  }

  /**
   * The match of an accepted challenge, made now if it is not yet (idempotent: its id is the offer's). The accepting
   * command and the reaction to its stored event both ask for it; while one make is under way the other waits for it
   * instead of starting a second.
   */
  makeMatch(view: ChallengeView): Promise<void> {
    const making = this.#making.get(view.id);
    if (making) return making;
    const made = this.#make(view).finally(() => this.#making.delete(view.id));
    this.#making.set(view.id, made);
    return made;
  }

  async #make(view: ChallengeView): Promise<void> {
    const offer = view.offer;
    if (view.status !== "accepted" || !offer) return;
    const { db, matches } = this.#options;
    const [from, to] = await Promise.all([findParticipant(db, offer.from.id), findParticipant(db, offer.to.id)]);
    if (!from || !to) throw new Error(`challenge ${view.id}: a player is gone`);
    const created = await matches.create(
      { type: "create", matchLength: offer.matchLength, visibility: "private", timeControl: offer.timeControl, rated: offer.rated, color: offer.color, opponent: to },
      { creator: from, matchId: offer.matchId },
    );
    if (!created.ok && created.code !== "ERR_MATCH_EXISTS") throw new Error(`challenge ${view.id}: match not made: ${created.code}`);
  }

  /** What a stopped node left: accepted challenges' matches, overdue expiries, and the timers of the pending. */
  async catchUp(): Promise<void> {
    const rows = await challengesToSweep(this.#options.db, new Date(this.now() - 24 * 60 * 60_000));
    for (const row of rows) {
      if (row.status === "pending") {
        this.#armExpiry(row.id, row.expiresAt.getTime());
        continue;
      }
      const view = await this.kernel.read(row.id);
      if (view) await this.makeMatch(view);
    }
  }

  close(): void {
    this.runner.close();
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  #heard(view: ChallengeView, event: ChallengeEvent): void {
    const offer = view.offer;
    if (!offer) return;
    const io = this.#options.io;
    if (event.type === "offered") {
      io?.to(rooms.user(offer.to.id)).emit("challenge:received", challengeViewOf(view));
      this.#armExpiry(view.id, offer.expiresAt);
      return;
    }
    clearTimeout(this.#timers.get(view.id));
    this.#timers.delete(view.id);
    const tell = () => {
      const closed = { challengeId: view.id, matchId: offer.matchId, status: event.type };
      for (const user of [offer.from.id, offer.to.id]) io?.to(rooms.user(user)).emit("challenge:closed", closed);
      if (event.type === "accepted" || event.type === "declined") {
        io?.to(rooms.user(offer.from.id)).emit("challenge:answered", { challengeId: view.id, matchId: offer.matchId, accepted: event.type === "accepted", by: offer.to.name });
      }
    };
    // Accepted: the pages are told once the match exists, so no page is sent to a match not made yet.
    if (event.type === "accepted") {
      crashPoint("challenge-accepted");
      this.runner.start("make an accepted challenge's match", () => this.makeMatch(view).then(tell), { challengeId: view.id });
    } else tell();
  }

  #armExpiry(id: string, at: number): void {
    clearTimeout(this.#timers.get(id));
    const timer = setTimeout(() => {
      this.#timers.delete(id);
      this.runner.start("expire a challenge", () => this.kernel.settle(id, () => ({ now: this.now(), actor: null })), { challengeId: id });
    }, Math.max(0, at - this.now()) + 5);
    timer.unref();
    this.#timers.set(id, timer);
  }
}

/** A pending challenge as the pages list it (lib/protocol/meet), from its view: the row it projects to says the same. */
export function challengeViewOf(view: ChallengeView): ChallengeListing {
  const offer = view.offer;
  if (!offer) throw new Error(`challenge ${view.id}: no offer`);
  return challengeView({
    id: view.id,
    matchId: offer.matchId,
    createdAt: new Date(offer.at),
    expiresAt: new Date(offer.expiresAt),
    matchLength: offer.matchLength,
    rated: offer.rated,
    reserveMs: offer.timeControl?.reserveMs ?? null,
    delayMs: offer.timeControl?.delayMs ?? null,
    from: { id: offer.from.id, username: offer.from.name },
    to: { id: offer.to.id, username: offer.to.name },
  });
}
