/**
 * The admin console's data: the roll log across matches and the admin audit trail. Every look at the roll log is
 * recorded: `listRollsForAdmin` writes its AdminAudit row in the same transaction as it reads, so there is no way
 * to read through it without leaving a trace. AdminAudit is append-only (database triggers).
 *
 * @example
 *   const rolls = await listRollsForAdmin(db, { adminId, matchId, page: 1, pageSize: 50 });
 *   await recordAdminAudit(db, { adminId, action: "view-match", matchId });
 *   await listAdminAudit(db, { matchId });
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "./client";
import { createdBetween, normalisePage } from "./listings";
import { inTransaction, readSnapshot } from "./transaction";
import type { JsonValue, Page, PageRequest, RollRow } from "./types";

export const ROLL_LOG_VIEW = "view-roll-log";

export interface AdminAuditInput {
  readonly adminId: string;
  /** What was done, e.g. "view-roll-log", "view-match". */
  readonly action: string;
  readonly matchId?: string | null;
  readonly details?: JsonValue;
}

export interface AdminAuditRow {
  readonly id: number;
  readonly adminId: string;
  readonly action: string;
  readonly matchId: string | null;
  readonly details: JsonValue;
  readonly createdAt: Date;
}

export interface AdminRollRow extends RollRow {
  readonly matchId: string;
}

export interface AdminRollFilters extends PageRequest {
  /** Who is looking (recorded in AdminAudit). */
  readonly adminId: string;
  readonly matchId?: string;
  /** Rolls of matches where this user sits. */
  readonly userId?: string;
  /** createdAt >= from */
  readonly from?: Date;
  /** createdAt < to */
  readonly to?: Date;
}

function auditData(entry: AdminAuditInput): Prisma.AdminAuditUncheckedCreateInput {
  return {
    adminId: entry.adminId,
    action: entry.action,
    matchId: entry.matchId ?? null,
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
  };
}

export async function recordAdminAudit(db: Db, entry: AdminAuditInput): Promise<void> {
  await db.prisma.adminAudit.create({ data: auditData(entry) });
}

/** Rolls, newest first (one match's rolls: in nonce order). The look is recorded as "view-roll-log". */
export async function listRollsForAdmin(db: Db, filters: AdminRollFilters): Promise<Page<AdminRollRow>> {
  const { page, pageSize, skip } = normalisePage(filters);
  const createdAt = createdBetween(filters.from, filters.to);
  const where: Prisma.RollLogWhereInput = {
    AND: [
      filters.matchId ? { matchId: filters.matchId } : {},
      filters.userId ? { match: { OR: [{ whiteId: filters.userId }, { blackId: filters.userId }] } } : {},
      createdAt ? { createdAt } : {},
    ],
  };
  const orderBy: Prisma.RollLogOrderByWithRelationInput[] = filters.matchId
    ? [{ nonce: "asc" }]
    : [{ createdAt: "desc" }, { matchId: "asc" }, { nonce: "desc" }];
  const details = {
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.from ? { from: filters.from.toISOString() } : {}),
    ...(filters.to ? { to: filters.to.toISOString() } : {}),
    page,
    pageSize,
  };
  const audit = auditData({ adminId: filters.adminId, action: ROLL_LOG_VIEW, matchId: filters.matchId ?? null, details });
  return inTransaction(db, async (tx) => {
    await tx.adminAudit.create({ data: audit });
    const total = await tx.rollLog.count({ where });
    const items = await tx.rollLog.findMany({
      where,
      orderBy,
      skip,
      take: pageSize,
      select: { matchId: true, nonce: true, game: true, kind: true, player: true, die1: true, die2: true, createdAt: true },
    });
    return { items, total, page, pageSize };
  });
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
