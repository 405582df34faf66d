/**
 * The admin console's roll log across matches: the rolls a filter selects (server/admin/roll-filters.ts), one page of
 * them, the dice statistics of the whole selection (lib/dice/dice-stats.ts, from a GROUP BY of the two dice), and the
 * fair-dice-v1 verification of every revealed match in it, failures first.
 *
 * Every look is recorded: the AdminAudit row ("view-roll-log", with the filters) is written in the same transaction
 * as the rolls are read.
 *
 * @example
 *   const view = await rollLogView(db, admin.id, parseRollFilters(searchParams).filters);
 *   if (view.ok) view.value.stats.faceTest?.pValue;
 *   const checked = await verifySelection(db, view.value.where);
 */
import type { Prisma } from "@/generated/prisma/client";
import { diceStatsFromPairs, type DiceStats } from "@/lib/dice/dice-stats";
import { err, ok, type Result } from "@/lib/engine/types";
import { ROLL_LOG_VIEW } from "@/server/db/admin";
import type { Db } from "@/server/db/client";
import { normalisePage } from "@/server/db/listings";
import { inTransaction, type Tx } from "@/server/db/transaction";
import type { MatchStatus, Page, RollRow } from "@/server/db/types";
import { dateBounds, filtersRecord, type RollFilters } from "./roll-filters";
import { failuresFirst, verifyRevealedMatches, type MatchVerification } from "./verification";

export const ROLL_LOG_PAGE_SIZE = 50;
/**
 * Matches verified on one page view by default, and at most when asked for more: each replays its record and
 * recomputes its rolls, about 15 ms for a 3-point match (36 matches took 0.5–1.1 s on two cores).
 */
export const VERIFY_LIMIT = 20;
export const VERIFY_MAX = 200;

export type RollWhere = Prisma.RollLogWhereInput;

/** A logged roll with the match it belongs to: what the admin roll log lists and exports. */
export interface RollLogRow extends RollRow {
  readonly matchId: string;
}

export interface MatchLabel {
  readonly id: string;
  readonly status: MatchStatus;
  readonly white: string | null;
  readonly black: string | null;
}

export interface RollLogView {
  readonly where: RollWhere;
  readonly page: Page<RollLogRow>;
  /** The players and status of each match on the page, by id. */
  readonly matches: Readonly<Record<string, MatchLabel>>;
  /** How many matches the selection spans. */
  readonly matchCount: number;
  readonly stats: DiceStats;
}

export interface SelectionVerification {
  /** Revealed matches in the selection. */
  readonly total: number;
  /** At most VERIFY_LIMIT of them, most recently finished first — then failures moved to the front. */
  readonly results: readonly (MatchVerification & { readonly match: MatchLabel })[];
}

export type SelectionError = "ERR_UNKNOWN_USER";

export const ROLL_COLUMNS = { matchId: true, nonce: true, game: true, kind: true, player: true, die1: true, die2: true, createdAt: true } as const;
const LABEL_COLUMNS = { id: true, status: true, white: { select: { username: true } }, black: { select: { username: true } } } as const;

type LabelRow = { id: string; status: MatchStatus; white: { username: string } | null; black: { username: string } | null };
const labelOf = (row: LabelRow): MatchLabel => ({ id: row.id, status: row.status, white: row.white?.username ?? null, black: row.black?.username ?? null });

/** The rolls the filters select; a user filter names a username, which must exist. */
export async function selectionWhere(db: Db, filters: RollFilters): Promise<Result<RollWhere, SelectionError>> {
  let userId: string | undefined;
  if (filters.user !== undefined) {
    const user = await db.prisma.user.findUnique({ where: { username: filters.user }, select: { id: true } });
    if (!user) return err("ERR_UNKNOWN_USER", { name: filters.user });
    userId = user.id;
  }
  const { from, to } = dateBounds(filters);
  const match: Prisma.MatchWhereInput = {
    ...(userId ? { OR: [{ whiteId: userId }, { blackId: userId }] } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
  return ok({
    ...(filters.match ? { matchId: filters.match } : {}),
    ...(Object.keys(match).length > 0 ? { match } : {}),
    ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
  });
}

/** Statistics of every roll `where` selects, from counts of each (die1, die2). */
export async function selectionStats(tx: Tx | Db["prisma"], where: RollWhere): Promise<DiceStats> {
  const groups = await tx.rollLog.groupBy({ by: ["die1", "die2"], where, _count: { _all: true } });
  return diceStatsFromPairs(groups.map((g) => ({ dice: [g.die1, g.die2] as const, count: g._count._all })));
}

/** One page of the selection (newest first; one match's rolls in nonce order), its statistics, recorded as a look. */
export async function rollLogView(db: Db, adminId: string, filters: RollFilters, pageSize = ROLL_LOG_PAGE_SIZE): Promise<Result<RollLogView, SelectionError>> {
  const selected = await selectionWhere(db, filters);
  if (!selected.ok) return selected;
  const where = selected.value;
  const { page, skip } = normalisePage({ page: filters.page, pageSize });
  const orderBy: Prisma.RollLogOrderByWithRelationInput[] = filters.match
    ? [{ nonce: "asc" }]
    : [{ createdAt: "desc" }, { matchId: "asc" }, { nonce: "desc" }];
  const details = { ...filtersRecord(filters), page, pageSize };
  // A match filter naming an unknown match would break AdminAudit's foreign key; such a look reads nothing anyway.
  const known = filters.match ? (await db.prisma.match.count({ where: { id: filters.match } })) > 0 : true;
  const read = await inTransaction(db, async (tx) => {
    await tx.adminAudit.create({
      data: { adminId, action: ROLL_LOG_VIEW, matchId: filters.match && known ? filters.match : null, details: JSON.stringify(details) },
    });
    const total = await tx.rollLog.count({ where });
    const items = await tx.rollLog.findMany({ where, orderBy, skip, take: pageSize, select: ROLL_COLUMNS });
    const stats = await selectionStats(tx, where);
    const matchCount = await tx.match.count({ where: { rolls: { some: where } } });
    const labels = await tx.match.findMany({ where: { id: { in: [...new Set(items.map((r) => r.matchId))] } }, select: LABEL_COLUMNS });
    return { total, items, stats, matchCount, labels };
  });
  return ok({
    where,
    page: { items: read.items, total: read.total, page, pageSize },
    matches: Object.fromEntries(read.labels.map((row) => [row.id, labelOf(row)])),
    matchCount: read.matchCount,
    stats: read.stats,
  });
}

/** Verifies the revealed matches of the selection, failures first. */
export async function verifySelection(db: Db, where: RollWhere, limit = VERIFY_LIMIT): Promise<SelectionVerification> {
  const matchWhere: Prisma.MatchWhereInput = { rolls: { some: where }, seed: { is: { revealedSeed: { not: null } } } };
  const [total, rows] = await Promise.all([
    db.prisma.match.count({ where: matchWhere }),
    db.prisma.match.findMany({ where: matchWhere, select: LABEL_COLUMNS, orderBy: [{ finishedAt: "desc" }, { id: "asc" }], take: limit }),
  ]);
  const labels = new Map(rows.map((row) => [row.id, labelOf(row)]));
  const checked = await verifyRevealedMatches(db, rows.map((row) => row.id));
  const results = checked.flatMap((result) => {
    const match = labels.get(result.matchId);
    return match ? [{ ...result, match }] : [];
  });
  return { total, results: failuresFirst(results) };
}
