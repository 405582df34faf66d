/**
 * How the match store's state follows its sources: what it shows after the sync changed the view (a snapshot, or one
 * event applied), and the log lines a page's event history folds into, merged with the lines it has.
 *
 * @example
 *   set(changedState(change, get()));
 *   set({ log: withHistory(matchId, events, get().log) });
 */
import type { MatchSyncChange } from "@/lib/sync/match-sync";
import type { AnyMatchEvent } from "@/lib/match/events";
import { emptyMatchView, evolve } from "@/lib/match/view";
import type { LogLine, MatchPageState } from "./match-page-state";

/**
 * The log with the lines of the match's event log up to some version (the moves before this page opened) folded in:
 * lines the page already has (by version) are kept as they are.
 */
export function withHistory(matchId: string, events: readonly { readonly version: number; readonly event: AnyMatchEvent }[], log: readonly LogLine[]): LogLine[] {
  const lines: LogLine[] = [];
  let view = emptyMatchView(matchId);
  for (const { version, event } of events) {
    const after = evolve(view, event);
    lines.push({ version, before: view, event, after: { ...after, version } });
    view = after;
  }
  const known = new Set(log.map((line) => line.version));
  return [...lines.filter((line) => !known.has(line.version)), ...log].sort((a, b) => a.version - b.version);
}

/** What the store shows after the sync changed the view. */
export function changedState(change: MatchSyncChange, state: MatchPageState): Partial<MatchPageState> {
  if (change.kind === "snapshot") {
    const { snapshot } = change;
    return {
      view: snapshot.view,
      you: snapshot.you,
      connected: snapshot.connected,
      awaySince: snapshot.awaySince,
      inviteToken: snapshot.inviteToken ?? state.inviteToken,
      abandonAfterMs: snapshot.abandonAfterMs,
      serverOffsetMs: snapshot.serverTime - Date.now(),
      failure: null,
      // The same version again (a resync that found nothing new): keep the play being built.
      ...(change.sameVersion ? {} : { steps: [], selected: null }),
    };
  }
  const { message, before, view } = change;
  const line = { version: message.version, before, event: message.event, after: view };
  return {
    view,
    log: [...state.log, line],
    steps: [],
    selected: null,
    // The creator's invite link is only needed while the match waits for an opponent.
    inviteToken: view.status === "waiting" ? state.inviteToken : null,
  };
}
