/**
 * Users: the minimum the match server needs (the accounts work extends it). Guests have no password hash.
 *
 * @example
 *   const created = await createUser(db, { username: "ada", passwordHash: hash });
 *   if (!created.ok) created.code; // "ERR_USERNAME_TAKEN"
 *   await findUserByUsername(db, "ada"); // UserRow | null
 *   await findPlayer(db, id);            // { id, name: "ada", isGuest: false, kind: "registered" } | null: how a match shows its players
 */
import { err, ok, type Result } from "@/lib/engine/types";
import type { Participant, PlayerInfo } from "@/lib/match";
import type { Db } from "./client";
import { uniqueViolation } from "./transaction";
import type { Role, UserRow } from "./types";
import { accountKind } from "@/lib/access/may";

export interface NewUser {
  readonly username: string;
  readonly passwordHash?: string | null;
  readonly role?: Role;
  readonly isGuest?: boolean;
}

export async function createUser(db: Db, user: NewUser): Promise<Result<UserRow, "ERR_USERNAME_TAKEN">> {
  try {
    return ok(
      await db.prisma.user.create({
        data: { username: user.username, passwordHash: user.passwordHash ?? null, role: user.role ?? "USER", isGuest: user.isGuest ?? false },
      }),
    );
  } catch (error) {
    if (uniqueViolation(error)) return err("ERR_USERNAME_TAKEN", { reason: "named", name: user.username });
    throw error;
  }
}

export function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return db.prisma.user.findUnique({ where: { id } });
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  return db.prisma.user.findUnique({ where: { username } });
}

/**
 * How a match names a user (the players of its view), with their account's kind — a computer by its row's
 * `computerLevel`, never by its name: the same whether the view is built live or from the log.
 */
export function playerInfo(user: { readonly id: string; readonly username: string; readonly isGuest: boolean; readonly computerLevel: string | null }): PlayerInfo {
  return { id: user.id, name: user.username, isGuest: user.isGuest, kind: accountKind(user) };
}

export async function findPlayer(db: Db, id: string): Promise<PlayerInfo | null> {
  return (await findParticipant(db, id))?.player ?? null;
}

/** A user as the match aggregate knows them: how a match shows them, and their account's kind (the rated rule). */
export async function findParticipant(db: Db, id: string): Promise<Participant | null> {
  const user = await db.prisma.user.findUnique({ where: { id }, select: { id: true, username: true, isGuest: true, computerLevel: true } });
  if (!user) return null;
  return { player: playerInfo(user), kind: accountKind(user) };
}
