/**
 * After a restart: every match that may owe something is reloaded from its events and settled, so what was due to
 * happen by itself when the process stopped (an opening roll once both seeds were in, a forced pass, the reveal at
 * the end) happens now — reading a match never writes, so nothing else would do it until the match's next command. `wake` is told of each (the computer driver: a match
 * waiting for a computer's seat gets its action).
 */
import type { Db } from "@/server/db/client";
import type { Logger } from "@/server/log";
import type { MatchService } from "./match-service";

export async function recoverUnfinishedMatches(db: Db, service: MatchService, logger: Logger, wake?: (matchId: string) => void): Promise<number> {
  // Those being seeded or played, and those over whose seed is not yet revealed (the end was stored, not the reveal).
  const unfinished = await db.prisma.match.findMany({
    where: { OR: [{ status: { in: ["seeding", "playing"] } }, { status: { in: ["finished", "aborted"] }, seed: { is: { revealedSeed: null } } }] },
    select: { id: true },
  });
  for (const { id } of unfinished) {
    try {
      await service.recover(id);
      // A computer seated there carries on (its seed, or the move it was thinking about when the process stopped).
      wake?.(id);
    } catch (error) {
      logger.error("could not recover a match", { matchId: id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (unfinished.length > 0) logger.info("matches recovered", { count: unfinished.length });
  return unfinished.length;
}
