/**
 * appendEvent: the match server's one write path during play. In one transaction it moves the match from
 * `expectedVersion` to `expectedVersion + 1` (refused when another write got there first), appends the event with
 * sequence `expectedVersion + 1`, logs the roll when there is one (fair-dice-v1: a roll is logged before anyone is
 * told the dice), records a finished game, and applies the match update. Either all of it is written or nothing.
 *
 * @example
 *   const result = await appendEvent(db, {
 *     matchId, expectedVersion: 7,
 *     event: { type: "roll", payload: { dice: [6, 6] }, actorId: whiteId },
 *     roll: { nonce: 4, game: 1, kind: "turn", player: "white", die1: 6, die2: 6 },
 *   });
 *   if (result.ok) result.value.version; // 8
 *   else result.code;                    // "ERR_VERSION_CONFLICT", "ERR_MATCH_NOT_FOUND", "ERR_NONCE_TAKEN", "ERR_GAME_RECORDED"
 *
 * On SQLite it is written with better-sqlite3 directly, together with the other appends of the same event-loop turn
 * in one commit, each in its own savepoint (sqlite-append.ts: Prisma cost ten times the SQL on this path, and the
 * commit costs more than the statements); on PostgreSQL through Prisma. Both write the same rows
 * (append-event.test.ts).
 */
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "./client";
import type { SqliteConnection } from "./client";
import { writeRatingWithPrisma, type RatingWrite } from "./rating-writes";
import { SqliteGroupCommit } from "./sqlite-append";
import { bumpVersion, insertEvent, insertRoll, updateMatch, versionFailure, writeTransaction } from "./transaction";
import type { ClientSeedInput, GameInput, MatchUpdate, NewEvent, RollInput } from "./types";

export interface AppendEventInput {
  readonly matchId: string;
  /** The version the caller last saw; the write happens only if the match is still there. */
  readonly expectedVersion: number;
  readonly event: NewEvent;
  readonly roll?: RollInput;
  readonly matchUpdate?: MatchUpdate;
  readonly game?: GameInput;
  /**
   * A client seed the event adds, written to MatchSeed (where rolls' audits read it) only if that seat's seed is
   * still empty. The version check is what refuses a second seed (the decision saw the seat's seed empty at
   * `expectedVersion`, and the event log and this column are written together), so a seed already there means the
   * two disagree: the append throws and writes nothing rather than overwrite a seed that dice were rolled with.
   */
  readonly clientSeed?: ClientSeedInput;
  /**
   * Ratings (issue 20): the result of a rated match, on the event that ends it. Both players' rating changes are
   * written in this same transaction (rating-writes.ts), so the end and the ratings are stored together or not at all.
   */
  readonly rating?: RatingWrite;
}

export type AppendEventError = "ERR_VERSION_CONFLICT" | "ERR_MATCH_NOT_FOUND" | "ERR_NONCE_TAKEN" | "ERR_GAME_RECORDED";

const groupCommits = new WeakMap<SqliteConnection, SqliteGroupCommit>();

/** The match's new version, which is also the new event's sequence. */
export async function appendEvent(db: Db, input: AppendEventInput): Promise<Result<{ readonly version: number }, AppendEventError>> {
  const now = new Date();
  if (!db.sqlite) return appendEventWithPrisma(db, input, now);
  let commits = groupCommits.get(db.sqlite);
  if (!commits) {
    commits = new SqliteGroupCommit(db.sqlite);
    groupCommits.set(db.sqlite, commits);
  }
  return commits.append(input, now);
}

/** The same write through Prisma: used on PostgreSQL, and on SQLite by the test that compares the two paths. */
export async function appendEventWithPrisma(
  db: Db,
  input: AppendEventInput,
  now = new Date(),
): Promise<Result<{ readonly version: number }, AppendEventError>> {
  const { matchId, expectedVersion } = input;
  const version = expectedVersion + 1;
  return writeTransaction<{ version: number }, AppendEventError>(
    db,
    async (tx) => {
      if (!(await bumpVersion(tx, matchId, expectedVersion, now))) return versionFailure(tx, matchId);
      // The sequence is the version we now hold, so it is free: every write that set a version wrote its event.
      await insertEvent(tx, matchId, version, input.event, now);
      if (input.roll && !(await insertRoll(tx, matchId, input.roll, now))) {
        return err("ERR_NONCE_TAKEN", `nonce ${input.roll.nonce} is already logged for match ${matchId}`);
      }
      if (input.matchUpdate) await updateMatch(tx, matchId, input.matchUpdate, now);
      if (input.clientSeed) {
        const { color, seed } = input.clientSeed;
        const column = color === "white" ? "whiteClientSeed" : "blackClientSeed";
        const { count } = await tx.matchSeed.updateMany({ where: { matchId, [column]: null }, data: { [column]: seed } });
        if (count !== 1) throw new Error(clientSeedTaken(matchId, color));
      }
      if (input.game) await tx.game.create({ data: { matchId, ...input.game, createdAt: now }, select: { id: true } });
      // Ratings (issue 20): the rated match's rating changes, in the transaction of the event that ends it.
      if (input.rating) await writeRatingWithPrisma(tx, matchId, input.rating, now, { lock: db.kind === "postgres" });
      return ok({ version });
    },
    (model) => (model === "Game" ? err("ERR_GAME_RECORDED", `game ${input.game?.number} of match ${matchId} is already recorded`) : undefined),
  );
}

/** The error of an append whose client seed finds its seat's seed already set (see AppendEventInput.clientSeed). */
export function clientSeedTaken(matchId: string, color: string): string {
  return `match ${matchId}: ${color}'s client seed is already stored, though the event log has none`;
}
