import { describe, expect, it } from "vitest";
import { parsePassword, parseUsername, usernameKey } from "./account-rules";

describe("parseUsername", () => {
  // Expected answers from the accounts issue: 3–20 characters of [A-Za-z0-9_-], compared case-insensitively (stored
  // lower-cased), with "guest-" kept for generated guest names.
  const cases: [string, unknown, string | null][] = [
    ["letters, digits, _ and -", "Ada_Lovelace-1815", "ada_lovelace-1815"],
    ["exactly 3 characters", "abc", "abc"],
    ["exactly 20 characters", "a".repeat(20), "a".repeat(20)],
    ["surrounding spaces are trimmed", "  bob  ", "bob"],
    ["2 characters", "ab", null],
    ["21 characters", "a".repeat(21), null],
    ["a space inside", "ada lovelace", null],
    ["a dot", "ada.l", null],
    ["non-ASCII letters", "adà", null],
    ["an email address", "ada@example.com", null],
    ["not a string", 42, null],
    ["the guest prefix", "guest-amber-otter-42", null],
    ["the guest prefix in capitals", "GUEST-x", null],
    ["guest without the dash", "guesthouse", "guesthouse"],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    const result = parseUsername(input);
    expect(result.ok ? result.value : null).toBe(expected);
    if (!result.ok) expect(result.code).toBe("ERR_INVALID_USERNAME");
  });

  it("accepts the guest prefix when asked to (signing in as a claimed guest)", () => {
    expect(parseUsername("guest-amber-otter-42", { allowGuestPrefix: true })).toEqual({ ok: true, value: "guest-amber-otter-42" });
  });
});

describe("parsePassword", () => {
  // Expected answers from the accounts issue: at least 8 and at most 200 characters, anything else allowed.
  const cases: [string, unknown, boolean][] = [
    ["7 characters", "1234567", false],
    ["8 characters", "12345678", true],
    ["200 characters", "x".repeat(200), true],
    ["201 characters", "x".repeat(201), false],
    ["spaces and symbols", "correct horse! ✓", true],
    ["not a string", 12345678, false],
  ];
  it.each(cases)("%s", (_name, input, valid) => {
    const result = parsePassword(input);
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.code).toBe("ERR_INVALID_PASSWORD");
  });
});

it("usernameKey lower-cases and trims any input, valid or not", () => {
  expect(usernameKey("  Ada ")).toBe("ada");
  expect(usernameKey("Not Valid!")).toBe("not valid!");
});
