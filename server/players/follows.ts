/**
 * Who follows whom: a player follows another to find their live matches first in the lobby and to see when they are
 * online. Following is one row per pair; doing it twice changes nothing.
 *
 * @example
 *   await setFollow(db, me.id, ada.id, true);
 *   await followedIds(db, me.id);   // [ada.id]
 */
import type { Db } from "@/server/db/client";

export async function setFollow(db: Db, followerId: string, followedId: string, on: boolean): Promise<void> {
  if (on) await db.prisma.follow.upsert({ where: { followerId_followedId: { followerId, followedId } }, create: { followerId, followedId }, update: {} });
  else await db.prisma.follow.deleteMany({ where: { followerId, followedId } });
}

/** The ids of the players `followerId` follows (at most the first 1,000 they followed). */
export async function followedIds(db: Db, followerId: string): Promise<string[]> {
  const rows = await db.prisma.follow.findMany({ where: { followerId }, select: { followedId: true }, orderBy: { createdAt: "asc" }, take: 1000 });
  return rows.map((row) => row.followedId);
}

export async function isFollowing(db: Db, followerId: string, followedId: string): Promise<boolean> {
  return (await db.prisma.follow.count({ where: { followerId, followedId } })) > 0;
}

export async function followerCount(db: Db, followedId: string): Promise<number> {
  return db.prisma.follow.count({ where: { followedId } });
}
