/**
 * The match server's core loop, one command at a time per match: load the match (cache or database) → decide
 * (a pure decision: the lobby's in lib/protocol, the rules' with lib/engine; rolls drawn with the vault) → persist in
 * one transaction (event + roll + client seed + Match columns, version checked) → broadcast `{version, event}` →
 * answer. Then it settles the match: whatever follows by itself (opening rolls, a forced pass, the reveal at the end)
 * is written the same way. Joins and client seeds take the same path as moves. Nothing lives only in memory: a
 * restarted process rebuilds every match from its events and settles it (recovery.ts, and before any command on a
 * match read from the database), so a crash between two steps loses nothing. Reads (`withMatch`) never write.
 *
 * The events a command stored go back in its answer, and its sender's socket is left out of their broadcast
 * (protocol 3): the sender gets each of them once, in one frame with the answer, instead of a frame per event and
 * one more for the answer.
 *
 * @example
 *   const service = new MatchService({ db, vault, rolls, publish, logger });
 *   await service.command(matchId, (live) => decideRoll(live, actor), socket.id); // { ok: true, version: 12, events: […] }
 */
import { combineClientSeeds, type BundleRoll } from "@/lib/dice";
import { mustPass } from "@/lib/engine/match-queries";
import type { MatchAction, MatchState } from "@/lib/engine/match-state";
import { opponentOf, type Color, type Dice } from "@/lib/engine/types";
import { applyCheckedAction, applyMatchEvent, flagFall, type EndReason, type MatchView } from "@/lib/record";
import type { Ack, ErrorCode, Failure, LobbyDecision, MatchEventMessage, StoredEvents } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { eventAppend, type LaterEvent } from "@/server/db/event-rows";
import { revealSeed } from "@/server/db/matches";
import type { Logger } from "@/server/log";
import type { RollService, SeedVault } from "@/server/vault";
import { KeyedQueue } from "./keyed-queue";
import { loadLiveMatch, type LiveMatch } from "./live-match";

/** What a command decides: the one event to append (and the actor it is recorded for). */
export interface Draft {
  readonly event: LaterEvent;
  readonly actorId: string | null;
  /** For an action the command has already checked with lib/engine: the rules state it leads to (not checked again). */
  readonly state?: MatchState;
}

/** A roll-log entry as drawn: its dice are die values. */
export type DrawnRoll = BundleRoll & { readonly dice: Dice };

export type Decision = { readonly ok: true; readonly draft: Draft } | Failure;

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
}

