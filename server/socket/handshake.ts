/**
 * The socket's door: a client must speak this protocol version (the handshake's `auth`), is identified from its
 * session cookie (an anonymous spectator is null), and is admitted only under the connection caps per user and per
 * address, over the cluster (connection-limits.ts). A refusal is a connect_error with a stable code the page words.
 */
import type { IncomingMessage } from "node:http";
import { handshakeSchema } from "@/lib/protocol";
import type { Logger } from "@/server/log";
import type { ConnectionLimits } from "./connection-limits";
import { refusedConnection } from "./failure";
import type { Actor, GameServer } from "./socket-types";

export interface HandshakeOptions {
  readonly logger: Logger;
  readonly identify: (request: IncomingMessage) => Promise<Actor | null>;
  readonly connectionLimits?: ConnectionLimits;
  readonly trustProxy?: boolean;
}

/** The client's address as the sign-in limits see it (server/auth/client-address.ts), for a handshake request. */
function handshakeAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return trustProxy && first ? first : (request.socket.remoteAddress ?? "unknown");
}

export function attachHandshake(io: GameServer, options: HandshakeOptions): void {
  const { logger } = options;
  io.use((socket, next) => {
    if (!handshakeSchema.safeParse(socket.handshake.auth).success) {
      next(refusedConnection("ERR_PROTOCOL_VERSION"));
      return;
    }
    options
      .identify(socket.request)
      .then(async (actor) => {
        socket.data.actor = actor;
        const refused = await options.connectionLimits?.admit(socket.id, { user: actor?.id, address: handshakeAddress(socket.request, options.trustProxy ?? false) });
        if (refused) {
          logger.warn("socket refused: connection cap", { userId: actor?.id ?? null });
          next(refusedConnection(refused.code, refused.values));
          return;
        }
        next();
      })
      .catch((error: unknown) => {
        logger.warn("socket authentication failed", { error: error instanceof Error ? error.message : String(error) });
        next(refusedConnection("ERR_UNAUTHENTICATED", { reason: "session" }));
      });
  });

}
