/**
 * The match server's core loop, the same four steps for every command, one command at a time per match: load the
 * match (cache or database) → decide (lib/match `decide`: the events, or the refusal) → append with the version
 * check (event + roll + client seed + Match columns, one transaction) → publish `{version, event}` → answer. Then it
 * settles the match: what follows by itself (opening rolls, a forced pass, a flag's fall, the end) is decided and
 * written the same way, as the `settle` command. Nothing lives only in memory: a restarted process rebuilds every
 * match from its events and settles it (recovery.ts, and before any command on a match read from the database), so a
 * crash between two steps loses nothing. Reads (`withMatch`) never write. A new match is written by `create` (its
 * first events and its row in one transaction).
 *
 * What `decide` may not fetch itself comes in its context from here: the time, the dice of the next roll (from the
 * sealed seed, in the roll service; drawn only when a roll is decided), the seed for the end, presence, which users
 * are computers.
 *
 * The events a command stored go back in its answer, and its sender's socket is left out of their broadcast
 * (protocol 3): the sender gets each of them once, in one frame with the answer.
 *
 * @example
 *   const service = new MatchService({ db, vault, rolls, publish, logger, presence, isComputer });
 *   await service.command(matchId, { type: "play", play: { type: "roll" } }, actor, socket.id); // { ok: true, version: 12, events: […] }
 */
import { createHash } from "node:crypto";
import { combineClientSeeds } from "@/lib/dice";
import type { Failed } from "@/lib/engine/types";
import { decide, emptyMatchView, evolve, flagFall, type CreateRequest, type DecideContext, type Decision, type MatchCommand, type MatchView, type Participant } from "@/lib/match";
import { publishedEvent } from "@/lib/match/published";
import type { Ack, MatchEventMessage, StoredEvents } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { eventAppend } from "@/server/db/event-rows";
import { createMatch, newInviteToken, newMatchId, revealSeed } from "@/server/db/matches";
import type { CreationError } from "@/server/db/create-match-plan";
import type { Logger } from "@/server/log";
import { protocolOfSeed, type RollService, type SeedVault } from "@/server/vault";
import { answer, fail } from "@/server/socket/failure";
import { CONFLICT, untilStored, type Conflict } from "@/server/kernel/until-stored";
import { KeyedQueue } from "./keyed-queue";
import { holdsInvite } from "./visibility";
import { loadLiveMatch, type LiveMatch } from "./live-match";

export interface MatchServiceOptions {
  readonly db: Db;
  readonly vault: SeedVault;
  readonly rolls: RollService;
  readonly logger: Logger;
  /** Sends a persisted event to everyone watching the match (all nodes), except the socket `exceptSocket`. */
  readonly publish: (message: MatchEventMessage, exceptSocket?: string) => void;
  readonly now?: () => Date;
  /** Live matches kept in memory (finished ones are not kept); older ones are reloaded from the database when needed. */
  readonly cacheSize?: number;
  /** Finished matches kept in memory, read-only (a bounded few: the heap under load is the live matches'). */
  readonly finishedCacheSize?: number;
  /**
   * Other nodes write to the same database (scale-out): a cached match is used only after checking that the stored
   * version is still the cached one, so no command is decided — and no refusal given — on a state another node has
   * moved past. Writes are safe either way (the version check); this keeps refusals and snapshots right too.
   */
  readonly sharedDatabase?: boolean;
  /**
   * Schedules `fire` in `ms` milliseconds and returns its cancel (the flag-fall timers of timed matches). Real timers
   * by default; tests pass a fake clock's.
   */
  readonly setTimer?: (fire: () => void, ms: number) => () => void;
  /** When a user's last connection closed; null while connected (the abandonment claim). Default: always connected. */
  readonly awaySince?: (userId: string) => number | null;
  /** How long a player may be away before the opponent can claim the match. */
  readonly abandonAfterMs?: number;
  /** Whether a user is a computer player. Default: none is. */
  readonly isComputer?: (userId: string) => boolean;
  /**
   * The dice protocol of every match this service creates: the server's (env DICE_PROTOCOL, fair-dice-v3 unless told
   * otherwise); fair-dice-v2 for a service made without one (unit tests of other concerns). The vault's seed chain is
   * the same for both.
   */
  readonly diceProtocol?: "fair-dice-v2" | "fair-dice-v3";
  /**
   * Puts a new match's commitment in the public transparency log (server/transparency/match-log.ts) before its
   * creator is answered — so before anyone can send it a client seed. Never throws. Default: no log.
   */
  readonly logCreation?: (live: LiveMatch) => Promise<void>;
}

