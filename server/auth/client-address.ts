/**
 * The client's address for rate limits. The custom server (server/main.ts) stamps it on every request it hands to
 * Next.js, in a header it always overwrites, so a client cannot choose its own: the socket's peer address, or behind
 * a reverse proxy (TRUST_PROXY=true) the left-most X-Forwarded-For entry. Without TRUST_PROXY, forwarded headers
 * sent by the client are dropped, so Next.js and next-auth fill them from the connection itself.
 *
 * @example
 *   stampClientAddress(req, env.TRUST_PROXY); // in the HTTP handler, before Next.js sees req
 *   clientAddress(request.headers);           // in a route handler: "203.0.113.7"
 *   addressKey("2001:db8:1:2::7");            // what a per-address limit counts: "2001:db8:1:2::/64"
 */
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part is two of them). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const [before, after] = [parse(head), tail === undefined ? [] : parse(tail)];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The key a per-address limit counts `address` under. An IPv6 client is counted by its /64: one line, one server or
 * one phone is handed a whole /64, so counting single addresses would let it take a fresh one for every message. An
 * IPv4-mapped address ("::ffff:203.0.113.7", as a dual-stack socket reports an IPv4 peer) counts as the IPv4 one.
 */
export function addressKey(address: string): string {
  const bare = address.toLowerCase().split("%", 1)[0]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}
