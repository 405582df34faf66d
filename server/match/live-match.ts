/**
 * A match as the server holds it between commands: the public view (rebuilt from the event log) plus what only the
 * server may hold — the sealed seed and the invite token. It is a cache of the database, never the only copy: any
 * process can rebuild it with `loadLiveMatch`. (The match's types by layer: lib/match `MatchView` is the aggregate's
 * state, this `LiveMatch` is the server's copy of it with its secrets, and `MatchRow` is the row the columns project.)
 */
import { emptyMatchView, evolve, type MatchEvent, type MatchView, type PlayerInfo } from "@/lib/match";
import type { Db } from "@/server/db/client";
import { decodeEvent } from "@/server/db/event-codec";
import { playerInfo } from "@/server/db/users";
import type { StoredSeed } from "@/server/vault";

export interface LiveMatch {
  readonly view: MatchView;
  readonly seed: StoredSeed;
  readonly inviteToken: string | null;
  readonly creatorId: string;
  /** The seed is in MatchSeed.revealedSeed (the `ended` event may have been written just before a crash). */
  readonly seedRevealed: boolean;
}

export interface VersionedEvent {
  readonly version: number;
  readonly event: MatchEvent;
}

/** The match rebuilt from its stored events, and those events (for broadcasting what another writer stored). */
export async function loadLiveMatch(db: Db, matchId: string): Promise<{ readonly live: LiveMatch; readonly events: readonly VersionedEvent[] } | null> {
  const loaded = await db.events.readLog(matchId);
  if (!loaded) return null;
  const { match, seed, events } = loaded;
  const lookup = await playerLookup(db, [match.creatorId, match.whiteId, match.blackId]);
  let view = emptyMatchView(matchId);
  const decoded = events.map((row) => ({ version: row.sequence, event: decodeEvent(matchId, row, lookup) }));
  for (const { version, event } of decoded) {
    if (version !== view.version + 1) throw new Error(`match ${matchId}: event version ${version} does not follow ${view.version}`);
    view = evolve(view, event);
  }
  const live: LiveMatch = {
    view,
    seed: { commitment: seed.commitment, sealed: seed.sealed, ...(seed.chainLength !== undefined && { chainLength: seed.chainLength }) },
    inviteToken: match.inviteToken,
    creatorId: match.creatorId,
    seedRevealed: seed.revealedSeed !== null,
  };
  return { live, events: decoded };
}

/** A player whose user row is gone: no row to ask, so shown as a person. */
function unknownPlayer(id: string): PlayerInfo {
  return { id, name: "unknown player", isGuest: false, kind: "registered" };
}

async function playerLookup(db: Db, ids: readonly (string | null)[]): Promise<(id: string) => PlayerInfo> {
  const wanted = ids.filter((id): id is string => id !== null);
  const users = await db.prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, username: true, isGuest: true, computerLevel: true } });
  const byId = new Map(users.map((user) => [user.id, playerInfo(user)]));
  return (id) => byId.get(id) ?? unknownPlayer(id);
}
