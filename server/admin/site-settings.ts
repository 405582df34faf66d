/**
 * Settings the administrators change from the console (/admin/settings), kept in the database so every node reads the
 * same: for now whether registered players may create tournaments. A setting never changed follows the server's
 * environment (PLAYER_TOURNAMENTS); each change is written to the audit trail with who made it.
 *
 * @example
 *   await playerTournamentsAllowed(db, env.PLAYER_TOURNAMENTS);   // the setting, or the environment's default
 *   await setPlayerTournaments(db, true, admin.id);
 */
import type { Db } from "@/server/db/client";

const PLAYER_TOURNAMENTS = "playerTournaments";
export const SETTINGS_ACTION = "settings";

export async function playerTournamentsAllowed(db: Db, fallback: boolean): Promise<boolean> {
  const row = await db.prisma.siteSetting.findUnique({ where: { key: PLAYER_TOURNAMENTS }, select: { value: true } });
  return row === null ? fallback : row.value === "true";
}

export async function setPlayerTournaments(db: Db, allowed: boolean, adminId: string): Promise<void> {
  const value = String(allowed);
  await db.prisma.$transaction([
    db.prisma.siteSetting.upsert({ where: { key: PLAYER_TOURNAMENTS }, create: { key: PLAYER_TOURNAMENTS, value, updatedBy: adminId }, update: { value, updatedBy: adminId } }),
    db.prisma.adminAudit.create({ data: { adminId, action: SETTINGS_ACTION, details: JSON.stringify({ [PLAYER_TOURNAMENTS]: allowed }) } }),
  ]);
}
