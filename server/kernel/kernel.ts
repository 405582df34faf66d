/**
 * The command kernel of the aggregates kept in the stream store (tournaments, challenges): the same path as the
 * match's (server/match/match-service.ts) — load → decide → append with the version check → publish → settle —
 * written once, for any aggregate that gives its pure parts (lib/: `decide`, `evolve`, the zod schema of its stored
 * events, its `settle` command). One command at a time per aggregate on a node (KeyedQueue); across nodes the
 * version check decides, and `untilStored` makes the loser decide again. Views are cached; a cached one is used only
 * when the stored version is still its own, so no refusal is given on a state another node has moved past.
 *
 * Reactions (process managers) hear every event this node stores, after it is stored and published: they act on
 * other aggregates through their own kernels or services, never inside this one's transaction, and must be
 * idempotent (server/reactions).
 *
 * @example
 *   const tournaments = new Kernel(tournamentAggregate, { store, publish, logger });
 *   await tournaments.command("t1", { type: "register" }, context); // { ok: true, view, events } | refusal
 */
import { err, type Failed } from "@/lib/engine/types";
import type { Tx } from "@/server/db/db";
import type { Logger } from "@/server/log";
import { KeyedQueue } from "@/server/match/keyed-queue";
import type { StreamStore, StreamedEvent } from "./stream-store";
import { CONFLICT, untilStored } from "./until-stored";

/** What `decide` returns: the events to store, or a refusal (a stable ERR_ code), as lib/match's `Decision`. */
export type AggregateDecision<E, R extends string = string> = { readonly ok: true; readonly events: readonly E[] } | Failed<R>;

/** The pure parts of an aggregate, from lib/, and the rows its events project to. */
export interface Aggregate<V extends { readonly version: number }, C, E extends StreamedEvent, Ctx, R extends string = string> {
  /** The aggregate's name: its streams are "<name>:<id>". */
  readonly name: string;
  empty(id: string): V;
  evolve(view: V, event: E): V;
  decide(view: V, command: C, context: Ctx): AggregateDecision<E, R>;
  /** The command for what follows by itself (a close, a round, an expiry): decided after every command until empty. */
  readonly settle?: C;
  /** Parses one stored payload (the aggregate's zod schema); throws on a corrupt one. */
  parse(payload: unknown): E;
  /** Writes the projections of `events` (list rows), in the append's transaction. */
  project?(tx: Tx, before: V, after: V, events: readonly E[], at: Date): Promise<void>;
}

export interface StoredMessage<E> {
  readonly id: string;
  readonly version: number;
  readonly event: E;
}

export interface KernelOptions<E> {
  readonly store: StreamStore;
  readonly logger: Logger;
  /** Sends one stored event to everyone watching the aggregate (all nodes). */
  readonly publish?: (message: StoredMessage<E>) => void;
  readonly now?: () => number;
  readonly cacheSize?: number;
}

export type KernelResult<V, E, R extends string = string> = { readonly ok: true; readonly view: V; readonly events: readonly E[] } | Failed<R | "ERR_CONFLICT">;

export class Kernel<V extends { readonly version: number }, C, E extends StreamedEvent, Ctx, R extends string = string> {
  readonly #queue = new KeyedQueue();
  readonly #cache = new Map<string, V>();
  readonly #listeners: ((message: StoredMessage<E>, view: V) => void)[] = [];

  constructor(
    readonly aggregate: Aggregate<V, C, E, Ctx, R>,
    private readonly options: KernelOptions<E>,
  ) {}

  streamOf(id: string): string {
    return `${this.aggregate.name}:${id}`;
  }

  /** `listener` hears every event this node stores, with the view after it (the reactions). */
  onStored(listener: (message: StoredMessage<E>, view: V) => void): void {
    this.#listeners.push(listener);
  }

  /** The aggregate as stored (null: no such stream). A read: it writes nothing. */
  read(id: string): Promise<V | null> {
    return this.#queue.run(id, () => this.#load(id));
  }

