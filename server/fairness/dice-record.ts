/**
 * The public dice record (`/fairness/dice`): statistics over every roll of every finished public match — the faces,
 * the 21 outcomes, doubles, chi-square tests, by month — and each player's luck, all counted in the database by
 * GROUP BY, never by reading the rolls into Node (at 10^6 rolls the answer is a few hundred rows). A running match's
 * rolls are not in it (its seeds are secret: nobody can check them yet), nor a private match's.
 *
 * `DiceRecordCache` keeps the last answer for DICE_RECORD_TTL_MS and computes at most one at a time, so a crowd of
 * visitors (or a flood) costs one computation a minute.
 *
 * @example
 *   const record = await diceRecordCache(getDb()).get();
 *   record.overall.doubles.rate; // 0.1671
 */
import { diceStatsFromPairs, type DiceStats, type PairCount } from "@/lib/dice/dice-stats";
import { diceLuck, MIN_ROLLS, type DiceLuck } from "@/lib/dice/luck";
import type { Db } from "@/server/db/client";

/** Long enough that a page everyone opens is computed about once a minute; short enough to show a new match soon. */
export const DICE_RECORD_TTL_MS = 60_000;
/** Players listed by name: the most active. The count of players outside their interval covers everyone. */
export const LUCK_PLAYERS_LISTED = 25;

export interface PlayerLuck extends DiceLuck {
  readonly username: string;
}

export interface DiceRecord {
  readonly matches: number;
  readonly overall: DiceStats;
  /** "YYYY-MM" of the roll, oldest first. */
  readonly months: readonly { readonly month: string; readonly stats: DiceStats }[];
  /** The most active players' turn rolls (opening rolls belong to both players and are left out). */
  readonly players: readonly PlayerLuck[];
  /** Of the players with at least MIN_ROLLS turn rolls, how many have a doubles rate outside their 95 % interval. */
  readonly luckOutliers: { readonly players: number; readonly outside: number };
  readonly computedAt: Date;
}

/** The month of a roll's `createdAt` as "YYYY-MM", in each database's own words: ISO text in SQLite, a timestamp in PostgreSQL. */
export function monthOf(kind: Db["kind"], column: string): string {
  return kind === "sqlite" ? `substr(${column}, 1, 7)` : `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;
}

/** The rolls the record counts: those of finished public matches. */
const PUBLIC_FINISHED = `m."status" = 'finished' AND m."visibility" = 'public'`;

type Count = bigint | number | null;
const n = (value: Count | undefined) => Number(value ?? 0);

export async function computeDiceRecord(db: Db, now: () => Date = () => new Date()): Promise<DiceRecord> {
  const prisma = db.prisma;
  const month = monthOf(db.kind, `r."createdAt"`);
  const [pairs, players, matches] = await Promise.all([
    prisma.$queryRawUnsafe<{ month: string; die1: number; die2: number; count: Count }[]>(
      `SELECT ${month} AS "month", r."die1" AS "die1", r."die2" AS "die2", COUNT(*) AS "count"
         FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId"
        WHERE ${PUBLIC_FINISHED}
        GROUP BY ${month}, r."die1", r."die2"`,
    ),
    prisma.$queryRawUnsafe<{ userId: string; rolls: Count; doubles: Count; pips: Count }[]>(
      `SELECT CASE WHEN r."player" = 'white' THEN m."whiteId" ELSE m."blackId" END AS "userId",
              COUNT(*) AS "rolls",
              SUM(CASE WHEN r."die1" = r."die2" THEN 1 ELSE 0 END) AS "doubles",
              SUM(CASE WHEN r."die1" = r."die2" THEN 4 * r."die1" ELSE r."die1" + r."die2" END) AS "pips"
         FROM "RollLog" r JOIN "Match" m ON m."id" = r."matchId"
        WHERE r."kind" = 'turn' AND ${PUBLIC_FINISHED}
        GROUP BY CASE WHEN r."player" = 'white' THEN m."whiteId" ELSE m."blackId" END`,
    ),
    prisma.match.count({ where: { status: "finished", visibility: "public" } }),
  ]);

  const byMonth = new Map<string, PairCount[]>();
  const all: PairCount[] = [];
  for (const row of pairs) {
    const pair = { dice: [Number(row.die1), Number(row.die2)] as const, count: n(row.count) };
    all.push(pair);
    const list = byMonth.get(String(row.month)) ?? [];
    list.push(pair);
    byMonth.set(String(row.month), list);
  }
  const lucks = players.filter((row) => row.userId !== null).map((row) => ({ userId: row.userId, luck: diceLuck({ rolls: n(row.rolls), doubles: n(row.doubles), pips: n(row.pips) }) }));
  lucks.sort((a, b) => b.luck.rolls - a.luck.rolls || (a.userId < b.userId ? -1 : 1));
  const listed = lucks.slice(0, LUCK_PLAYERS_LISTED);
  const users = await prisma.user.findMany({ where: { id: { in: listed.map((l) => l.userId) } }, select: { id: true, username: true } });
  const names = new Map(users.map((u) => [u.id, u.username]));
  const counted = lucks.filter((l) => l.luck.rolls >= MIN_ROLLS);
  return {
    matches,
    overall: diceStatsFromPairs(all),
    months: [...byMonth.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, list]) => ({ month: key, stats: diceStatsFromPairs(list) })),
    players: listed.map(({ userId, luck }) => ({ ...luck, username: names.get(userId) ?? "?" })),
    luckOutliers: { players: counted.length, outside: counted.filter((l) => l.luck.verdict !== "as expected").length },
    computedAt: now(),
  };
}

/** The record, recomputed at most once per DICE_RECORD_TTL_MS, one computation at a time. */
export class DiceRecordCache {
  readonly #db: Db;
  readonly #ttlMs: number;
  readonly #now: () => Date;
  #last: DiceRecord | null = null;
  #running: Promise<DiceRecord> | null = null;

  constructor(db: Db, options: { readonly ttlMs?: number; readonly now?: () => Date } = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? DICE_RECORD_TTL_MS;
    this.#now = options.now ?? (() => new Date());
  }

  get(): Promise<DiceRecord> {
    const last = this.#last;
    if (last && this.#now().getTime() - last.computedAt.getTime() < this.#ttlMs) return Promise.resolve(last);
    this.#running ??= computeDiceRecord(this.#db, this.#now)
      .then((record) => {
        this.#last = record;
        return record;
      })
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }
}

const processWide = globalThis as typeof globalThis & { __fairgammonDiceRecord?: DiceRecordCache };

/** The cache the page and the routes share within this process (Next.js may load a module more than once). */
export function diceRecordCache(db: Db): DiceRecordCache {
  processWide.__fairgammonDiceRecord ??= new DiceRecordCache(db);
  return processWide.__fairgammonDiceRecord;
}
