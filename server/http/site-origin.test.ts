import { describe, expect, it } from "vitest";
import { originVerdict, publicOrigin, siteOrigins } from "./site-origin";

const local = { trustProxy: false, configured: [] };

describe("siteOrigins", () => {
  it("takes NEXTAUTH_URL's origin and the listed ones, normalised, and drops what is not an http(s) origin", () => {
    expect(siteOrigins({ NEXTAUTH_URL: "https://Fairgammon.example/path", ALLOWED_ORIGINS: " https://www.fairgammon.example:443 ,ftp://x, nonsense," })).toEqual([
      "https://fairgammon.example",
      "https://www.fairgammon.example",
    ]);
    expect(siteOrigins({})).toEqual([]);
  });
});

describe("originVerdict", () => {
  it.each([
    ["the host the request was sent to", { origin: "http://localhost:3000", host: "localhost:3000" }, local, "own"],
    ["another port of that host", { origin: "http://localhost:3001", host: "localhost:3000" }, local, "foreign"],
    ["another scheme's default port", { origin: "https://localhost", host: "localhost:80" }, local, "foreign"],
    ["no Origin (not a page)", { host: "localhost:3000" }, local, "absent"],
    ["no Origin, Fetch Metadata cross-site", { host: "localhost:3000", "sec-fetch-site": "cross-site" }, local, "foreign"],
    ["Origin: null", { origin: "null", host: "localhost:3000" }, local, "foreign"],
    ["a configured origin behind a proxy that rewrites Host", { origin: "https://fairgammon.example", host: "10.0.0.11:3000" }, { trustProxy: false, configured: ["https://fairgammon.example"] }, "own"],
    ["X-Forwarded-Host from an untrusted client", { origin: "http://evil.test", host: "localhost:3000", "x-forwarded-host": "evil.test" }, local, "foreign"],
    ["X-Forwarded-Host from a trusted proxy", { origin: "https://fairgammon.example", host: "10.0.0.11:3000", "x-forwarded-host": "fairgammon.example" }, { trustProxy: true, configured: [] }, "own"],
  ] as const)("%s → %s", (_name, headers, policy, verdict) => {
    expect(originVerdict(headers, policy)).toBe(verdict);
  });
});

describe("publicOrigin", () => {
  const at = (headers: Record<string, string>) => new Request("http://localhost:3000/api/fairness/dice.csv", { headers });
  it("is NEXTAUTH_URL's origin when set, else the host the visitor used (a trusted proxy's forwarded host and scheme first)", () => {
    expect(publicOrigin(at({ host: "10.0.0.5:3000" }), "https://Fairgammon.example/base")).toBe("https://fairgammon.example");
    expect(publicOrigin(at({ host: "fair.example:8080" }), undefined)).toBe("http://fair.example:8080");
    expect(publicOrigin(at({ host: "10.0.0.5:3000", "x-forwarded-host": "fair.example", "x-forwarded-proto": "https" }), undefined)).toBe("https://fair.example");
    // No Host at all (a test's Request): the URL's own origin.
    expect(publicOrigin(at({}), undefined)).toBe("http://localhost:3000");
  });
});
