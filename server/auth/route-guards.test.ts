import { afterEach, describe, expect, it } from "vitest";
import { englishError } from "@/i18n/english";
import { jsonError, readJsonObject, refuseCrossSite } from "./route-guards";

function post(headers: Record<string, string>, body = "{}"): Request {
  return new Request("http://localhost:3000/api/account/register", { method: "POST", headers, body });
}

const sameOrigin = { host: "localhost:3000", "x-forwarded-host": "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json" };

describe("refuseCrossSite", () => {
  afterEach(() => {
    delete process.env.NEXTAUTH_URL;
  });

  // What browsers send: Origin on every POST, Sec-Fetch-Site on modern ones (Fetch Metadata); a cross-site form can
  // only send text/plain, urlencoded or multipart bodies.
  const cases: [string, Record<string, string>, string | null][] = [
    ["a same-origin JSON post", sameOrigin, null],
    ["with Sec-Fetch-Site: same-origin", { ...sameOrigin, "sec-fetch-site": "same-origin" }, null],
    ["JSON with a charset", { ...sameOrigin, "content-type": "application/json; charset=utf-8" }, null],
    ["another site's Origin", { ...sameOrigin, origin: "https://evil.test" }, "ERR_CROSS_SITE"],
    ["another port", { ...sameOrigin, origin: "http://localhost:4000" }, "ERR_CROSS_SITE"],
    ["no Origin", { host: "localhost:3000", "content-type": "application/json" }, "ERR_CROSS_SITE"],
    ["Origin: null (sandboxed frame)", { ...sameOrigin, origin: "null" }, "ERR_CROSS_SITE"],
    ["Sec-Fetch-Site: cross-site", { ...sameOrigin, "sec-fetch-site": "cross-site" }, "ERR_CROSS_SITE"],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { ...sameOrigin, "sec-fetch-site": "same-site" }, "ERR_CROSS_SITE"],
    ["a form post", { ...sameOrigin, "content-type": "application/x-www-form-urlencoded" }, "ERR_UNSUPPORTED_MEDIA_TYPE"],
    ["text/plain", { ...sameOrigin, "content-type": "text/plain" }, "ERR_UNSUPPORTED_MEDIA_TYPE"],
  ];
  it.each(cases)("%s", async (_name, headers, code) => {
    const refused = refuseCrossSite(post(headers));
    expect(refused === null ? null : ((await refused.json()) as { error: string }).error).toBe(code);
  });

  it("accepts NEXTAUTH_URL's host behind a proxy that rewrites Host", () => {
    process.env.NEXTAUTH_URL = "https://fairgammon.example";
    expect(refuseCrossSite(post({ host: "127.0.0.1:3000", origin: "https://fairgammon.example", "content-type": "application/json" }))).toBeNull();
  });
});

describe("jsonError", () => {
  it.each([
    ["ERR_INVALID_USERNAME", 400],
    ["ERR_CROSS_SITE", 403],
    ["ERR_USERNAME_TAKEN", 409],
    ["ERR_RATE_LIMITED", 429],
    ["ERR_SOMETHING_NEW", 500],
  ] as const)("%s → %i", async (code, status) => {
    const response = jsonError(code);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: code, message: englishError(code) });
  });

  it("carries the values and words the message from messages/en.json", async () => {
    const response = jsonError("ERR_INVALID_PASSWORD", { reason: "tooShort", min: 8 });
    expect(await response.json()).toEqual({ error: "ERR_INVALID_PASSWORD", values: { reason: "tooShort", min: 8 }, message: "A password has at least 8 characters." });
  });
});

describe("readJsonObject", () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ["[1,2]", null],
    ["null", null],
    ["not json", null],
  ])("%s", async (body, expected) => {
    expect(await readJsonObject(post(sameOrigin, body))).toEqual(expected);
  });
});
