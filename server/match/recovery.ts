/**
 * After a restart: every unfinished match is reloaded from its events and settled, so what was due to happen by
 * itself when the process stopped (an opening roll once both seeds were in, a forced pass, the reveal at the end)
 * happens now rather than when someone next looks at the match. `wake` is told of each (the computer driver: a match
 * waiting for a computer's seat gets its action).
 */
import type { Db } from "@/server/db/client";
import type { Logger } from "@/server/log";
import type { MatchService } from "./match-service";

export async function recoverUnfinishedMatches(db: Db, service: MatchService, logger: Logger, wake?: (matchId: string) => void): Promise<number> {
  const unfinished = await db.prisma.match.findMany({ where: { status: { in: ["seeding", "playing"] } }, select: { id: true } });
  for (const { id } of unfinished) {
    try {
      await service.refresh(id);
      // A computer seated there carries on (its seed, or the move it was thinking about when the process stopped).
      wake?.(id);
    } catch (error) {
      logger.error("could not recover a match", { matchId: id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (unfinished.length > 0) logger.info("matches recovered", { count: unfinished.length });
  return unfinished.length;
}
