/**
 * Who is behind a Socket.IO handshake: the signed-in user of the next-auth session cookie the browser sends with it,
 * loaded from the database, or null — an anonymous spectator. The match gateway calls it once per connection.
 *
 * @example
 *   const identify = socketIdentity({ secret, db });
 *   attachGateway({ …, identify });
 *   await identify(socket.request); // { id, name: "ada", isGuest: false, role: "USER" } | null
 */
import type { IncomingMessage } from "node:http";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import type { Actor } from "@/server/socket/socket-types";
import { parseCookieHeader, userFromCookies } from "./session-user";

export function actorOf(user: UserRow): Actor {
  return { id: user.id, name: user.username, isGuest: user.isGuest, role: user.role };
}

export function socketIdentity(options: { readonly secret: string; readonly db: Db }): (request: IncomingMessage) => Promise<Actor | null> {
  return async (request) => {
    const user = await userFromCookies({ cookies: parseCookieHeader(request.headers.cookie), secret: options.secret, db: options.db });
    return user ? actorOf(user) : null;
  };
}
