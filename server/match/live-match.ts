/**
 * A match as the server holds it between commands: the public view (rebuilt from the event log) plus what only the
 * server may hold — the sealed seed and the invite token. It is a cache of the database, never the only copy: any
 * process can rebuild it with `loadLiveMatch`.
 */
import { applyMatchEvent, emptyMatchView, type MatchEvent, type MatchView, type PlayerInfo } from "@/lib/record";
import type { Db } from "@/server/db/client";
import { loadEventsAfter, loadMatchLog } from "@/server/db/match-read";
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
  const loaded = await loadMatchLog(db, matchId);
  if (!loaded) return null;
  const { match, seed, events } = loaded;
  const lookup = await playerLookup(db, [match.creatorId, match.whiteId, match.blackId]);
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

/**
 * The match brought up to date with the events stored since `live` was read — a join, a client seed, another node's
 * commands — without reading it all again. Those writes change only the events (a seed's reveal is never among
 * them), so the rest of `live` stands.
 */
export async function catchUpLiveMatch(db: Db, live: LiveMatch): Promise<{ readonly live: LiveMatch; readonly events: readonly VersionedEvent[] }> {
  const rows = await loadEventsAfter(db, live.view.matchId, live.view.version);
  const { white, black } = live.view.players;
  const seated = new Map([white, black].filter((player): player is PlayerInfo => player !== null).map((player) => [player.id, player]));
  // A join names a user the view does not know yet: read just those users.
  const named = rows.flatMap((row) => {
    const payload = row.payload as { userId?: unknown; creatorId?: unknown } | null;
    return [payload?.userId, payload?.creatorId].filter((id): id is string => typeof id === "string" && !seated.has(id));
  });
  const fetched = named.length > 0 ? await playerLookup(db, named) : unknownPlayer;
  const decoded = rows.map((row) => ({ version: row.sequence, event: decodeEvent(row, (id) => seated.get(id) ?? fetched(id)) }));
  let view = live.view;
  for (const { version, event } of decoded) view = applyMatchEvent(view, version, event);
  return { live: { ...live, view }, events: decoded };
}

function unknownPlayer(id: string): PlayerInfo {
  return { id, name: "unknown player", isGuest: false };
}

async function playerLookup(db: Db, ids: readonly (string | null)[]): Promise<(id: string) => PlayerInfo> {
  const wanted = ids.filter((id): id is string => id !== null);
  const users = await db.prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, username: true, isGuest: true } });
  const byId = new Map(users.map((user) => [user.id, playerInfo(user)]));
  return (id) => byId.get(id) ?? unknownPlayer(id);
}
