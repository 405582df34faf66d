/**
 * A client's copy of one match, kept in step with the server: the one implementation of client sync, used by the
 * browser's match store (components/match/match-store.ts) and the bot client (scripts/bot/bot-client.ts).
 *
 * Events are applied strictly by version — from broadcasts and from the answers to the client's own commands (protocol
 * 3) alike, since through the cluster adapter the two may arrive in any order. A version already held is dropped; a
 * version beyond the next one, or an event that does not fit the view, means something was missed, and the client
 * starts again from a fresh snapshot. Only one snapshot is fetched at a time: asked again while one is on its way, it
 * fetches once more after it (that one may already be behind what was asked for). A snapshot older than the view is
 * not adopted: an event that arrived while it was on its way is newer. An event of the followed match that arrives
 * before its first snapshot cannot be applied (there is nothing to apply it to), but it is remembered: the server may
 * read the snapshot before that event is stored and answer after it was broadcast (on a cluster the event comes from
 * another node), and a snapshot older than an event already heard is followed by another fetch.
 *
 * Pure: the socket is the caller's. The fetch is injected and every change is reported to `onChange`, which the
 * store turns into zustand state and the bot into its next action.
 *
 * @example
 *   const sync = new MatchSync({ matchId, fetchSnapshot: (id) => watch(id), onChange: (change) => render(change) });
 *   socket.on("connect", () => void sync.resync());
 *   socket.on("match:event", (message) => sync.receive(message)); // "applied" | "ignored" | "gap" (resyncing)
 */
import { evolve, type MatchView } from "@/lib/match/view";
import type { MatchEventMessage } from "@/lib/protocol";
import type { MatchSnapshot } from "@/lib/protocol";

export type MatchSyncChange =
  | {
      readonly kind: "event";
      readonly message: MatchEventMessage;
      /** The view the event was applied to, and the view it made. */
      readonly before: MatchView;
      readonly view: MatchView;
    }
  | {
      readonly kind: "snapshot";
      readonly snapshot: MatchSnapshot;
      /** The view the snapshot replaced, if any (possibly of another match). */
      readonly before: MatchView | null;
      /**
       * The snapshot is of the match and version the client already had: nothing happened on the board, so what the
       * client builds on this version (the play being put together in the browser) still stands.
       */
      readonly sameVersion: boolean;
    };

export type ReceiveResult = "applied" | "ignored" | "gap";

export interface MatchSyncOptions {
  /** The match followed before its first snapshot arrives (a page knows it from its address). */
  readonly matchId?: string | null;
  /**
   * Asks the server for a fresh snapshot of the match (match:watch). Resolves to null when none came; the fetcher
   * reports why itself. It must not reject: a resync runs in the background, with nobody to catch.
   */
  readonly fetchSnapshot: (matchId: string) => Promise<MatchSnapshot | null>;
  /** Called after every change of the view, once the view is the new one. */
  readonly onChange: (change: MatchSyncChange) => void;
  /**
   * False while the connection is down. A resync asked for meanwhile is then not fetched again after the one in flight
   * (that one failed with the connection): reconnecting resyncs anyway. Always up if left out.
   */
  readonly isOnline?: () => boolean;
}

export class MatchSync {
  #view: MatchView | null = null;
  #matchId: string | null;
  #resyncing = false;
  #resyncAgain = false;
  /** The newest version of the followed match heard while no view of it was held; a snapshot older than it resyncs. */
  #heardAhead: { readonly matchId: string; readonly version: number } | null = null;
  readonly #options: MatchSyncOptions;

  constructor(options: MatchSyncOptions) {
    this.#options = options;
    this.#matchId = options.matchId ?? null;
  }

  get view(): MatchView | null {
    return this.#view;
  }

  /** The match a resync fetches: the one named last by `follow` or by an adopted snapshot. */
  get matchId(): string | null {
    return this.#matchId;
  }

  /** Follows `matchId` from now on, before its snapshot has arrived (a resync, e.g. on a reconnect, fetches it). */
  follow(matchId: string): void {
    this.#matchId = matchId;
  }

  /**
   * Takes a snapshot as the view, unless it is older than the view held of the same match. One of another match
   * replaces the view whatever its version: versions start again with every match. Returns whether it was adopted.
   */
  adopt(snapshot: MatchSnapshot): boolean {
    const before = this.#view;
    const sameMatch = before?.matchId === snapshot.view.matchId;
    if (before && sameMatch && snapshot.view.version < before.version) return false;
    this.#matchId = snapshot.view.matchId;
    this.#view = snapshot.view;
    const ahead = this.#heardAhead?.matchId === snapshot.view.matchId ? this.#heardAhead.version : null;
    this.#heardAhead = null;
    this.#options.onChange({ kind: "snapshot", snapshot, before, sameVersion: sameMatch && before?.version === snapshot.view.version });
    // An event broadcast after this snapshot was read came first: it was dropped, so the snapshot is already behind.
    if (ahead !== null && ahead > snapshot.view.version) void this.resync();
    return true;
  }

  /**
   * Applies one stored event: a broadcast, or one from the answer to the client's own command. Returns "ignored" for
   * a version already held (or another match's, or before the first snapshot — remembered, see `adopt`), and "gap" — with a resync started —
   * when events were missed or the event does not fit the view.
   */
  receive(message: MatchEventMessage): ReceiveResult {
    const before = this.#view;
    if (!before || message.matchId !== before.matchId) {
      if (message.matchId === this.#matchId && message.version > (this.#heardAhead?.matchId === message.matchId ? this.#heardAhead.version : 0)) {
        this.#heardAhead = { matchId: message.matchId, version: message.version };
      }
      return "ignored";
    }
    if (message.version <= before.version) return "ignored";
    let view: MatchView | null = null;
    if (message.version === before.version + 1) {
      try {
        view = evolve(before, message.event);
      } catch {
        view = null; // an event that does not fit this view: start again from a fresh snapshot
      }
    }
    if (!view) {
      void this.resync();
      return "gap";
    }
    this.#view = view;
    this.#options.onChange({ kind: "event", message, before, view });
    return "applied";
  }

  /**
   * Fetches a fresh snapshot and adopts it. Asked again while one is on its way, it fetches once more after it, once
   * however often it was asked meanwhile; the promise of such a call resolves at once.
   */
  async resync(): Promise<void> {
    if (!this.#matchId) return;
    if (this.#resyncing) {
      this.#resyncAgain = true;
      return;
    }
    this.#resyncing = true;
    try {
      do {
        this.#resyncAgain = false;
        // Read each time: a snapshot of another match adopted meanwhile (a bot's next match) moves what to fetch.
        const snapshot = await this.#options.fetchSnapshot(this.#matchId);
        if (snapshot) this.adopt(snapshot);
      } while (this.#resyncAgain && (this.#options.isOnline?.() ?? true));
    } finally {
      this.#resyncing = false;
      this.#resyncAgain = false;
    }
  }
}
