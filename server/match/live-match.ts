/**
 * A match as the server holds it between commands: the public view (rebuilt from the event log) plus what only the
 * server may hold — the sealed seed and the invite token. It is a cache of the database, never the only copy: any
 * process can rebuild it with `loadLiveMatch`.
 */
import { applyMatchEvent, emptyMatchView, type MatchEvent, type MatchView, type PlayerInfo } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { loadMatch } from "@/server/db/match-read";
import type { StoredSeed } from "@/server/vault";
import { decodeEvent } from "./event-codec";

export interface LiveMatch {
  readonly view: MatchView;
  readonly seed: StoredSeed;
  readonly inviteToken: string | null;
  readonly creatorId: string;
  /** The seed is in MatchSeed.revealedSeed (the `ended` event may have been written just before a crash). */
  readonly seedRevealed: boolean;
}

export function playerInfo(user: { id: string; username: string; isGuest: boolean }): PlayerInfo {
  return { id: user.id, name: user.username, isGuest: user.isGuest };
}

export interface VersionedEvent {
  readonly version: number;
  readonly event: MatchEvent;
}

/** The match rebuilt from its stored events, and those events (for broadcasting what another writer stored). */
export async function loadLiveMatch(db: Db, matchId: string): Promise<{ readonly live: LiveMatch; readonly events: readonly VersionedEvent[] } | null> {
  const loaded = await loadMatch(db, matchId);
  if (!loaded) return null;
  const { match, seed, events } = loaded;
  const ids = [match.creatorId, match.whiteId, match.blackId].filter((id): id is string => id !== null);
  const users = await db.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true, isGuest: true } });
  const byId = new Map(users.map((user) => [user.id, playerInfo(user)]));
  const lookup = (id: string): PlayerInfo => byId.get(id) ?? { id, name: "unknown player", isGuest: false };
  let view = emptyMatchView(matchId);
  const decoded = events.map((row) => ({ version: row.sequence, event: decodeEvent(row, lookup) }));
  for (const { version, event } of decoded) view = applyMatchEvent(view, version, event);
  const live: LiveMatch = {
    view,
    seed: { commitment: seed.commitment, sealed: seed.sealed },
    inviteToken: match.inviteToken,
    creatorId: match.creatorId,
    seedRevealed: seed.revealedSeed !== null,
  };
  return { live, events: decoded };
}
