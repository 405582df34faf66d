/**
 * The public dice record (`/fairness/dice`): statistics over every roll of every finished public match — the faces,
 * the 21 outcomes, doubles, chi-square tests, by month — and each player's luck, from running counts that each
 * match's rolls are added to once after it ends (dice-tally.ts), so computing it reads a few hundred rows however
 * long the roll log is. A running match's rolls are not in it (its seeds are secret: nobody can check them yet), nor
 * a private match's.
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
import { countNewMatches, TALLY_BATCH_MATCHES } from "./dice-tally";

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

type Count = bigint | number | null;
const n = (value: Count | undefined) => Number(value ?? 0);

/** Lets the event loop serve others between two batches of counting (a restart's backlog is many batches). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The record from the running counts, after counting the public matches finished since the last time. */
export async function computeDiceRecord(db: Db, now: () => Date = () => new Date()): Promise<DiceRecord> {
  while ((await countNewMatches(db, now())) === TALLY_BATCH_MATCHES) await yieldToOthers();
  const prisma = db.prisma;
  const [pairs, players, matches] = await Promise.all([
    prisma.diceTally.findMany(),
    prisma.dicePlayerTally.findMany(),
    prisma.diceTallyMatch.count(),
  ]);
  return diceRecordFrom(pairs, players, matches, db, now);
}

/**
 * The record from counts by month and outcome and by player, however they were counted (the tallies here; the test's
 * reference GROUP BY over the whole log).
 */
export async function diceRecordFrom(
  pairs: readonly { month: string; die1: Count; die2: Count; count: Count }[],
  players: readonly { userId: string | null; rolls: Count; doubles: Count; pips: Count }[],
  matches: number,
  db: Db,
  now: () => Date,
): Promise<DiceRecord> {
  const byMonth = new Map<string, PairCount[]>();
  const all: PairCount[] = [];
  for (const row of pairs) {
    const pair = { dice: [Number(row.die1), Number(row.die2)] as const, count: n(row.count) };
    all.push(pair);
    const list = byMonth.get(String(row.month)) ?? [];
    list.push(pair);
    byMonth.set(String(row.month), list);
  }
  const lucks = players.flatMap((row) => (row.userId === null ? [] : [{ userId: row.userId, luck: diceLuck({ rolls: n(row.rolls), doubles: n(row.doubles), pips: n(row.pips) }) }]));
  lucks.sort((a, b) => b.luck.rolls - a.luck.rolls || (a.userId < b.userId ? -1 : 1));
  const listed = lucks.slice(0, LUCK_PLAYERS_LISTED);
  const users = await db.prisma.user.findMany({ where: { id: { in: listed.map((l) => l.userId) } }, select: { id: true, username: true } });
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
