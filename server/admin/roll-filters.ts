/**
 * The admin roll log's selection as it travels in a URL (`/admin?user=bob&status=finished&from=2026-01-01&page=2`,
 * and the same query on `/api/admin/rolls.csv` and `/api/admin/rolls.json`): parsed leniently — a value that does not
 * parse is dropped and named in `problems`, so a hand-edited URL still shows a page — and written back for links.
 *
 * Dates are whole UTC days; `to` includes its day.
 *
 * @example
 *   const { filters, problems } = parseRollFilters({ user: "Bob", status: "finished", page: "2" });
 *   filters;                         // { user: "bob", status: "finished", page: 2 }
 *   parseRollFilters({ status: "won" }).problems[0]?.say; // { key: "ignored", values: { field: "status", value: "won" } }
 *   rollFilterQuery(filters, { page: 3 }); // "?user=bob&status=finished&page=3"
 */
import { z } from "zod";
import { matchIdSchema } from "@/lib/protocol/protocol";
import { MATCH_STATUSES } from "@/server/db/listings";
import type { MatchStatus } from "@/server/db/types";
import type { SearchParams } from "@/server/http/search-params";

export interface RollFilters {
  /** A username, lower-cased as usernames are stored. */
  readonly user?: string;
  readonly match?: string;
  readonly status?: MatchStatus;
  /** "YYYY-MM-DD", first day included. */
  readonly from?: string;
  /** "YYYY-MM-DD", last day included. */
  readonly to?: string;
  /** 1-based. */
  readonly page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_PAGE = 1_000_000;

const fieldSchemas = {
  user: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  match: matchIdSchema,
  status: z.enum(MATCH_STATUSES as [MatchStatus, ...MatchStatus[]]),
  from: z.string().regex(DAY).refine((day) => dayStart(day) !== null),
  to: z.string().regex(DAY).refine((day) => dayStart(day) !== null),
} as const;

/**
 * A filter value that was dropped, or a selection that cannot match, as an `admin.filterNote.<key>` message and its
 * values: the page words it in the reader's language, tests and logs in English (i18n/english.ts).
 */
export interface FilterProblem {
  readonly say: { readonly key: "ignored" | "emptyRange"; readonly values: Readonly<Record<string, string>> };
}

/** Midnight UTC of "YYYY-MM-DD", or null for a day that does not exist (2026-02-30). */
export function dayStart(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

function first(value: string | readonly string[] | undefined): string | undefined {
  const text = typeof value === "string" ? value : value?.[0];
  const trimmed = text?.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function parseRollFilters(search: SearchParams): { readonly filters: RollFilters; readonly problems: readonly FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const filters: { -readonly [K in keyof RollFilters]: RollFilters[K] } = { page: 1 };
  for (const key of Object.keys(fieldSchemas) as (keyof typeof fieldSchemas)[]) {
    const raw = first(search[key]);
    if (raw === undefined) continue;
    const parsed = fieldSchemas[key].safeParse(raw);
    if (!parsed.success) {
      const value = raw.slice(0, 60);
      problems.push({ say: { key: "ignored", values: { field: key, value } } });
      continue;
    }
    if (key === "status") filters.status = parsed.data as MatchStatus;
    else if (key === "user") filters.user = parsed.data.toLowerCase();
    else filters[key] = parsed.data;
  }
  const page = Number(first(search.page) ?? "1");
  filters.page = Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.push({ say: { key: "emptyRange", values: {} } });
  }
  return { filters, problems };
}

/** The date range as createdAt bounds: [from midnight, the day after `to`). */
export function dateBounds(filters: RollFilters): { readonly from?: Date; readonly to?: Date } {
  const from = filters.from ? dayStart(filters.from) : null;
  const to = filters.to ? dayStart(filters.to) : null;
  return { ...(from ? { from } : {}), ...(to ? { to: new Date(to.getTime() + DAY_MS) } : {}) };
}

/** "?user=bob&page=2" (or "" without filters); `changes` replaces fields, `undefined` removes one. */
export function rollFilterQuery(filters: RollFilters, changes: Partial<Record<keyof RollFilters, string | number | undefined>> = {}): string {
  const merged: Record<string, string | number | undefined> = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const key of ["user", "match", "status", "from", "to", "page"] as const) {
    const value = merged[key];
    if (value === undefined || (key === "page" && Number(value) === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/** The filters as a JSON object for the audit trail and the JSON export (the page left out). */
export function filtersRecord(filters: RollFilters): Record<string, string> {
  const record: Record<string, string> = {};
  for (const key of ["user", "match", "status", "from", "to"] as const) {
    const value = filters[key];
    if (value !== undefined) record[key] = value;
  }
  return record;
}
