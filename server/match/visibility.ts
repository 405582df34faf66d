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
 * "As if it did not exist" is one answer, byte for byte: `NOT_VISIBLE` for every socket command (the gateway gives it
 * for any refusal of a command on a match the sender may not see — `concealsMatch` — so an unknown id and someone
 * else's private match cannot be told apart by code, message or which check refused first), and the 404 page for
 * /match/<id> (`mayView` on the row's columns, server/db/listings.ts).
 *
 * @example
 *   if (!canView(live, viewer, invite)) return notFound();   // viewer: a socket's actor, a page's user, or null
 *   const token = inviteTokenFor(live, actor);               // the creator's link while waiting, else null
 */
import { timingSafeEqual } from "node:crypto";
import type { Failure } from "@/lib/protocol";
import type { Db } from "@/server/db/client";
import { seatOf } from "@/lib/match";
import { fail } from "@/server/socket/failure";
import type { LiveMatch } from "./live-match";

/** Whoever asks: a signed-in user (a socket's `Actor`, a page's `UserRow`), or null for a visitor. */
export interface Viewer {
  readonly id: string;
  readonly role: "USER" | "ADMIN";
}

type MatchAccess = Pick<LiveMatch, "view" | "inviteToken">;

/** What decides who may see a match, as a loaded match or a Match row holds it. */
export interface AccessFacts {
  readonly visibility: "public" | "private";
  readonly playerIds: readonly (string | null)[];
  readonly inviteToken: string | null;
}

/** The answer to every socket command on a match the sender may not see, and on one that does not exist. */
export const NOT_VISIBLE: Failure = Object.freeze(fail("ERR_NOT_FOUND"));

export function mayView(facts: AccessFacts, viewer: Viewer | null, invite: string | undefined): boolean {
  if (facts.visibility === "public") return true;
  if (viewer?.role === "ADMIN") return true;
  if (viewer && facts.playerIds.includes(viewer.id)) return true;
  return holdsInvite(facts, invite);
}

export function canView(match: MatchAccess, viewer: Viewer | null, invite: string | undefined): boolean {
  if (match.view.visibility === "public") return true;
  if (viewer?.role === "ADMIN") return true;
  if (seatOf(match.view, viewer?.id)) return true;
  return holdsInvite(match, invite);
}

/**
 * Whether a refusal of a command on this match must be answered NOT_VISIBLE instead: the match does not exist, or
 * the sender may not see it. Asked only for refusals, so accepted commands pay nothing for it.
 */
export function concealsMatch(match: MatchAccess | null, viewer: Viewer | null, invite: string | undefined): boolean {
  return match === null || !canView(match, viewer, invite);
}

/** Whether `invite` is the match's invite token, compared in constant time (a public match has none). */
export function holdsInvite(match: Pick<LiveMatch, "inviteToken">, invite: string | undefined): boolean {
  if (match.inviteToken === null || invite === undefined) return false;
  const expected = Buffer.from(match.inviteToken);
  const given = Buffer.from(invite);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The invite token for the match's creator while it waits for an opponent (to share the link); null for anyone else. */
export function inviteTokenFor(match: MatchAccess & Pick<LiveMatch, "creatorId">, viewer: Pick<Viewer, "id"> | null): string | null {
  return viewer !== null && viewer.id === match.creatorId && match.view.status === "waiting" ? match.inviteToken : null;
}

/**
 * Whether the match page may show this match to this viewer: it exists, and it is public or the viewer may see it
 * (a player, an administrator, or the holder of its invite link: server/match/visibility.ts). Anything else is the
 * same 404 as an unknown id, so a private match's id cannot be confirmed by opening it. Only the access columns are read.
 */
export async function matchVisibleTo(db: Db, matchId: string, viewer: Viewer | null, invite: string | undefined): Promise<boolean> {
  const row = await db.prisma.match.findUnique({ where: { id: matchId }, select: { visibility: true, whiteId: true, blackId: true, inviteToken: true } });
  return row !== null && mayView({ visibility: row.visibility, playerIds: [row.whiteId, row.blackId], inviteToken: row.inviteToken }, viewer, invite);
}
