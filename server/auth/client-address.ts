/**
 * The client's address for rate limits. The custom server (server/main.ts) stamps it on every request it hands to
 * Next.js, in a header it always overwrites, so a client cannot choose its own: the socket's peer address, or behind
 * a reverse proxy (TRUST_PROXY=true) the left-most X-Forwarded-For entry. Without TRUST_PROXY, forwarded headers
 * sent by the client are dropped, so Next.js and next-auth fill them from the connection itself.
 *
 * @example
 *   stampClientAddress(req, env.TRUST_PROXY); // in the HTTP handler, before Next.js sees req
 *   clientAddress(request.headers);           // in a route handler: "203.0.113.7"
 */
import type { IncomingMessage } from "node:http";

export const CLIENT_ADDRESS_HEADER = "x-fairgammon-client-address";
const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

export function stampClientAddress(req: IncomingMessage, trustProxy: boolean): void {
  const forwarded = req.headers["x-forwarded-for"];
  const firstForwarded = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  const address = trustProxy && firstForwarded ? firstForwarded : (req.socket.remoteAddress ?? "unknown");
  if (!trustProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
}

/** The stamped address; "unknown" when the request did not come through the custom server. */
export function clientAddress(headers: Headers | Readonly<Record<string, unknown>>): string {
  const value = headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : headers[CLIENT_ADDRESS_HEADER];
  return typeof value === "string" && value !== "" ? value : "unknown";
}
