/**
 * The account's kind in the player record (issue 48): a record says it, and the view always holds it — a record made
 * before the kind was written is given one once, as it is folded (the legacy upcast: the only place a name says it).
 */
import { describe, expect, it } from "vitest";
import type { MatchEvent } from "./events";
import { handMatch } from "./fixtures/hand-match";
import { COMPUTER_USERNAMES, computerLevelOfName, seatedPlayer } from "./player-kind";
import { emptyMatchView, evolve } from "./view";

const created = (creator: Extract<MatchEvent, { type: "created" }>["creator"]): MatchEvent => ({ type: "created", matchLength: 1, visibility: "public", commitment: "c", creator, creatorColor: "white" });

describe("seatedPlayer", () => {
  it("keeps the kind a record says, whatever its name", () => {
    expect(seatedPlayer({ id: "u1", name: "ada", isGuest: false, kind: "registered" })).toEqual({ id: "u1", name: "ada", isGuest: false, kind: "registered" });
    expect(seatedPlayer({ id: "c1", name: "ada", isGuest: false, kind: "computer" }).kind).toBe("computer");
    expect(seatedPlayer({ id: "u2", name: COMPUTER_USERNAMES.easy, isGuest: false, kind: "registered" }).kind).toBe("registered");
  });

  it("gives an old record without a kind the one its name and guest flag said", () => {
    expect(seatedPlayer({ id: "c1", name: "Computer (hard)", isGuest: false })).toEqual({ id: "c1", name: "Computer (hard)", isGuest: false, kind: "computer" });
    expect(seatedPlayer({ id: "g1", name: "guest-amber-otter-42", isGuest: true }).kind).toBe("guest");
    expect(seatedPlayer({ id: "u1", name: "ada", isGuest: false }).kind).toBe("registered");
    expect(seatedPlayer({ id: "u3", name: "Computer (HARD)", isGuest: false }).kind).toBe("registered");
  });

  it("reads a computer's level from its reserved name", () => {
    expect(computerLevelOfName("Computer (medium)")).toBe("medium");
    expect(computerLevelOfName("medium")).toBeNull();
  });
});

describe("the view's players", () => {
  it("always have a kind: an old log's are given theirs as they are folded", () => {
    const view = handMatch.reduce(evolve, emptyMatchView("m1"));
    expect(view.players.white).toEqual({ id: "a", name: "alice", isGuest: false, kind: "registered" });
    expect(view.players.black?.kind).toBe("registered");
    expect(evolve(emptyMatchView("m2"), created({ id: "c1", name: COMPUTER_USERNAMES.easy, isGuest: false })).players.white?.kind).toBe("computer");
  });

  it("take the kind a new record says", () => {
    const joined: MatchEvent = { type: "joined", color: "black", player: { id: "g1", name: "guest-1", isGuest: true, kind: "guest" } };
    const view = [created({ id: "c1", name: COMPUTER_USERNAMES.hard, isGuest: false, kind: "computer" }), joined].reduce(evolve, emptyMatchView("m3"));
    expect(view.players).toEqual({ white: { id: "c1", name: "Computer (hard)", isGuest: false, kind: "computer" }, black: { id: "g1", name: "guest-1", isGuest: true, kind: "guest" } });
  });
});
