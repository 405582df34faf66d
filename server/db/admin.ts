/**
 * The admin audit trail: who looked at or exported which roll log, newest first. The admin queries that read the roll
 * log (server/admin/) write their AdminAudit row in the same transaction as they read, so there is no way to read
 * through them without leaving a trace. AdminAudit is append-only (database triggers).
 *
 * @example
 *   await listAdminAudit(db, { matchId, page: 1 });
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "./client";
import { normalisePage } from "./listings";
import { readSnapshot } from "./transaction";
import type { JsonValue, Page, PageRequest } from "./types";

/** The action recorded for a look at the roll log (the console's selection or one match's rolls). */
export const ROLL_LOG_VIEW = "view-roll-log";

export interface AdminAuditRow {
  readonly id: number;
  readonly adminId: string;
  readonly action: string;
  readonly matchId: string | null;
  readonly details: JsonValue;
  readonly createdAt: Date;
}

/** The audit trail, newest first. */
export async function listAdminAudit(
  db: Db,
  filters: PageRequest & { readonly adminId?: string; readonly matchId?: string } = {},
): Promise<Page<AdminAuditRow>> {
  const { page, pageSize, skip } = normalisePage(filters);
  const where: Prisma.AdminAuditWhereInput = {
    ...(filters.adminId ? { adminId: filters.adminId } : {}),
    ...(filters.matchId ? { matchId: filters.matchId } : {}),
  };
  return readSnapshot(db, async (tx) => {
    const total = await tx.adminAudit.count({ where });
    const rows = await tx.adminAudit.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take: pageSize });
    return { items: rows.map((row) => ({ ...row, details: row.details === null ? null : (JSON.parse(row.details) as JsonValue) })), total, page, pageSize };
  });
}
