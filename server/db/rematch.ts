/**
 * The rematch of a finished match, on its Match row: `rematchOfferBy` (the seat that offered it, until it is
 * answered) and `rematchId` (the match it made, set once). Each write is conditional, so two answers to one offer —
 * two tabs, two nodes — cannot both make a rematch: the second finds the row moved on and is refused.
 *
 * @example
 *   await offerRematch(db, matchId, "white");                 // true: offered
 *   await recordRematch(db, matchId, "white", newMatchId);    // true: the offer is now that match
 *   await declineRematch(db, matchId, "white");               // false: nothing is pending any more
 */
import type { Db } from "./client";
import type { Seat } from "./types";

/** Records `seat`'s offer; false when an offer is already pending or a rematch was made. */
export async function offerRematch(db: Db, matchId: string, seat: Seat): Promise<boolean> {
  const { count } = await db.prisma.match.updateMany({ where: { id: matchId, rematchOfferBy: null, rematchId: null }, data: { rematchOfferBy: seat } });
  return count === 1;
}

/** Withdraws `offeredBy`'s pending offer (declined); false when it is no longer pending. */
export async function declineRematch(db: Db, matchId: string, offeredBy: Seat): Promise<boolean> {
  const { count } = await db.prisma.match.updateMany({ where: { id: matchId, rematchOfferBy: offeredBy, rematchId: null }, data: { rematchOfferBy: null } });
  return count === 1;
}

/** Records the match that `offeredBy`'s accepted offer made; false when the offer is no longer pending. */
export async function recordRematch(db: Db, matchId: string, offeredBy: Seat, rematchId: string): Promise<boolean> {
  const { count } = await db.prisma.match.updateMany({ where: { id: matchId, rematchOfferBy: offeredBy, rematchId: null }, data: { rematchId } });
  return count === 1;
}
