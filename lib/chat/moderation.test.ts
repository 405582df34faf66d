import { describe, expect, it } from "vitest";
import { MAX_MUTE_MINUTES, parseModeration, sanctionActive, sanctionRefusal } from "./moderation";

describe("parseModeration", () => {
  it("reads each action with its id (and a mute's minutes)", () => {
    for (const body of [
      { action: "hide", messageId: "cm1abc" },
      { action: "delete", messageId: "cm1abc" },
      { action: "resolve", messageId: "cm1abc" },
      { action: "dismiss", messageId: "cm1abc" },
      { action: "mute", userId: "u_1-x", minutes: 60 },
      { action: "mute", userId: "u1", minutes: MAX_MUTE_MINUTES },
      { action: "unmute", userId: "u1" },
      { action: "ban", userId: "u1" },
      { action: "unban", userId: "u1" },
    ]) {
      expect(parseModeration(body)).toEqual({ ok: true, value: body });
    }
  });

  it("refuses anything else, hostile ids and stray keys included", () => {
    const refused = { ok: false, code: "ERR_BAD_REQUEST", values: { reason: "moderation" } };
    for (const body of [
      null,
      [],
      "hide",
      {},
      { action: "purge", messageId: "m1" },
      { action: "hide" },
      { action: "hide", userId: "u1" },
      { action: "hide", messageId: "m1", text: "x" },
      { action: "hide", messageId: "../../etc/passwd" },
      { action: "hide", messageId: "<script>alert(1)</script>" },
      { action: "hide", messageId: "x".repeat(41) },
      { action: "hide", messageId: "" },
      { action: "hide", messageId: 5 },
      { action: "mute", userId: "u1" },
      { action: "mute", userId: "u1", minutes: 0 },
      { action: "mute", userId: "u1", minutes: -5 },
      { action: "mute", userId: "u1", minutes: 1.5 },
      { action: "mute", userId: "u1", minutes: "60" },
      { action: "mute", userId: "u1", minutes: MAX_MUTE_MINUTES + 1 },
      { action: "mute", userId: "u1", minutes: Number.POSITIVE_INFINITY },
      { action: "ban", userId: "u1", minutes: 60 },
      { action: "ban", messageId: "m1" },
      JSON.parse('{"__proto__":{"action":"ban"},"userId":"u1"}'),
    ]) {
      expect(parseModeration(body)).toEqual(refused);
    }
  });
});

describe("a site-wide sanction", () => {
  const now = Date.parse("2026-12-06T12:00:00Z");

  it("refuses a banned user's messages until the ban is lifted, whatever the mute says", () => {
    expect(sanctionRefusal({ bannedAt: new Date(now - 1000), mutedUntil: null }, now)).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "banned" } });
    expect(sanctionRefusal({ bannedAt: new Date(now - 1000), mutedUntil: new Date(now - 5000) }, now)).toMatchObject({ values: { reason: "banned" } });
  });

  it("refuses a muted user's messages until the mute runs out, saying how many minutes are left", () => {
    const sanction = { bannedAt: null, mutedUntil: new Date(now + 90_000) };
    expect(sanctionRefusal(sanction, now)).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "muted", minutes: 2 } });
    expect(sanctionActive(sanction, now + 89_999)).toBe(true);
    expect(sanctionRefusal(sanction, now + 90_000)).toBeNull();
    expect(sanctionActive(sanction, now + 90_000)).toBe(false);
  });

  it("lets anyone else write", () => {
    expect(sanctionRefusal(null, now)).toBeNull();
    expect(sanctionRefusal({ bannedAt: null, mutedUntil: null }, now)).toBeNull();
  });
});
