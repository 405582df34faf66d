/**
 * The answers of /api/players/:name/follow (app/api/players/[name]/follow/route.ts), with the database, the viewer and
 * the limiter passed in so tests run them without Next.js. POST follows, DELETE unfollows; both answer
 * 200 {following, followers}. Same-site JSON only (403, 415), a registered account only (401; 403 for a guest), an
 * existing player other than yourself (404, 400), FOLLOW_CHANGES_PER_MINUTE changes a user (429).
 *
 * @example
 *   export const POST = (request, { params }) => followResponse(getDb(), request, (await params).name, () => userFromRequest(request), followLimiter());
 */
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { usernameKey } from "@/server/auth/account-rules";
import { jsonError, refuseCrossSite } from "@/server/auth/route-guards";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { findUserByUsername } from "@/server/db/users";
import { followerCount, setFollow } from "@/server/players/follows";
import { consumePoint, routeLimiter } from "@/server/rate-limiter";
import { accountKind, may } from "@/lib/access/may";

export const FOLLOW_CHANGES_PER_MINUTE = 30;

export function followLimiter(): RateLimiterAbstract {
  return routeLimiter("follow-user", { limit: FOLLOW_CHANGES_PER_MINUTE, windowMs: 60_000 });
}

export async function followResponse(db: Db, request: Request, name: string, viewerOf: () => Promise<UserRow | null>, limiter: RateLimiterAbstract): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = await viewerOf();
  if (!user) return jsonError("ERR_UNAUTHENTICATED");
  if (!may(accountKind(user), "follow")) return jsonError("ERR_GUEST");
  const followed = name.length <= 64 ? await findUserByUsername(db, usernameKey(name)) : null;
  if (!followed || !may(accountKind(followed), "be-followed")) return jsonError("ERR_USER_NOT_FOUND", { reason: "named", name: name.slice(0, 64) });
  if (followed.id === user.id) return jsonError("ERR_BAD_REQUEST", { reason: "followSelf" });
  if ((await consumePoint(limiter, user.id)) > 0) return jsonError("ERR_RATE_LIMITED", { reason: "commands" });
  const following = request.method !== "DELETE";
  await setFollow(db, user.id, followed.id, following);
  return Response.json({ following, followers: await followerCount(db, followed.id) }, { headers: { "cache-control": "no-store" } });
}
