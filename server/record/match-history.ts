/**
 * A player's match history (`/matches`): their matches newest first, one page at a time, optionally of one status,
 * each seen from the player's side — opponent, colour, score (theirs first) and result.
 *
 * @example
 *   const query = parseHistoryQuery({ status: "finished", page: "2" });
 *   const page = await matchHistory(db, user.id, query);
 *   page.items[0]; // { id, opponent: "bob", color: "white", myScore: 5, theirScore: 3, result: "won", … }
 */
import type { TimeControl } from "@/lib/match/clock";
import type { Db } from "@/server/db/client";
import { listMatchesForUser, MATCH_STATUSES } from "@/server/db/listings";
import type { MatchStatus, MatchSummary, Page, Seat } from "@/server/db/types";
import type { SearchParams } from "@/server/http/search-params";

export const HISTORY_PAGE_SIZE = 20;

export type HistoryResult = "won" | "lost" | "in progress" | "waiting for an opponent" | "cancelled" | "ended without a winner";

export interface HistoryLine {
  readonly id: string;
  readonly status: MatchStatus;
  readonly visibility: "public" | "private";
  readonly matchLength: number;
  /** null when the player created the match and nobody has joined yet. */
  readonly opponent: string | null;
  /** The player's seat; null if they do not sit in the match (a creator always does). */
  readonly color: Seat | null;
  readonly myScore: number;
  readonly theirScore: number;
  readonly result: HistoryResult;
  /** The match was decided on time (a player's reserve ran out). */
  readonly onTime: boolean;
  /** null: untimed. */
  readonly timeControl: TimeControl | null;
  /** When it finished, else when it was created. */
  readonly date: Date;
}

export interface HistoryQuery {
  readonly status?: MatchStatus;
  readonly page: number;
}

export function parseHistoryQuery(search: SearchParams): HistoryQuery {
  const status = typeof search.status === "string" ? search.status : undefined;
  const page = Number(typeof search.page === "string" ? search.page : "1");
  return {
    ...(status && (MATCH_STATUSES as readonly string[]).includes(status) ? { status: status as MatchStatus } : {}),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1,
  };
}

export function historyLine(match: MatchSummary, userId: string): HistoryLine {
  const color: Seat | null = match.white?.id === userId ? "white" : match.black?.id === userId ? "black" : null;
  const other: Seat = color === "black" ? "white" : "black";
  const opponent = color === null ? null : (match[other]?.username ?? null);
  const mine = color === "black" ? match.scoreBlack : match.scoreWhite;
  const theirs = color === "black" ? match.scoreWhite : match.scoreBlack;
  return {
    id: match.id,
    status: match.status,
    visibility: match.visibility,
    matchLength: match.matchLength,
    opponent,
    color,
    myScore: mine,
    theirScore: theirs,
    result: resultOf(match, color),
    onTime: match.endReason === "timeout",
    timeControl: match.reserveMs !== null && match.delayMs !== null ? { reserveMs: match.reserveMs, delayMs: match.delayMs } : null,
    date: match.finishedAt ?? match.createdAt,
  };
}

function resultOf(match: MatchSummary, color: Seat | null): HistoryResult {
  switch (match.status) {
    case "waiting":
      return "waiting for an opponent";
    case "seeding":
    case "playing":
      return "in progress";
    case "aborted":
      return "cancelled";
    case "finished":
      if (match.winner === null || color === null) return "ended without a winner";
      return match.winner === color ? "won" : "lost";
  }
}

export async function matchHistory(db: Db, userId: string, query: HistoryQuery): Promise<Page<HistoryLine>> {
  const page = await listMatchesForUser(db, userId, { page: query.page, pageSize: HISTORY_PAGE_SIZE, ...(query.status ? { status: query.status } : {}) });
  return { ...page, items: page.items.map((match) => historyLine(match, userId)) };
}
