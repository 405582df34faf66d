import { describe, expect, it } from "vitest";
import { emptyMatchView, type MatchStatus, type Visibility } from "@/lib/match";
import { canView, holdsInvite, inviteTokenFor, type Viewer } from "./visibility";

const ada = { id: "u-ada", name: "ada", isGuest: false, kind: "registered" } as const;
const bob = { id: "u-bob", name: "bob", isGuest: true, kind: "guest" } as const;
const TOKEN = "c2VjcmV0LWludml0ZS10b2tlbg";

/** Ada created the match and sits as white; bob joined as black unless it is still waiting. */
function match(visibility: Visibility, status: MatchStatus = "playing") {
  const players = status === "waiting" ? { white: ada, black: null } : { white: ada, black: bob };
  return { view: { ...emptyMatchView("m1"), visibility, status, players }, inviteToken: visibility === "private" ? TOKEN : null, creatorId: ada.id };
}

const user = (id: string): Viewer => ({ id, role: "USER" });
const admin: Viewer = { id: "u-root", role: "ADMIN" };

describe("canView", () => {
  it("opens a public match to everyone, signed in or not, with or without a token", () => {
    const open = match("public");
    expect(canView(open, null, undefined)).toBe(true);
    expect(canView(open, user("u-stranger"), undefined)).toBe(true);
    expect(canView(open, null, "whatever")).toBe(true);
  });

  it("opens a private match to its players, administrators and the holders of its invite token only", () => {
    const hidden = match("private");
    expect(canView(hidden, user(ada.id), undefined)).toBe(true);
    expect(canView(hidden, user(bob.id), undefined)).toBe(true);
    expect(canView(hidden, admin, undefined)).toBe(true);
    expect(canView(hidden, null, TOKEN)).toBe(true);
    expect(canView(hidden, user("u-stranger"), TOKEN)).toBe(true);
    expect(canView(hidden, null, undefined)).toBe(false);
    expect(canView(hidden, user("u-stranger"), undefined)).toBe(false);
    expect(canView(hidden, user("u-stranger"), "")).toBe(false);
    expect(canView(hidden, user("u-stranger"), TOKEN.slice(0, -1))).toBe(false);
    expect(canView(hidden, user("u-stranger"), `${TOKEN}x`)).toBe(false);
  });

  it("does not take a visitor for the player of an empty seat", () => {
    // Ada waits as white; black's seat is empty, and a visitor has no id to match it.
    const waiting = match("private", "waiting");
    expect(canView(waiting, user(ada.id), undefined)).toBe(true);
    expect(canView(waiting, null, undefined)).toBe(false);
  });
});

describe("holdsInvite", () => {
  it("is false for a public match, which has no token, whatever is offered", () => {
    expect(holdsInvite(match("public"), TOKEN)).toBe(false);
    expect(holdsInvite(match("public"), undefined)).toBe(false);
  });

  it("compares the whole token, including tokens of another length or with multi-byte characters", () => {
    expect(holdsInvite(match("private"), TOKEN)).toBe(true);
    expect(holdsInvite(match("private"), TOKEN.toUpperCase())).toBe(false);
    expect(holdsInvite(match("private"), "é".repeat(TOKEN.length))).toBe(false);
  });
});

describe("inviteTokenFor", () => {
  it("gives the token to the creator while the match waits for an opponent, and to no one else", () => {
    expect(inviteTokenFor(match("private", "waiting"), { id: ada.id })).toBe(TOKEN);
    expect(inviteTokenFor(match("private", "waiting"), { id: "u-stranger" })).toBeNull();
    expect(inviteTokenFor(match("private", "waiting"), null)).toBeNull();
    expect(inviteTokenFor(match("private", "playing"), { id: ada.id })).toBeNull();
    expect(inviteTokenFor(match("public", "waiting"), { id: ada.id })).toBeNull();
  });
});
