/**
 * A tournament page's copy of the tournament, kept current from the server's stored events (`tournament:event`,
 * applied in version order with lib/tournament's `evolveTournament`) and fresh views (`tournament:watch`, on every
 * connection and whenever versions are missing). An event ahead of the next version waits until the ones before it
 * come or a fresh view covers them; `gap` says the page should ask for a fresh view. A fresh view older than the copy
 * (an answer overtaken by events) is not taken. Pure, for the browser.
 *
 * @example
 *   let synced = startSync(serverView);
 *   ({ synced, gap } = receiveEvent(synced, message));   // gap: send tournament:watch, then
 *   ({ synced, gap } = adoptView(synced, reply.view));
 */
import type { TournamentEventMessage } from "@/lib/protocol/protocol";
import { evolveTournament, type TournamentView } from "@/lib/tournament/tournament";

export interface TournamentSync {
  readonly view: TournamentView;
  /** Events that came ahead of a missing one, by version. */
  readonly pending: readonly TournamentEventMessage[];
}

export interface SyncStep {
  readonly synced: TournamentSync;
  /** Versions are missing: ask for a fresh view. */
  readonly gap: boolean;
}

export function startSync(view: TournamentView): TournamentSync {
  return { view, pending: [] };
}

/** Applies every waiting event that follows the view, in order, and drops the ones it already has. */
function drain(view: TournamentView, waiting: readonly TournamentEventMessage[]): SyncStep {
  let current = view;
  const pending = [...waiting].sort((a, b) => a.version - b.version);
  while (pending.length > 0 && pending[0]!.version <= current.version + 1) {
    const next = pending.shift()!;
    if (next.version === current.version + 1) current = evolveTournament(current, next.event);
  }
  return { synced: { view: current, pending }, gap: pending.length > 0 };
}

export function receiveEvent(synced: TournamentSync, message: TournamentEventMessage): SyncStep {
  if (message.tournamentId !== synced.view.id || message.version <= synced.view.version || synced.pending.some((p) => p.version === message.version)) {
    return { synced, gap: synced.pending.length > 0 };
  }
  return drain(synced.view, [...synced.pending, message]);
}

export function adoptView(synced: TournamentSync, fresh: TournamentView): SyncStep {
  const view = fresh.id === synced.view.id && fresh.version >= synced.view.version ? fresh : synced.view;
  return drain(view, synced.pending);
}