/** What a create takes besides the command: the creator, and what the shell keeps for it. */
export interface Creation {
  readonly creator: Participant;
  /** Its id; a fresh one by default (a rematch's is fixed by the match it follows: `rematchIdOf`). */
  readonly matchId?: string;
  /** The creator's cap on matches waiting for an opponent (WAITING_MATCHES_PER_USER); absent: none. */
  readonly maxWaiting?: number;
}

export type CreateResult = { readonly ok: true; readonly live: LiveMatch } | Failed<CreationError | Extract<Decision, { ok: false }>["code"]>;

function realTimer(fire: () => void, ms: number): () => void {
  const timer = setTimeout(fire, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/** A timer fires this much after a flag's fall, so the server's clock is surely past it when the timeout is decided. */
const FLAG_MARGIN_MS = 5;

const SETTLE: MatchCommand = { type: "settle" };

interface Held {
  readonly live: LiveMatch;
  readonly settled: boolean;
}

/**
 * The id of the rematch of `matchId`: fixed by it, so that two nodes answering one offer at once make one match (the
 * second create finds it made), and a rematch-made event never names a match that was not created.
 */
export function rematchIdOf(matchId: string): string {
  return `c${createHash("sha256").update(`rematch:${matchId}`).digest("hex").slice(0, 24)}`;
}

/**
 * The events published while one command is handled. With `origin` (the sender's socket id) they are kept for the
 * command's answer and that socket is left out of their broadcast.
 */
class Publication {
  readonly events: MatchEventMessage[] = [];

  constructor(
    readonly origin: string | undefined,
    private readonly publish: MatchServiceOptions["publish"],
  ) {}

  send(message: MatchEventMessage): void {
    if (this.origin !== undefined) this.events.push(message);
    this.publish(message, this.origin);
  }
}

export class MatchService {
  readonly #options: MatchServiceOptions;
  readonly #queue = new KeyedQueue();
  /** `settled`: nothing follows by itself (false for a match read from the database until it is settled). */
  readonly #cache = new Map<string, Held>();
  readonly #cacheSize: number;
  /**
   * Finished matches (ended, seed revealed), read-only and few: a spectator's watch, a chat message on a finished
   * match and a review read them without folding the log again; only a rematch's events still change one.
   */
  readonly #finished = new Map<string, LiveMatch>();
  readonly #finishedSize: number;
  /** match id → the flag it is armed for and its cancel. */
  readonly #flags = new Map<string, { readonly at: number; readonly cancel: () => void }>();
  readonly #listeners: ((message: MatchEventMessage) => void)[] = [];
  #closed = false;

  constructor(options: MatchServiceOptions) {
    this.#options = options;
    this.#cacheSize = options.cacheSize ?? 5000;
    this.#finishedSize = options.finishedCacheSize ?? 500;
  }

  /** `listener` hears every event this node stores, as published, after its broadcast (the computer players' driver). */
  onStored(listener: (message: MatchEventMessage) => void): void {
    this.#listeners.push(listener);
  }

  /**
   * Runs `work` in the match's queue on its current state (null: no such match). A read: it writes nothing, not even
   * what a match read from the database may still owe (recovery and the next command do that).
   */
  withMatch<T>(matchId: string, work: (live: LiveMatch | null) => Promise<T> | T): Promise<T> {
    return this.#queue.run(matchId, async () => work((await this.#current(matchId))?.live ?? null));
  }

  /**
   * What `command` would decide now, without storing anything (the rematch's shell learns whether a match is to be
   * made before it makes it).
   */
  preview(matchId: string, command: MatchCommand, actor: Participant | null): Promise<Decision | null> {
    return this.withMatch(matchId, (live) => (live ? decide(live.view, command, this.#context(live, actor)) : null));
  }

  /**
   * Decides and persists one command of `actor` (null: the server itself). A version conflict (another node wrote
   * first) reloads the match and decides again; the sender is answered only after the events are stored and
   * broadcast. `origin`, the sender's socket, gets the events in the answer instead of in the broadcast.
   */
  command(matchId: string, command: MatchCommand, actor: Participant | null, origin?: string): Promise<Ack<StoredEvents>> {
    return this.#queue.run(matchId, async () => {
      const publication = new Publication(origin, this.#options.publish);
      const stored = await untilStored(async (): Promise<Ack<StoredEvents> | Conflict> => {
        const current = await this.#current(matchId);
        if (!current) return fail("ERR_NOT_FOUND");
        // A match read from the database may have stopped short of what follows by itself (its process died between
        // a command and its opening roll, pass or reveal, and recovery has not reached it): that comes first, and is
        // broadcast to every socket, the sender's too (the command may yet be refused, and a refusal carries no events).
        // A flag that fell before the timer's turn came (a loaded event loop) ends the match first: the command is then
        // decided on a match that is over, and refused.
        const due = current.settled && !this.#flagFallen(current.live.view);
        const live = due ? current.live : await this.#settle(current.live, new Publication(undefined, this.#options.publish));
        const decision = decide(live.view, command, this.#context(live, actor));
        if (!decision.ok) return answer(decision);
        // Nothing to store (a rematch already made, asked for again): the answer is the match as it stands.
        if (decision.events.length === 0) return { ok: true as const, version: live.view.version, events: publication.events };
        const next = await this.#append(live, decision, actor?.player.id ?? null, publication);
        if (next === null) return CONFLICT;
        await this.#settle(next, publication);
        return { ok: true as const, version: next.view.version, events: publication.events };
      });
      return stored === CONFLICT ? fail("ERR_CONFLICT") : stored;
    });
  }

  /**
   * Creates a match: a fresh sealed seed chain, whose commitment is public from this moment (fair-dice-v2, section 2,
   * step 1), `decide` for the create, and the row with its first events in one transaction. Private matches get an
   * invite token. Every path that makes a match (the lobby, challenges, the queue, rematches, tournaments, the
   * computer) comes here, and here is only fair-dice-v2: no option, setting or caller makes a fair-dice-v1 match.
   */
  async create(command: CreateRequest, creation: Creation): Promise<CreateResult> {
    const matchId = creation.matchId ?? newMatchId();
    const seed = this.#options.vault.drawChain(command.matchLength);
    const chain = protocolOfSeed(seed);
    if (chain.protocol !== "fair-dice-v2") throw new Error("drawChain gave a seed without a chain");
    const empty = emptyMatchView(matchId);
    const protocol = this.#options.diceProtocol ?? "fair-dice-v2";
    const decision = decide(empty, { ...command, commitment: seed.commitment, chainLength: chain.chainLength, protocol }, this.#contextFor(empty, null, creation.creator));
    if (!decision.ok) return decision;
    const inviteToken = command.visibility === "private" ? newInviteToken() : null;
    const created = await createMatch(this.#options.db, {
      view: decision.view,
      events: decision.events,
      creatorId: creation.creator.player.id,
      seed,
      inviteToken,
      maxWaiting: creation.maxWaiting,
    });
    if (!created.ok) return created;
    const live: LiveMatch = { view: decision.view, seed, inviteToken, creatorId: creation.creator.player.id, seedRevealed: false };
    await this.#options.logCreation?.(live);
    await this.#queue.run(matchId, async () => this.#remember(live));
    return { ok: true, live };
  }

  /**
   * Reloads a match from the database and writes what it still owes by itself (an opening roll, a pass, the reveal):
   * recovery, after a restart.
   */
  recover(matchId: string): Promise<LiveMatch | null> {
    return this.#queue.run(matchId, async () => {
      this.forget(matchId);
      const current = await this.#current(matchId);
      return current && this.#settle(current.live, new Publication(undefined, this.#options.publish));
    });
  }

  /**
   * Writes what the match owes by itself now — above all a timeout whose flag has fallen (the flag timers call it) —
   * through the same append and broadcast as a command.
   */
  settle(matchId: string): Promise<LiveMatch | null> {
    return this.#queue.run(matchId, async () => {
      const current = await this.#current(matchId);
      return current && this.#settle(current.live, new Publication(undefined, this.#options.publish));
    });
  }

  forget(matchId: string): void {
    this.#cache.delete(matchId);
    this.#finished.delete(matchId);
  }

  /** Cancels every flag timer (the server is closing; recovery arms them again at the next start). */
  close(): void {
    this.#closed = true;
    for (const { cancel } of this.#flags.values()) cancel();
    this.#flags.clear();
  }

  #nowMs(): number {
    return (this.#options.now?.() ?? new Date()).getTime();
  }

  #context(live: LiveMatch, actor: Participant | null): DecideContext {
    return this.#contextFor(live.view, live, actor);
  }

  /** What `decide` is told about the world, for `view` (`live`: its seed, for a match that exists). */
  #contextFor(view: MatchView, live: LiveMatch | null, actor: Participant | null): DecideContext {
    const { rolls, vault } = this.#options;
    return {
      now: this.#nowMs(),
      actor,
      dice: (salts, values) => {
        const { white, black } = view.clientSeeds;
        if (!live || !white || !black) throw new Error(`match ${view.matchId}: roll requested before both client seeds`);
        const clientSeed = combineClientSeeds(white, black);
        if (protocolOfSeed(live.seed).protocol === "fair-dice-v1") return rolls.rollFor(live.seed, clientSeed, view.rolls.length);
        if (!salts) throw new Error(`match ${view.matchId}: a fair-dice-v2 roll requested without salts`);
        // The view's protocol, not the seed's: v2 and v3 seal the same chain of game seeds (docs/fair-dice-v3.md, 1).
        if (view.diceProtocol === "fair-dice-v3") {
          if (!values) throw new Error(`match ${view.matchId}: a fair-dice-v3 roll requested without chain values`);
          return rolls.contributedRollFor(live.seed, clientSeed, view.rolls.length, view.state.gameNumber, salts, values);
        }
        return rolls.saltedRollFor(live.seed, clientSeed, view.rolls.length, view.state.gameNumber, salts);
      },
      computerValue: (game, c) => {
        if (!live) throw new Error(`match ${view.matchId}: no computer value before it exists`);
        return rolls.computerValueFor(live.seed, game, c);
      },
      serverSeed: () => {
        if (!live) throw new Error(`match ${view.matchId}: no seed to reveal before it exists`);
        return vault.reveal(live.seed);
      },
      gameSeed: (game) => {
        if (!live) throw new Error(`match ${view.matchId}: no seed to reveal before it exists`);
        return vault.revealGame(live.seed, game);
      },
      computerSalt: (game, nonce) => {
        if (!live) throw new Error(`match ${view.matchId}: no computer salt before it exists`);
        return rolls.computerSaltFor(live.seed, game, nonce);
      },
      awaySince: this.#options.awaySince ?? (() => null),
      abandonAfterMs: this.#options.abandonAfterMs ?? Number.POSITIVE_INFINITY,
      isComputer: this.#options.isComputer ?? (() => false),
      holdsInvite: (given) => live !== null && holdsInvite(live, given),
      newMatchId: () => rematchIdOf(view.matchId),
    };
  }

  #flagFallen(view: MatchView): boolean {
    if (view.ended || view.status !== "playing" || !view.clock) return false;
    const flag = flagFall(view.clock);
    return flag !== null && flag.at <= this.#nowMs();
  }

  /**
   * Arms the timer of the match's next flag fall (the player it waits for running out of delay and reserve), or
   * disarms it when nobody is running. The timer settles the match, which stores the timeout if the flag has fallen by
   * the server's clock then; any event before it re-arms the timer for the new deadline.
   */
  #armFlag(view: MatchView): void {
    const id = view.matchId;
    const flag = !view.ended && view.status === "playing" && view.clock ? flagFall(view.clock) : null;
    const armed = this.#flags.get(id);
    if (armed && flag && armed.at === flag.at) return;
    armed?.cancel();
    this.#flags.delete(id);
    if (!flag || this.#closed) return;
    const setTimer = this.#options.setTimer ?? realTimer;
    const cancel = setTimer(() => {
      if (this.#flags.get(id)?.cancel !== cancel) return;
      this.#flags.delete(id);
      this.settle(id).catch((error: unknown) => {
        this.#options.logger.error("could not apply a timeout", { matchId: id, error: error instanceof Error ? error.message : String(error) });
      });
    }, Math.max(0, flag.at - this.#nowMs()) + FLAG_MARGIN_MS);
    this.#flags.set(id, { at: flag.at, cancel });
  }

  /** The match as stored, from the cache or the database; null: no such match. */
  async #current(matchId: string): Promise<Held | null> {
    const cached = this.#cache.get(matchId) ?? this.#finishedHeld(matchId);
    if (cached && (!this.#options.sharedDatabase || (await this.#options.db.events.version(matchId)) === cached.live.view.version)) return cached;
    const loaded = await loadLiveMatch(this.#options.db, matchId);
    if (!loaded) return null;
    // A finished match read from the database that owes nothing more (its seeds all revealed) is settled as it is,
    // and kept with the finished ones: the next read of it (a watch's second look, a chat message) folds nothing.
    const settled = this.#finishedAndOwesNothing(loaded.live);
    this.#remember(loaded.live, settled);
    return { live: loaded.live, settled };
  }

  #finishedAndOwesNothing(live: LiveMatch): boolean {
    if (!live.view.ended || !live.seedRevealed) return false;
    const owed = decide(live.view, SETTLE, this.#context(live, null));
    return owed.ok && owed.events.length === 0;
  }

  /** A finished match from its own small cache (settled by construction: nothing follows by itself). */
  #finishedHeld(matchId: string): Held | undefined {
    const live = this.#finished.get(matchId);
    return live && { live, settled: true };
  }

  #remember(live: LiveMatch, settled = true): void {
    const id = live.view.matchId;
    this.#cache.delete(id);
    this.#finished.delete(id);
    // A match that has ended and revealed its seed takes few more writes (a rematch's): it goes to the small cache of
    // finished ones. Keeping every finished match with the live ones filled the heap under load and made GC pauses
    // the p99; a bounded few serve the reads that come after an end (spectators, chat, the review) without a reload.
    if (live.view.ended && live.seedRevealed) {
      if (!settled) return;
      this.#finished.set(id, live);
      if (this.#finished.size > this.#finishedSize) {
        const oldest = this.#finished.keys().next().value;
        if (oldest !== undefined) this.#finished.delete(oldest);
      }
      return;
    }
    this.#cache.set(id, { live, settled });
    if (this.#cache.size > this.#cacheSize) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
  }

  /**
   * Persists a decision's events, one version each, and publishes each once stored; null when another writer got
   * there first (the cache entry is dropped, and the caller decides again on the match as it now is).
   */
  async #append(live: LiveMatch, decision: Extract<Decision, { ok: true }>, actorId: string | null, publication: Publication): Promise<LiveMatch | null> {
    const { db, now = () => new Date() } = this.#options;
    let before = live.view;
    let current = live;
    for (const [index, event] of decision.events.entries()) {
      // The view after the last event is the decision's own (an action checked once); those before it are folded here.
      const after = index === decision.events.length - 1 ? decision.view : evolve(before, event);
      const result = await db.events.append(eventAppend(before, after, event, actorId, now())).catch((error: unknown) => {
        // An error, unlike a refusal, leaves it unknown whether the event was stored: the next command on this match
        // reads the match from the database, as a restarted server would.
        this.forget(before.matchId);
        throw error;
      });
      if (!result.ok) {
        if (result.code === "ERR_VERSION_CONFLICT" || result.code === "ERR_NONCE_TAKEN") {
          this.forget(before.matchId);
          return null;
        }
        throw new Error(`match ${before.matchId}: could not store event ${after.version}: ${result.code}`);
      }
      current = { ...current, view: after };
      this.#remember(current);
      // Stored whole, published without a first opening salt's value (lib/match/published.ts): the broadcast, the
      // answer, Redis and the listeners all get this form, so no path out of here carries the salt before its roll.
      const message = { matchId: after.matchId, version: after.version, event: publishedEvent(event) };
      publication.send(message);
      for (const listener of this.#listeners) listener(message);
      before = after;
    }
    return current;
  }

  /** Writes what follows by itself until the match waits for a person again, then reveals the seed of an ended match. */
  async #settle(start: LiveMatch, publication: Publication): Promise<LiveMatch> {
    let live = start;
    for (;;) {
      const decision = decide(live.view, SETTLE, this.#context(live, null));
      if (!decision.ok || decision.events.length === 0) break;
      const next = await this.#append(live, decision, null, publication);
      if (next) {
        live = next;
        continue;
      }
      const reloaded = await loadLiveMatch(this.#options.db, live.view.matchId);
      if (!reloaded) return live;
      this.#remember(reloaded.live, false);
      live = reloaded.live;
    }
    if (live.view.ended && !live.seedRevealed) {
      const revealed = await revealSeed(this.#options.db, live.view.matchId, live.view.ended.serverSeed);
      if (!revealed.ok && revealed.code !== "ERR_SEED_ALREADY_REVEALED") {
        throw new Error(`match ${live.view.matchId}: reveal refused: ${revealed.code}`);
      }
      live = { ...live, seedRevealed: true };
    }
    this.#remember(live);
    this.#armFlag(live.view);
    return live;
  }
}
