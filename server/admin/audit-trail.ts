/**
 * The admin audit trail for `/admin/audit`: who looked at or exported which roll log, when, and with what filters,
 * newest first, with the administrators' usernames.
 *
 * @example
 *   const trail = await auditTrail(db, { page: 1 });
 *   trail.items[0]; // { admin: "root", action: "view-roll-log", matchId: "…", details: { page: 1, … }, createdAt }
 */
import { listAdminAudit } from "@/server/db/admin";
import type { Db } from "@/server/db/client";
import type { JsonValue, Page } from "@/server/db/types";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditTrailRow {
  readonly id: number;
  readonly admin: string;
  readonly action: string;
  readonly matchId: string | null;
  readonly details: JsonValue;
  readonly createdAt: Date;
}

export async function auditTrail(db: Db, options: { readonly page: number; readonly matchId?: string; readonly pageSize?: number }): Promise<Page<AuditTrailRow>> {
  const found = await listAdminAudit(db, { page: options.page, pageSize: options.pageSize ?? AUDIT_PAGE_SIZE, ...(options.matchId ? { matchId: options.matchId } : {}) });
  const ids = [...new Set(found.items.map((row) => row.adminId))];
  const users = await db.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } });
  const names = new Map(users.map((user) => [user.id, user.username]));
  return {
    ...found,
    items: found.items.map((row) => ({
      id: row.id,
      admin: names.get(row.adminId) ?? row.adminId,
      action: row.action,
      matchId: row.matchId,
      details: row.details,
      createdAt: row.createdAt,
    })),
  };
}