function realTimer(fire: () => void, ms: number): () => void {
  const timer = setTimeout(fire, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/** A timer fires this much after a flag's fall, so the server's clock is surely past it when the timeout is decided. */
const FLAG_MARGIN_MS = 5;

const ATTEMPTS = 3;

interface Held {
  readonly live: LiveMatch;
  readonly settled: boolean;
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

export function fail(code: ErrorCode, message: string): Failure {
  return { ok: false, code, message };
}

/** A lobby decision (lib/protocol: a seat, a client seed) as the command's decision, recorded for `actorId`. */
export function lobbyDecision(decision: LobbyDecision<"joined" | "seed">, actorId: string): Decision {
  return decision.ok ? { ok: true, draft: { event: decision.event, actorId } } : decision;
}

export class MatchService {
  readonly #options: MatchServiceOptions;
  readonly #queue = new KeyedQueue();
  /** `settled`: nothing follows by itself (false for a match read from the database until it is settled). */
  readonly #cache = new Map<string, Held>();
  readonly #cacheSize: number;
  /** match id → the flag it is armed for and its cancel. */
  readonly #flags = new Map<string, { readonly at: number; readonly cancel: () => void }>();
  #closed = false;

  constructor(options: MatchServiceOptions) {
    this.#options = options;
    this.#cacheSize = options.cacheSize ?? 5000;
  }

  /**
   * Runs `work` in the match's queue on its current state (null: no such match). A read: it writes nothing, not even
   * what a match read from the database may still owe (recovery and the next command do that).
   */
  withMatch<T>(matchId: string, work: (live: LiveMatch | null) => Promise<T> | T): Promise<T> {
    return this.#queue.run(matchId, async () => work((await this.#current(matchId))?.live ?? null));
  }

  /**
   * Decides and persists one command. A version conflict (another node wrote first) reloads the match and decides
   * again; the sender is answered only after the event is stored and broadcast. `origin`, the sender's socket, gets
   * the events in the answer instead of in the broadcast.
   */
  command(matchId: string, decide: (live: LiveMatch) => Decision, origin?: string): Promise<Ack<StoredEvents>> {
    return this.#queue.run(matchId, async () => {
      const publication = new Publication(origin, this.#options.publish);
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const current = await this.#current(matchId);
        if (!current) return fail("ERR_NOT_FOUND", "There is no such match.");
        // A match read from the database may have stopped short of what follows by itself (its process died between
        // a command and its opening roll, pass or reveal, and recovery has not reached it): that comes first, and is
        // broadcast to every socket, the sender's too (the command may yet be refused, and a refusal carries no events).
        // A flag that fell before the timer's turn came (a loaded event loop) ends the match first: the command is then
        // decided on a match that is over, and refused.
        const due = current.settled && !this.#flagFallen(current.live.view);
        const live = due ? current.live : await this.#settle(current.live, new Publication(undefined, this.#options.publish));
        const decision = decide(live);
        if (!decision.ok) return decision;
        const next = await this.#append(live, decision.draft, publication);
        if (next === null) continue;
        await this.#settle(next, publication);
        return { ok: true as const, version: next.view.version, events: publication.events };
      }
      return fail("ERR_CONFLICT", "The match changed while your command was handled; look at the board and try again.");
    });
  }

  /**
   * Reloads a match from the database and writes what it still owes by itself (an opening roll, a pass, the reveal):
   * recovery, after a restart.
   */
  recover(matchId: string): Promise<LiveMatch | null> {
    return this.#queue.run(matchId, async () => {
      this.#cache.delete(matchId);
      const current = await this.#current(matchId);
      return current && this.#settle(current.live, new Publication(undefined, this.#options.publish));
    });
  }

  /** The dice for the next roll, from the sealed seed (the seed itself never leaves the roll service). */
  rollNext(live: LiveMatch, kind: BundleRoll["kind"], player: Color | null): DrawnRoll {
    const { view } = live;
    const { white, black } = view.clientSeeds;
    if (!white || !black) throw new Error(`match ${view.matchId}: roll requested before both client seeds`);
    const nonce = view.rolls.length;
    const dice = this.#options.rolls.rollFor(live.seed, combineClientSeeds(white, black), nonce);
    return { nonce, game: view.state.gameNumber, kind, player, dice };
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
    const cached = this.#cache.get(matchId);
    if (cached && (!this.#options.sharedDatabase || (await this.#storedVersion(matchId)) === cached.live.view.version)) return cached;
    const loaded = await loadLiveMatch(this.#options.db, matchId);
    if (!loaded) return null;
    this.#remember(loaded.live, false);
    return { live: loaded.live, settled: false };
  }

  async #storedVersion(matchId: string): Promise<number | null> {
    return this.#options.db.events.version(matchId);
  }

  #remember(live: LiveMatch, settled = true): void {
    const id = live.view.matchId;
    this.#cache.delete(id);
    // A match that has ended and revealed its seed takes no more writes; the rare read of it (a late spectator, a
    // review) reloads it. Keeping finished matches filled the heap under load and made GC pauses the p99.
    if (live.view.ended && live.seedRevealed) return;
    this.#cache.set(id, { live, settled });
    if (this.#cache.size > this.#cacheSize) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
  }

  /** Persists one event; null when another writer got there first (the cache entry is dropped). */
  async #append(live: LiveMatch, draft: Draft, publication: Publication): Promise<LiveMatch | null> {
    const { db, now = () => new Date() } = this.#options;
    const before = live.view;
    const at = now();
    // Actions and the end carry the server's time: the clocks are derived from it (lib/record/clock.ts).
    const event: LaterEvent = draft.event.type === "action" || draft.event.type === "ended" ? { ...draft.event, at: at.getTime() } : draft.event;
    const after =
      draft.state && event.type === "action"
        ? applyCheckedAction(before, before.version + 1, event, draft.state)
        : applyMatchEvent(before, before.version + 1, event);
    const result = await db.events.append(eventAppend(before, after, event, draft.actorId, at)).catch((error: unknown) => {
      // An error, unlike a refusal, leaves it unknown whether the event was stored: the next command on this match
      // reads the match from the database, as a restarted server would.
      this.#cache.delete(before.matchId);
      throw error;
    });
    if (!result.ok) {
      if (result.code === "ERR_VERSION_CONFLICT" || result.code === "ERR_NONCE_TAKEN") {
        this.#cache.delete(before.matchId);
        return null;
      }
      throw new Error(`match ${before.matchId}: could not store event ${after.version}: ${result.code}`);
    }
    const next: LiveMatch = { ...live, view: after };
    this.#remember(next);
    publication.send({ matchId: after.matchId, version: after.version, event });
    return next;
  }

  /** Writes what follows by itself until the match waits for a person again. */
  async #settle(start: LiveMatch, publication: Publication): Promise<LiveMatch> {
    let live = start;
    for (;;) {
      const draft = this.#automaticStep(live);
      if (!draft) break;
      const next = await this.#append(live, draft, publication);
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

  #automaticStep(live: LiveMatch): Draft | null {
    const { view } = live;
    if (view.ended || view.status !== "playing") return null;
    if (this.#flagFallen(view) && view.clock?.running) {
      const loser = view.clock.running.color;
      const winner = opponentOf(loser);
      const detail = `${view.players[loser]?.name ?? loser} ran out of time; ${view.players[winner]?.name ?? winner} wins the match.`;
      return this.endDraft(live, "timeout", winner, detail, null);
    }
    const state = view.state;
    if (state.phase === "opening") {
      const roll = this.rollNext(live, "opening", null);
      return actionDraft({ type: "opening-roll", dice: roll.dice }, null, roll);
    }
    // Only whether the roll can be played: the plays themselves are generated when the move comes and is checked, so
    // none are made or kept while a player thinks (clients derive their own: protocol 2).
    if (state.onRoll && mustPass(state)) {
      return actionDraft({ type: "move", player: state.onRoll, moves: [] }, null);
    }
    if (state.phase === "match-over") {
      return this.endDraft(live, "finished", state.winner, `${state.winner === "white" ? "White" : "Black"} won the match ${state.score.white}–${state.score.black}.`, null);
    }
    return null;
  }

  /** The event that ends a match and reveals its seed (fair-dice-v1, section 2, step 5). */
  endDraft(live: LiveMatch, reason: EndReason, winner: Color | null, detail: string, actorId: string | null): Draft {
    return { event: { type: "ended", reason, winner, detail, serverSeed: this.#options.vault.reveal(live.seed) }, actorId };
  }
}

/** The draft of an action; `state`, when given, is what `apply(state, action)` returned to the caller. */
export function actionDraft(action: MatchAction, actorId: string | null, roll?: BundleRoll, state?: MatchState): Draft {
  const event: Draft["event"] = roll ? { type: "action", action, roll } : { type: "action", action };
  return state ? { event, actorId, state } : { event, actorId };
}
