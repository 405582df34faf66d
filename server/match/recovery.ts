/**
 * After a restart, or when another node of the cluster is lost: every match that may owe something is reloaded from
 * its events and settled, so what was due to happen by itself when the process stopped (an opening roll once both
 * seeds were in, a forced pass, the reveal at the end) happens now — reading a match never writes, so nothing else
 * would do it until the match's next command. `wake` is told of each (the computer driver: a match waiting for a
 * computer's seat gets its action).
 *
 * `select` narrows the unfinished matches to those this pass is for (in a cluster: the lost node's, or at boot those
 * no live node owns — match-owners.ts), and the matches are recovered `concurrency` at a time: one by one, a survivor
 * took 18.6 s over 24 matches in a fault run while their players waited. Each match's own steps stay in order (the
 * service queues them per match).
 *
 * @example
 *   await recoverUnfinishedMatches(db, service, logger, wake);                                  // one node: all
 *   await recoverUnfinishedMatches(db, service, logger, wake, { select: (ids) => theirs(ids) }); // a lost node's
 */
import type { Db } from "@/server/db/client";
import type { Logger } from "@/server/log";
import type { MatchService } from "./match-service";

export interface RecoveryOptions {
  /** Of the unfinished matches, those to recover (default: all of them). */
  readonly select?: (unfinished: readonly string[]) => Promise<readonly string[]>;
  /** How many matches are recovered at once (default 8). */
  readonly concurrency?: number;
  /** Told of the matches that were recovered (the cluster notes this node as their owner). */
  readonly recovered?: (matchIds: readonly string[]) => Promise<void>;
  /** Why this pass runs, for the log ("boot", "node lost"). */
  readonly reason?: string;
}

/** Every match that may owe something: being seeded or played, or over without its seed revealed yet. */
export async function unfinishedMatchIds(db: Db): Promise<string[]> {
  const rows = await db.prisma.match.findMany({
    where: { OR: [{ status: { in: ["seeding", "playing"] } }, { status: { in: ["finished", "aborted"] }, seed: { is: { revealedSeed: null } } }] },
    select: { id: true },
  });
  return rows.map(({ id }) => id);
}

export async function recoverUnfinishedMatches(db: Db, service: MatchService, logger: Logger, wake?: (matchId: string) => void, options: RecoveryOptions = {}): Promise<number> {
  const started = performance.now();
  const unfinished = await unfinishedMatchIds(db);
  const chosen = options.select ? await options.select(unfinished) : unfinished;
  const done: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let id = chosen[next++]; id !== undefined; id = chosen[next++]) {
      try {
        await service.recover(id);
        done.push(id);
        // A computer seated there carries on (its seed, or the move it was thinking about when the process stopped).
        wake?.(id);
      } catch (error) {
        logger.error("could not recover a match", { matchId: id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, chosen.length)) }, worker));
  await options.recovered?.(done).catch((error: unknown) => {
    logger.warn("could not note the recovered matches' owner", { error: error instanceof Error ? error.message : String(error) });
  });
  if (chosen.length > 0 || options.reason) {
    // How many of the unfinished matches this pass took, and how long it took: the fault run's survivor took all 24.
    logger.info("matches recovered", { count: done.length, of: unfinished.length, reason: options.reason ?? "boot", ms: Math.round(performance.now() - started) });
  }
  return chosen.length;
}
