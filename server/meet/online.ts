/**
 * "Online now" for the lobby: the registered players with a socket open anywhere in the cluster (presence.ts hears
 * the other nodes), the ones the asker follows first, then by rating; guests are counted, not named.
 *
 * Who is connected comes from presence (memory); what is shown of each (name, guest or computer, rating) is kept in
 * an `OnlineDirectory` between asks, so an ask reads only the rows of players who arrived since the last one or whose
 * row is older than ONLINE_ROW_TTL_MS (a rating moves only at a rated match's end), plus the asker's follows — not
 * every connected player's row on every ask, which a full lobby asking at once turned into N × M reads (issue 47).
 *
 * @example
 *   const { players, total } = await onlinePlayers(db, presence.onlineUsers(), me?.id ?? null);
 */
import type { OnlinePlayer } from "@/lib/protocol/meet";
import type { Db } from "@/server/db/client";
import { followedIds } from "@/server/players/follows";

export const ONLINE_SHOWN = 100;
/** How long a player's row is shown before it is read again: long enough that asks cost nothing, short for a rating. */
export const ONLINE_ROW_TTL_MS = 60_000;

interface OnlineRow {
  readonly id: string;
  readonly username: string;
  readonly isGuest: boolean;
  readonly rating: number;
  readonly computerLevel: string | null;
}

/** The connected players' rows as last read, with when; rows of players no longer connected drop out when stale. */
export class OnlineDirectory {
  readonly #rows = new Map<string, { readonly row: OnlineRow; readonly readAt: number }>();
  readonly #now: () => number;

  constructor(options: { readonly now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** The rows of `connected`, reading in one query only those unknown or stale. */
  async rows(db: Db, connected: readonly string[]): Promise<OnlineRow[]> {
    const now = this.#now();
    const fresh = (id: string) => {
      const kept = this.#rows.get(id);
      return kept !== undefined && now - kept.readAt <= ONLINE_ROW_TTL_MS;
    };
    const wanted = new Set(connected);
    const missing = [...wanted].filter((id) => !fresh(id));
    if (missing.length > 0) {
      const read = await db.prisma.user.findMany({ where: { id: { in: missing } }, select: { id: true, username: true, isGuest: true, rating: true, computerLevel: true } });
      for (const row of read) this.#rows.set(row.id, { row, readAt: now });
    }
    for (const [id, kept] of this.#rows) if (!wanted.has(id) && now - kept.readAt > ONLINE_ROW_TTL_MS) this.#rows.delete(id);
    return [...wanted].flatMap((id) => {
      const kept = this.#rows.get(id);
      return kept ? [kept.row] : [];
    });
  }
}

const directories = new WeakMap<Db, OnlineDirectory>();

/** The directory of this database's players, shared by every ask in this process. */
function directoryOf(db: Db): OnlineDirectory {
  let directory = directories.get(db);
  if (!directory) {
    directory = new OnlineDirectory();
    directories.set(db, directory);
  }
  return directory;
}

export async function onlinePlayers(
  db: Db,
  connected: readonly string[],
  askerId: string | null,
  directory: OnlineDirectory = directoryOf(db),
): Promise<{ players: OnlinePlayer[]; total: number; guests: number }> {
  if (connected.length === 0) return { players: [], total: 0, guests: 0 };
  const [rows, followed] = await Promise.all([directory.rows(db, connected), askerId ? followedIds(db, askerId) : []]);
  const following = new Set(followed);
  const people = rows.filter((row) => row.computerLevel === null);
  const registered = people.filter((row) => !row.isGuest);
  const players = registered
    .map((row) => ({ id: row.id, name: row.username, rating: Math.round(row.rating * 10) / 10, following: following.has(row.id) }))
    .sort((a, b) => Number(b.following) - Number(a.following) || b.rating - a.rating || (a.name < b.name ? -1 : 1))
    .slice(0, ONLINE_SHOWN);
  return { players, total: people.length, guests: people.length - registered.length };
}
