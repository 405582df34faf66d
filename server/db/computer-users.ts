/**
 * The computer players: one user per level, "Computer (easy)", "Computer (medium)" and "Computer (hard)", marked by
 * `User.computerLevel`. They have no password and no session, so nobody signs in as them; the names cannot be
 * registered by people (usernames are letters, digits, _ and -). Created on first boot, found again afterwards. Their
 * player records say kind "computer" from that column (users.ts `playerInfo`), not from the names.
 *
 * @example
 *   const computers = await ensureComputerUsers(db); // Map { "cm…" => "easy", … }
 */
import { COMPUTER_LEVELS, type ComputerLevel } from "@/lib/analysis/computer-player";
import { COMPUTER_USERNAMES } from "@/lib/match/player-kind";
import type { Db } from "./client";
import { uniqueViolation } from "./transaction";

export { COMPUTER_USERNAMES };

export interface ComputerUsers {
  /** user id → level */
  readonly levelOf: ReadonlyMap<string, ComputerLevel>;
  /** level → user id */
  readonly idOf: Readonly<Record<ComputerLevel, string>>;
}

/** The computer users, created if missing (another node creating them at the same moment is fine). */
export async function ensureComputerUsers(db: Db): Promise<ComputerUsers> {
  const levelOf = new Map<string, ComputerLevel>();
  const idOf = {} as Record<ComputerLevel, string>;
  for (const level of COMPUTER_LEVELS) {
    const username = COMPUTER_USERNAMES[level];
    let user = await db.prisma.user.findUnique({ where: { username }, select: { id: true } });
    if (!user) {
      try {
        user = await db.prisma.user.create({ data: { username, passwordHash: null, computerLevel: level }, select: { id: true } });
      } catch (error) {
        if (!uniqueViolation(error)) throw error;
        user = await db.prisma.user.findUniqueOrThrow({ where: { username }, select: { id: true } });
      }
    }
    levelOf.set(user.id, level);
    idOf[level] = user.id;
  }
  return { levelOf, idOf };
}
