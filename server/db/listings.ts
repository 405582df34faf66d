/**
 * Lists of matches for the lobby and a player's history, newest first, one page at a time, and whether a match
 * None of them carries seeds or invite tokens.
 *
 * @example
 *   const page = await listMatchesForUser(db, userId, { status: "finished", page: 1, pageSize: 20 });
 *   page.items[0]?.white?.username; page.total;
 *   await listOpenMatches(db);                       // public matches waiting for a player
 *   await listLiveMatches(db, { pageSize: 50 });        // public matches being played
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "./client";
import type { MatchStatus, MatchSummary, Page, PageRequest } from "./types";

/** Every status, in the order of a match's life: the status filters of the match history and the admin console. */
export const MATCH_STATUSES: readonly MatchStatus[] = ["waiting", "seeding", "playing", "finished", "aborted"];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Page numbers below 1 mean 1; page sizes are held to 1..MAX_PAGE_SIZE. */
export function normalisePage(request: PageRequest): { readonly page: number; readonly pageSize: number; readonly skip: number } {
  const page = Math.max(1, Math.floor(request.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(request.pageSize ?? DEFAULT_PAGE_SIZE)));
  return { page, pageSize, skip: (page - 1) * pageSize };
}

const PLAYER = { select: { id: true, username: true } } as const;

const SUMMARY = {
  id: true,
  status: true,
  visibility: true,
  rated: true,
  matchLength: true,
  scoreWhite: true,
  scoreBlack: true,
  winner: true,
  endReason: true,
  reserveMs: true,
  delayMs: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  updatedAt: true,
  creator: PLAYER,
  white: PLAYER,
  black: PLAYER,
} as const satisfies Prisma.MatchSelect;

const NEWEST_FIRST: Prisma.MatchOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** Matches where the user sits or which the user created. */
export function involving(userId: string): Prisma.MatchWhereInput {
  return { OR: [{ whiteId: userId }, { blackId: userId }, { creatorId: userId }] };
}

async function pageOfMatches(db: Db, where: Prisma.MatchWhereInput, request: PageRequest): Promise<Page<MatchSummary>> {
  const { page, pageSize, skip } = normalisePage(request);
  // Not in one transaction: Prisma loads the three players in parallel, which a PostgreSQL transaction (one
  // connection) would have to queue; a total that is off by a match created in between is harmless.
  const [total, items] = await Promise.all([
    db.prisma.match.count({ where }),
    db.prisma.match.findMany({ where, select: SUMMARY, orderBy: NEWEST_FIRST, skip, take: pageSize }),
  ]);
  return { items, total, page, pageSize };
}

export function listMatchesForUser(db: Db, userId: string, options: PageRequest & { readonly status?: MatchStatus } = {}): Promise<Page<MatchSummary>> {
  return pageOfMatches(db, { AND: [involving(userId), options.status ? { status: options.status } : {}] }, options);
}

/**
 * Public matches being played, for the lobby's watch list. The visibility is filtered in the query: filtering a page
 * of all playing matches afterwards let private matches fill the page and hide public ones.
 */
export function listLiveMatches(db: Db, request: PageRequest = {}): Promise<Page<MatchSummary>> {
  return pageOfMatches(db, { visibility: "public", status: "playing" }, request);
}

/**
 * Public matches waiting for an opponent. Only fair-dice-v2 ones (a seed chain): a fair-dice-v1 match still waiting
 * seats nobody (lib/match/dice-protocol.ts), so the lobby offers no seat that would be refused.
 */
export function listOpenMatches(db: Db, request: PageRequest = {}): Promise<Page<MatchSummary>> {
  return pageOfMatches(db, { visibility: "public", status: "waiting", seed: { is: { chainLength: { not: null } } } }, request);
}
