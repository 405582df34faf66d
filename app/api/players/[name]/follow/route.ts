// POST and DELETE /api/players/:name/follow: follow or unfollow a player (server/http/follow-response.ts).
import { userFromRequest } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { followLimiter, followResponse } from "@/server/http/follow-response";

type Context = { params: Promise<{ name: string }> };

async function answer(request: Request, { params }: Context): Promise<Response> {
  const { name } = await params;
  return followResponse(getDb(), request, name, () => userFromRequest(request), followLimiter());
}

export const POST = answer;
export const DELETE = answer;
