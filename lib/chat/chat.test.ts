import { describe, expect, it } from "vitest";
import { chatAccess, chatSegments, cleanChatText, cleanUserText, isSitePath, MAX_CHAT_LENGTH, MAX_MARKS_PER_CHARACTER, parseChannel, safeChatHref } from ".";

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

  it("refuses a message of only invisible or blank characters, as an empty one", () => {
    for (const text of [
      "\u3164",
      "\u3164\u3164 \u3164",
      "\u2800\u2800",
      "\uFFA0\u115F\u1160",
      "\u{E0041}\u{E0042}\u{E007F}",
      "\u0301".repeat(300),
      "\u200B\u200C\u200D\u2060\uFEFF",
      "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C",
      "\uFE0F\uFE00\u{E0100}",
      "\u034F\u180E\u00AD\u2061\u2062\u2063\u2064\u{1D173}\u{1BCA0}",
      "\uD800",
      " \u0301\u0302 \u3164\u200B ",
    ]) {
      expect(cleanChatText(text), JSON.stringify(text)).toEqual({ ok: false, code: "ERR_CHAT", values: { reason: "empty" } });
    }
  });

  it("keeps at most a few combining marks on each character, and none without one", () => {
    const zalgo = cleanChatText(`Z${"\u0300\u0301\u0302".repeat(100)}a${"\u0316".repeat(50)}!`);
    expect(zalgo).toEqual({ ok: true, value: `Z\u0300\u0301\u0302\u0300a${"\u0316".repeat(4)}!` });
    expect(cleanChatText("hi \u0301\u0301 there")).toEqual({ ok: true, value: "hi there" });
    // Ordinary accents, scripts that stack marks and emoji with their selectors survive.
    for (const text of ["cafe\u0301 ça va", "Tiếng Việt", "नमस्ते", "בְּרֵאשִׁ֖ית", "❤️ 1️⃣ 👍🏽"]) {
      expect(cleanChatText(text), text).toEqual({ ok: true, value: text.normalize("NFC") });
    }
  });

  it("cleanUserText, the cleaner of every text others read, gives what is left, or nothing", () => {
    expect(cleanUserText(" \u202Eevil\u200B\u0000name\u2800cup ")).toBe("evilname cup");
    expect(cleanUserText(`e\u0301${"\u0301".repeat(10)}`)).toBe(`\u00E9${"\u0301".repeat(MAX_MARKS_PER_CHARACTER)}`);
    expect(cleanUserText("\u3164\u200B")).toBe("");
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

  it("never links a protocol-relative path, however it is spelled: only / and a character that is no slash", () => {
    for (const site of [SITE, "http://localhost:3000"]) {
      for (const tail of [
        "//evil.example/login",
        "/\\evil.example/x",
        "\\evil.example/x",
        "/.//evil.example",
        "/match/..//evil.example",
        "/%2F%2Fevil.example/x",
        "/%2f/evil.example",
        "/%5Cevil.example",
        "/%5c%5cevil.example",
        "/%252F%252Fevil.example",
        "/match/abc//x",
      ]) {
        const text = `${site}${tail}`;
        expect(safeChatHref(text, site), text).toBeNull();
        expect(chatSegments(`see ${text}`, site), text).toEqual([{ kind: "text", text: `see ${text}` }]);
      }
      // Tabs and new lines are dropped by the URL parser, so "/\t/evil" would read as "//evil": refused, not cleaned.
      for (const tail of ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/%09/evil.example", "/%0A/evil.example"]) {
        expect(safeChatHref(`${site}${tail}`, site), tail).toBeNull();
      }
    }
  });

  it("keeps ordinary links to this site, an encoded character in them included", () => {
    expect(safeChatHref(`${SITE}/`, SITE)).toBe("/");
    expect(safeChatHref(`${SITE}/players/ada%20b`, SITE)).toBe("/players/ada%20b");
    expect(safeChatHref("http://localhost:3000/match/abc", "http://localhost:3000")).toBe("/match/abc");
    expect(["/match/abc", "/", "/players/a%2Fb", "/x?y=1#z"].map(isSitePath)).toEqual([true, true, true, true]);
    expect(["//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "/%5Cx", "/%E0%A4%A", "match/abc", "/a\tb"].map(isSitePath)).toEqual([false, false, false, false, false, false, false]);
  });

  it("safeChatHref keeps the path, query and fragment of a link to this site", () => {
    expect(safeChatHref(`${SITE}/players/ada?tab=x#y`, SITE)).toBe("/players/ada?tab=x#y");
    expect(safeChatHref("not a url", SITE)).toBeNull();
  });
});
