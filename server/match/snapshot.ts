/**
 * The snapshot a client gets on opening or resuming a match: the public view, its own seat, and who is connected.
 * The sealed seed is not part of a LiveMatch's view, so it cannot slip in here; the server seed appears only inside
 * `view.ended`, once the match is over. The view is the published one: a first opening salt's value stays on the
 * server until the roll (lib/match/published.ts).
 */
import type { MatchSnapshot, PresenceMessage } from "@/lib/protocol";
import { seatOf } from "@/lib/match";
import { publicView } from "@/lib/match/published";
import type { Actor } from "@/server/socket/socket-types";
import type { LiveMatch } from "./live-match";
import type { Presence } from "./presence";
import { inviteTokenFor } from "./visibility";

export function presenceOf(live: LiveMatch, presence: Presence): PresenceMessage {
  const { white, black } = live.view.players;
  return {
    matchId: live.view.matchId,
    connected: { white: white ? presence.isConnected(white.id) : false, black: black ? presence.isConnected(black.id) : false },
    awaySince: { white: white ? presence.awaySince(white.id) : null, black: black ? presence.awaySince(black.id) : null },
  };
}

/** `now`: the server's clock (ms since the epoch), from which a browser reckons the offset its clocks tick by. */
export function snapshotFor(live: LiveMatch, actor: Actor | null, presence: Presence, abandonAfterMs: number, now: number): MatchSnapshot {
  const you = seatOf(live.view, actor?.id);
  const { connected, awaySince } = presenceOf(live, presence);
  return {
    view: publicView(live.view),
    you,
    connected,
    awaySince,
    inviteToken: inviteTokenFor(live, actor),
    abandonAfterMs,
    serverTime: now,
  };
}
