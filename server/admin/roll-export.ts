/**
 * Exports of the admin roll-log selection (`GET /api/admin/rolls.csv` and `/api/admin/rolls.json`, with the filters
 * of `/admin`): every selected roll in (match, nonce) order, up to EXPORT_LIMIT rows, and for JSON the selection's dice
 * statistics. The export is recorded in the audit trail ("export-roll-log", with the filters and format) before any
 * roll is read; the rows are then read in batches outside one long transaction, so a big export never holds the
 * database's write queue.
 *
 * @example
 *   const selection = await exportSelection(db, admin.id, filters, "csv");
 *   if (selection.ok) return new Response(rollsCsv(selection.value.rows));
 */
import { type DiceStats } from "@/lib/dice/dice-stats";
import { ok, type Result } from "@/lib/engine/types";
import type { Db } from "@/server/db/client";
import { filtersRecord, type RollFilters } from "./roll-filters";
import { selectionStats, selectionWhere, type RollLogRow, type SelectionError } from "./roll-selection";

export const EXPORT_ACTION = "export-roll-log";
export const EXPORT_LIMIT = 200_000;
const BATCH = 5_000;

export type ExportFormat = "csv" | "json";

export interface ExportedSelection {
  readonly filters: Record<string, string>;
  readonly total: number;
  /** More rolls matched than EXPORT_LIMIT; the first EXPORT_LIMIT are in `rows`. */
  readonly truncated: boolean;
  readonly rows: readonly RollLogRow[];
  readonly stats: DiceStats;
}

export async function exportSelection(db: Db, adminId: string, filters: RollFilters, format: ExportFormat, limit = EXPORT_LIMIT): Promise<Result<ExportedSelection, SelectionError>> {
  const selected = await selectionWhere(db, filters);
  if (!selected.ok) return selected;
  const where = selected.value;
  const known = filters.match ? (await db.prisma.match.count({ where: { id: filters.match } })) > 0 : true;
  await db.prisma.adminAudit.create({
    data: { adminId, action: EXPORT_ACTION, matchId: filters.match && known ? filters.match : null, details: JSON.stringify({ ...filtersRecord(filters), format }) },
  });
  const total = await db.prisma.rollLog.count({ where });
  const rows: RollLogRow[] = [];
  let after: number | null = null;
  while (rows.length < Math.min(total, limit)) {
    const batch: (RollLogRow & { id: number })[] = await db.prisma.rollLog.findMany({
      where: after === null ? where : { AND: [where, { id: { gt: after } }] },
      orderBy: { id: "asc" },
      take: Math.min(BATCH, limit - rows.length),
      select: { id: true, matchId: true, nonce: true, game: true, kind: true, player: true, die1: true, die2: true, createdAt: true },
    });
    if (batch.length === 0) break;
    for (const { id, ...row } of batch) {
      rows.push(row);
      after = id;
    }
  }
  rows.sort((a, b) => (a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : a.nonce - b.nonce));
  return ok({ filters: filtersRecord(filters), total, truncated: total > rows.length, rows, stats: await selectionStats(db.prisma, where) });
}

export const CSV_HEADER = "match_id,nonce,game,kind,player,die1,die2,created_at";

/** One line per roll under CSV_HEADER; no field needs quoting (ids, numbers, enums, ISO times). */
export function rollsCsv(rows: readonly RollLogRow[]): string {
  const lines = rows.map((r) => [r.matchId, r.nonce, r.game, r.kind, r.player ?? "", r.die1, r.die2, r.createdAt.toISOString()].join(","));
  return `${[CSV_HEADER, ...lines].join("\n")}\n`;
}

/** The JSON export: the filters, counts, statistics and rolls (dice as [die1, die2], as in an audit bundle). */
export function rollsJson(selection: ExportedSelection, exportedAt: Date): object {
  const { stats } = selection;
  return {
    exportedAt: exportedAt.toISOString(),
    filters: selection.filters,
    total: selection.total,
    truncated: selection.truncated,
    statistics: {
      rolls: stats.rolls,
      faces: Object.fromEntries(stats.faces.map((count, i) => [String(i + 1), count])),
      outcomes: Object.fromEntries(stats.outcomes.map((o) => [o.label, o.count])),
      faceTest: stats.faceTest,
      outcomeTest: stats.outcomeTest,
      doubles: stats.doubles,
    },
    rolls: selection.rows.map((r) => ({
      matchId: r.matchId,
      nonce: r.nonce,
      game: r.game,
      kind: r.kind,
      player: r.player,
      dice: [r.die1, r.die2],
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
