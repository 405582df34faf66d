import { describe, expect, it } from "vitest";
import { chatAccess, chatSegments, cleanChatText, MAX_CHAT_LENGTH, parseChannel, safeChatHref } from ".";

const SITE = "https://fairgammon.example";

describe("cleanChatText", () => {
  it("keeps plain text and folds white space, new lines included, to single spaces", () => {
    expect(cleanChatText("  gl\n\n hf\t!  ")).toEqual({ ok: true, value: "gl hf !" });
  });

  it("removes controls and the invisible characters that reorder or hide text", () => {
    expect(cleanChatText("a\u202Eb\u200Bc\u2066d\u0007e\uFEFF")).toEqual({ ok: true, value: "abcde" });
  });

  it("keeps markup as the characters it is (the page never renders it)", () => {
    expect(cleanChatText("<img src=x onerror=alert(1)>")).toEqual({ ok: true, value: "<img src=x onerror=alert(1)>" });
  });

  it("refuses an empty message, or one of only invisible characters", () => {
    expect(cleanChatText(" \n ")).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "empty" } });
    expect(cleanChatText("\u200B\u202E")).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "empty" } });
  });

  it("counts characters as people do: an emoji is one", () => {
    expect(cleanChatText("🎲".repeat(MAX_CHAT_LENGTH)).ok).toBe(true);
    expect(cleanChatText("🎲".repeat(MAX_CHAT_LENGTH + 1))).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "tooLong", max: MAX_CHAT_LENGTH, length: MAX_CHAT_LENGTH + 1 } });
  });
});

describe("channels", () => {
  it("parses the lobby and a match's two channels, and nothing else", () => {
    expect(parseChannel("lobby")).toEqual({ ok: true, value: { kind: "lobby" } });
    expect(parseChannel("match:abc123:players")).toEqual({ ok: true, value: { kind: "players", matchId: "abc123" } });
    expect(parseChannel("match:abc123:spectators")).toEqual({ ok: true, value: { kind: "spectators", matchId: "abc123" } });
    for (const bad of ["", "Lobby", "match:abc123", "match:abc123:admins", "match:a/b/c/d:players", "match:abc123:players:x"]) {
      expect(parseChannel(bad)).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "channel" } });
    }
  });

  it("keeps the players' channel to the players, and lets only spectators with an account write to theirs", () => {
    const players = { kind: "players", matchId: "abc123" } as const;
    const spectators = { kind: "spectators", matchId: "abc123" } as const;
    expect(chatAccess(players, { account: "guest", seated: true })).toEqual({ read: true, write: true });
    expect(chatAccess(players, { account: "registered", seated: false })).toEqual({ read: false, write: false });
    expect(chatAccess(spectators, { account: "registered", seated: true })).toEqual({ read: true, write: false });
    expect(chatAccess(spectators, { account: "registered", seated: false })).toEqual({ read: true, write: true });
    expect(chatAccess(spectators, { account: "guest", seated: false })).toEqual({ read: true, write: false });
    expect(chatAccess(spectators, { account: "none", seated: false })).toEqual({ read: true, write: false });
    expect(chatAccess({ kind: "lobby" }, { account: "registered", seated: false })).toEqual({ read: true, write: true });
    expect(chatAccess({ kind: "lobby" }, { account: "guest", seated: false })).toEqual({ read: true, write: false });
  });
});

describe("links", () => {
  it("makes links to this site clickable, as paths, without the sentence's punctuation", () => {
    expect(chatSegments(`watch ${SITE}/match/abc123!`, SITE)).toEqual([
      { kind: "text", text: "watch " },
      { kind: "link", text: `${SITE}/match/abc123`, href: "/match/abc123" },
      { kind: "text", text: "!" },
    ]);
  });

  it("leaves every other address as text: other sites, look-alikes, credentials, other schemes", () => {
    for (const text of [
      "login at https://fairgammon.example.evil.com/login",
      "https://evil.com/?next=https://fairgammon.example",
      "https://user:pass@fairgammon.example/match/x",
      "http://fairgammon.example/match/abc123",
      "javascript:alert(1)",
      "<a href=\"https://evil.com\">x</a>",
    ]) {
      expect(chatSegments(text, SITE)).toEqual([{ kind: "text", text }]);
    }
  });

  it("safeChatHref keeps the path, query and fragment of a link to this site", () => {
    expect(safeChatHref(`${SITE}/players/ada?tab=x#y`, SITE)).toBe("/players/ada?tab=x#y");
    expect(safeChatHref("not a url", SITE)).toBeNull();
  });
});
