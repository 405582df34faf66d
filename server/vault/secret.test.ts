import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { REDACTED, Secret } from "./secret";

describe("Secret", () => {
  const secret = new Secret("s3cr3t-value");

  it("gives its value only to unwrap", () => {
    expect(secret.unwrap()).toBe("s3cr3t-value");
  });

  it.each([
    ["String()", () => String(secret)],
    ["template literal", () => `${secret as unknown as string}`],
    ["JSON.stringify inside an object", () => JSON.stringify({ secret })],
    ["util.inspect with hidden fields", () => inspect({ secret }, { showHidden: true, depth: null })],
    ["Object.entries", () => JSON.stringify(Object.entries(secret))],
  ])("%s shows no value", (_name, render) => {
    const text = render();
    expect(text).not.toContain("s3cr3t-value");
  });

  it("prints as [redacted]", () => {
    expect(String(secret)).toBe(REDACTED);
    expect(JSON.stringify(secret)).toBe(`"${REDACTED}"`);
    expect(inspect(secret)).toBe(REDACTED);
  });
});
