import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { addressKey, CLIENT_ADDRESS_HEADER, clientAddress, stampClientAddress } from "./client-address";

function request(headers: Record<string, string>, remoteAddress = "203.0.113.7"): IncomingMessage {
  return { headers: { ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe("stampClientAddress", () => {
  it("uses the peer address and drops forwarded headers and a forged stamp, without TRUST_PROXY", () => {
    const req = request({ "x-forwarded-for": "10.0.0.1", "x-forwarded-host": "evil.test", [CLIENT_ADDRESS_HEADER]: "10.9.9.9", host: "localhost:3000" });
    stampClientAddress(req, false);
    expect(req.headers).toEqual({ host: "localhost:3000", [CLIENT_ADDRESS_HEADER]: "203.0.113.7" });
  });

  it("uses the left-most X-Forwarded-For entry and keeps the forwarded headers, with TRUST_PROXY", () => {
    const req = request({ "x-forwarded-for": "198.51.100.4, 10.0.0.1", "x-forwarded-proto": "https" }, "10.0.0.1");
    stampClientAddress(req, true);
    expect(req.headers).toMatchObject({ [CLIENT_ADDRESS_HEADER]: "198.51.100.4", "x-forwarded-proto": "https" });
  });

  it("falls back to the peer address behind a proxy that sent no X-Forwarded-For", () => {
    const req = request({}, "10.0.0.1");
    stampClientAddress(req, true);
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe("10.0.0.1");
  });
});

describe("clientAddress", () => {
  it("reads the stamp from Headers or a plain record, and says unknown without one", () => {
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress({ [CLIENT_ADDRESS_HEADER]: "203.0.113.8" })).toBe("203.0.113.8");
    expect(clientAddress(new Headers())).toBe("unknown");
    expect(clientAddress({})).toBe("unknown");
  });
});

describe("addressKey", () => {
  it("counts an IPv6 client by its /64 (one household's or one server's share), and an IPv4-mapped one as IPv4", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
