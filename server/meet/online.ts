/**
 * "Online now" for the lobby: the registered players with a socket open anywhere in the cluster (presence.ts hears
 * the other nodes), the ones the asker follows first, then by rating; guests are counted, not named.
 *
 * @example
 *   const { players, total } = await onlinePlayers(db, presence.onlineUsers(), me?.id ?? null);
 */
import type { OnlinePlayer } from "@/lib/protocol/meet";
import type { Db } from "@/server/db/client";
import { followedIds } from "@/server/players/follows";

export const ONLINE_SHOWN = 100;

export async function onlinePlayers(db: Db, connected: readonly string[], askerId: string | null): Promise<{ players: OnlinePlayer[]; total: number; guests: number }> {
  if (connected.length === 0) return { players: [], total: 0, guests: 0 };
  const [rows, followed] = await Promise.all([
    db.prisma.user.findMany({ where: { id: { in: [...connected] } }, select: { id: true, username: true, isGuest: true, rating: true, computerLevel: true } }),
    askerId ? followedIds(db, askerId) : [],
  ]);
  const following = new Set(followed);
  const people = rows.filter((row) => row.computerLevel === null);
  const registered = people.filter((row) => !row.isGuest);
  const players = registered
    .map((row) => ({ id: row.id, name: row.username, rating: Math.round(row.rating * 10) / 10, following: following.has(row.id) }))
    .sort((a, b) => Number(b.following) - Number(a.following) || b.rating - a.rating || (a.name < b.name ? -1 : 1))
    .slice(0, ONLINE_SHOWN);
  return { players, total: people.length, guests: people.length - registered.length };
}
