/**
 * Who may see a match, in one place for every door to one: the socket's `match:watch` and `match:snapshot`, the review
 * page, the `.mat` export, the analysis routes (through server/record/match-review.ts) and the audit route. Public
 * matches are open to everyone; private ones to their players, administrators, and whoever holds the invite link.
 * Everyone else is answered as if the match did not exist, so a private match's id cannot be confirmed by probing.
 *
 * The invite token itself is given only to the match's creator, while the match waits for an opponent: it is the link
 * they share. (Taking a seat with it is the data layer's check, `joinMatch`, inside the transaction that seats the
 * player.) The lobby lists public matches only (server/db/listings.ts).
 *
 * @example
 *   if (!canView(live, viewer, invite)) return notFound();   // viewer: a socket's actor, a page's user, or null
 *   const token = inviteTokenFor(live, actor);               // the creator's link while waiting, else null
 */
import { timingSafeEqual } from "node:crypto";
import { seatOf } from "@/lib/record";
import type { LiveMatch } from "./live-match";

/** Whoever asks: a signed-in user (a socket's `Actor`, a page's `UserRow`), or null for a visitor. */
export interface Viewer {
  readonly id: string;
  readonly role: "USER" | "ADMIN";
}

type MatchAccess = Pick<LiveMatch, "view" | "inviteToken">;

export function canView(match: MatchAccess, viewer: Viewer | null, invite: string | undefined): boolean {
  if (match.view.visibility === "public") return true;
  if (viewer?.role === "ADMIN") return true;
  if (seatOf(match.view, viewer?.id)) return true;
  return holdsInvite(match, invite);
}

/** Whether `invite` is the match's invite token, compared in constant time (a public match has none). */
export function holdsInvite(match: MatchAccess, invite: string | undefined): boolean {
  if (match.inviteToken === null || invite === undefined) return false;
  const expected = Buffer.from(match.inviteToken);
  const given = Buffer.from(invite);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The invite token for the match's creator while it waits for an opponent (to share the link); null for anyone else. */
export function inviteTokenFor(match: MatchAccess & Pick<LiveMatch, "creatorId">, viewer: Pick<Viewer, "id"> | null): string | null {
  return viewer !== null && viewer.id === match.creatorId && match.view.status === "waiting" ? match.inviteToken : null;
}