  /**
   * Decides `command` on the aggregate as stored and stores what was decided, deciding again when another writer
   * appended first; then settles. `context` is asked for each attempt with the view it decides on. A command on a
   * stream that does not exist is decided on the empty view (a create): its append expects version 0. `alsoWrite`
   * runs in the append's transaction (a create's row with what only the shell holds, such as a sealed seed).
   */
  command(id: string, command: C, context: (view: V) => Ctx | Promise<Ctx>, alsoWrite?: (tx: Tx, after: V) => Promise<void>): Promise<KernelResult<V, E, R>> {
    return this.#queue.run(id, async () => {
      const stored: E[] = [];
      const outcome = await untilStored(async () => {
        const view = (await this.#load(id)) ?? this.aggregate.empty(id);
        const decision = this.aggregate.decide(view, command, await context(view));
        if (!decision.ok) return decision;
        const after = await this.#append(id, view, decision.events, alsoWrite);
        if (after === null) return CONFLICT;
        stored.push(...decision.events);
        return { ok: true as const, view: after };
      });
      if (outcome === CONFLICT) return err("ERR_CONFLICT");
      if (!outcome.ok) return outcome;
      const settled = await this.#settle(id, outcome.view, context, stored);
      return { ok: true as const, view: settled, events: stored };
    });
  }

  /** Stores what follows by itself now (the clock's and the reactions' way in). */
  settle(id: string, context: (view: V) => Ctx | Promise<Ctx>): Promise<V | null> {
    return this.#queue.run(id, async () => {
      const view = await this.#load(id);
      return view && this.#settle(id, view, context, []);
    });
  }

  async #settle(id: string, start: V, context: (view: V) => Ctx | Promise<Ctx>, stored: E[]): Promise<V> {
    const settle = this.aggregate.settle;
    if (settle === undefined) return start;
    let view = start;
    for (let steps = 0; steps < 1000; steps++) {
      const decision = this.aggregate.decide(view, settle, await context(view));
      if (!decision.ok || decision.events.length === 0) return view;
      const after = await this.#append(id, view, decision.events);
      if (after) stored.push(...decision.events);
      view = after ?? (await this.#load(id)) ?? view;
    }
    this.options.logger.error("aggregate did not settle", { stream: this.streamOf(id) });
    return view;
  }

  async #load(id: string): Promise<V | null> {
    const stream = this.streamOf(id);
    const cached = this.#cache.get(id);
    const version = await this.options.store.version(stream);
    if (cached && cached.version === version) return cached;
    if (version === 0) return null;
    const events = await this.options.store.read(stream, (payload) => this.aggregate.parse(payload));
    const view = events.reduce((v, e) => this.aggregate.evolve(v, e), this.aggregate.empty(id));
    this.#remember(id, view);
    return view;
  }

  /** Stores `events` after `before`, publishes each; null when another writer got there first. */
  async #append(id: string, before: V, events: readonly E[], alsoWrite?: (tx: Tx, after: V) => Promise<void>): Promise<V | null> {
    const at = new Date(this.options.now?.() ?? Date.now());
    // The view after each event, folded once: the last is the one stored, each is published with its event.
    const views: V[] = [];
    for (const event of events) views.push(this.aggregate.evolve(views.at(-1) ?? before, event));
    const after = views.at(-1) ?? before;
    const project = this.aggregate.project;
    const write = async (tx: Tx) => {
      await alsoWrite?.(tx, after);
      await project?.(tx, before, after, events, at);
    };
    const appended = await this.options.store
      .append(this.streamOf(id), before.version, events, at, write)
      .catch((error: unknown) => {
        // Unknown whether it was stored: the next command reads the stream again.
        this.#cache.delete(id);
        throw error;
      });
    if (!appended.ok) {
      this.#cache.delete(id);
      return null;
    }
    this.#remember(id, after);
    events.forEach((event, i) => {
      const view = views[i] as V;
      const message = { id, version: view.version, event };
      this.options.publish?.(message);
      for (const listener of this.#listeners) listener(message, view);
    });
    return after;
  }

  #remember(id: string, view: V): void {
    this.#cache.delete(id);
    this.#cache.set(id, view);
    if (this.#cache.size > (this.options.cacheSize ?? 1000)) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
  }
}
