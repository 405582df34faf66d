/**
 * The public dice record as data (`/api/fairness/dice.csv`, `/api/fairness/dice.json`): every roll of every finished
 * public match — match id, game, nonce, kind, who rolled, the dice, and the URL of the match's audit bundle, which
 * proves them — so that anyone can test "the doubles come too often" themselves. Streamed in batches read by keyset
 * on the roll log's key, never held whole in memory, oldest roll first. `from`/`to` (YYYY-MM, by the month the roll
 * was made, both included) narrow it. One address may start DATASET_DOWNLOADS_PER_HOUR downloads an hour.
 *
 * @example
 *   GET /api/fairness/dice.csv?from=2026-11&to=2026-12
 *   match_id,game,nonce,kind,player,die1,die2,audit
 *   cm3x…,1,0,opening,,3,1,https://fairgammon.example/api/matches/cm3x…/audit
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { err, ok, type Result } from "@/lib/engine/types";
import { clientAddress } from "@/server/auth/client-address";
import { jsonError } from "@/server/auth/route-guards";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { publicOrigin } from "@/server/http/site-origin";
import { consumePoint, routeLimiter } from "@/server/rate-limiter";

export type DatasetFormat = "csv" | "json";

/** Rolls read per query: a few hundred kB of rows, well under a second on either database. */
export const DATASET_BATCH = 5000;
/** The whole record can be large: a handful of downloads an hour per address is plenty for anyone's own analysis. */
export const DATASET_DOWNLOADS_PER_HOUR = 20;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface DatasetQuery {
  /** The first instant counted and the first instant after the last month counted, or undefined for no bound. */
  readonly from?: Date;
  readonly until?: Date;
}

/** `from` and `to` as months (YYYY-MM); anything else, or `to` before `from`, is refused whole. */
export function parseDatasetQuery(params: URLSearchParams): Result<DatasetQuery, "ERR_BAD_REQUEST"> {
  const refuse = err("ERR_BAD_REQUEST", { reason: "dataset" });
  for (const key of params.keys()) if (key !== "from" && key !== "to") return refuse;
  const bound = (name: "from" | "to"): Date | null | undefined => {
    const values = params.getAll(name);
    if (values.length === 0) return undefined;
    const match = values.length === 1 ? MONTH.exec(values[0] ?? "") : null;
    if (!match) return null;
    const [year, month] = [Number(match[1]), Number(match[2])];
    return new Date(Date.UTC(year, name === "from" ? month - 1 : month, 1));
  };
  const from = bound("from");
  const until = bound("to");
  if (from === null || until === null || (from && until && until <= from)) return refuse;
  return ok({ ...(from && { from }), ...(until && { until }) });
}

interface DatasetRow {
  readonly id: number;
  readonly matchId: string;
  readonly game: number;
  readonly nonce: number;
  readonly kind: string;
  readonly player: string | null;
  readonly die1: number;
  readonly die2: number;
}

const CSV_HEADER = "match_id,game,nonce,kind,player,die1,die2,audit\n";

function auditUrl(origin: string, matchId: string): string {
  return `${origin}/api/matches/${encodeURIComponent(matchId)}/audit`;
}

function csvLine(row: DatasetRow, origin: string): string {
  // Every field is an id, a number or a fixed word: nothing needs quoting.
  return `${row.matchId},${row.game},${row.nonce},${row.kind},${row.player ?? ""},${row.die1},${row.die2},${auditUrl(origin, row.matchId)}\n`;
}

function jsonItem(row: DatasetRow, origin: string): string {
  return JSON.stringify({ matchId: row.matchId, game: row.game, nonce: row.nonce, kind: row.kind, player: row.player, dice: [row.die1, row.die2], audit: auditUrl(origin, row.matchId) });
}

/**
 * The rows after `after` (a roll-log id), at most `size` of them, in id order. Plain SQL, the same on both databases:
 * Prisma's findMany took ~100 ms a batch of 5,000 on SQLite (~270 on PostgreSQL), mostly mapping rows; the bounds are
 * bound as dates (the SQLite adapter writes them as the ISO text it stores).
 */
async function batch(db: Db, query: DatasetQuery, after: number, size: number): Promise<DatasetRow[]> {
  const rows = await db.prisma.$queryRaw<DatasetRow[]>`
    SELECT r."id" AS "id", r."matchId" AS "matchId", r."game" AS "game", r."nonce" AS "nonce", r."kind" AS "kind",
           r."player" AS "player", r."die1" AS "die1", r."die2" AS "die2"
      FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId"
     WHERE r."id" > ${after} AND m."status" = 'finished' AND m."visibility" = 'public'
       ${query.from ? Prisma.sql`AND r."createdAt" >= ${query.from}` : Prisma.empty}
       ${query.until ? Prisma.sql`AND r."createdAt" < ${query.until}` : Prisma.empty}
     ORDER BY r."id"
     LIMIT ${size}`;
  // COUNT-free rows, but PostgreSQL's driver may hand integers over as they are declared: made plain numbers here.
  return rows.map((row) => ({ ...row, id: Number(row.id), game: Number(row.game), nonce: Number(row.nonce), die1: Number(row.die1), die2: Number(row.die2) }));
}

/** The dataset as a stream of text: CSV with a header line, or a JSON array with one roll per line. */
export function datasetStream(db: Db, query: DatasetQuery, format: DatasetFormat, origin: string, batchSize = DATASET_BATCH): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let emitted = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await batch(db, query, after, batchSize);
      let text = "";
      if (!started) text += format === "csv" ? CSV_HEADER : "[\n";
      started = true;
      for (const row of rows) {
        text += format === "csv" ? csvLine(row, origin) : `${emitted > 0 ? ",\n" : ""}${jsonItem(row, origin)}`;
        emitted++;
      }
      const last = rows.at(-1);
      if (last) after = last.id;
      if (rows.length < batchSize) {
        if (format === "json") text += "\n]\n";
        controller.enqueue(encoder.encode(text));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}

/**
 * The route's answer: 400 for bad filters, 429 past the limit, else the stream, named for download. The audit links
 * name the site as the visitor reached it (publicOrigin), not the name the server listens on.
 */
export async function datasetResponse(db: Db, request: Request, format: DatasetFormat, limiter: RateLimiterAbstract, siteUrl = process.env.NEXTAUTH_URL): Promise<Response> {
  const url = new URL(request.url);
  const query = parseDatasetQuery(url.searchParams);
  if (!query.ok) return jsonError(query.code, query.values);
  if ((await consumePoint(limiter, clientAddress(request.headers))) > 0) return jsonError("ERR_RATE_LIMITED", { reason: "downloads" });
  return new Response(datasetStream(db, query.value, format, publicOrigin(request, siteUrl)), {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="fairgammon-dice.${format}"`,
      "cache-control": "no-store",
    },
  });
}

/** The limiter the dataset routes share within this process and, with Redis, across nodes. */
export function datasetLimiter(): RateLimiterAbstract {
  return routeLimiter("dice-dataset", { limit: DATASET_DOWNLOADS_PER_HOUR, windowMs: 60 * 60_000 });
}
