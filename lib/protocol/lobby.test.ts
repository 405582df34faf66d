import { describe, expect, it } from "vitest";
import { opening } from "@/lib/record/fixtures/hand-match";
import { decideClientSeed, decideJoin } from "./lobby";
import type { MatchEvent, PlayerInfo } from "../record/match-events";
import { applyMatchEvent, emptyMatchView, type MatchView } from "../record/match-view";

function fold(events: readonly MatchEvent[]): MatchView {
  return events.reduce((view, event, index) => applyMatchEvent(view, index + 1, event), emptyMatchView("m1"));
}

const carol: PlayerInfo = { id: "c", name: "carol", isGuest: true };
const created = fold(opening.slice(0, 1)); // alice ("a") sits as white, match "m1", commitment "c"
const privateMatch = fold([{ ...(opening[0] as Extract<MatchEvent, { type: "created" }>), visibility: "private" }]);
const seated = fold(opening.slice(0, 2)); // bob ("b") joined as black
const ended: MatchEvent = { type: "ended", reason: "cancelled", winner: null, serverSeed: "s", detail: "cancelled" };

describe("decideJoin", () => {
  it("seats a player in the free seat", () => {
    expect(decideJoin(created, carol, false)).toEqual({ ok: true, event: { type: "joined", color: "black", player: carol } });
    const blackCreated = fold([{ ...(opening[0] as Extract<MatchEvent, { type: "created" }>), creatorColor: "black" }]);
    expect(decideJoin(blackCreated, carol, false)).toMatchObject({ ok: true, event: { color: "white" } });
    expect(decideJoin(privateMatch, carol, true)).toMatchObject({ ok: true, event: { color: "black" } });
  });

  // Expected codes and sentences: what match:join answered before the rules moved here (docs/protocol.md).
  it.each([
    ["the creator", created, { id: "a", name: "alice", isGuest: false }, true, "ERR_ALREADY_SEATED", "you already sit at match m1"],
    ["a full match", seated, carol, true, "ERR_SEAT_TAKEN", "This match already has two players: it can no longer be joined, only watched."],
    ["a seated player of a full match", seated, { id: "b", name: "bob", isGuest: false }, true, "ERR_SEAT_TAKEN", "This match already has two players: it can no longer be joined, only watched."],
    ["a private match without its token", privateMatch, carol, false, "ERR_FORBIDDEN", "match m1 is private: the invite link is needed to join"],
    ["a cancelled match", applyMatchEvent(created, 2, ended), carol, true, "ERR_WRONG_STATUS", "This match is over: it can no longer be joined."],
  ] as const)("refuses %s", (_label, view, player, invited, code, message) => {
    expect(decideJoin(view, player, invited)).toEqual({ ok: false, code, message });
  });
});

describe("decideClientSeed", () => {
  it("records the seed of the player's own seat, once", () => {
    const decided = decideClientSeed(seated, "b", "bob-seed_1", "c");
    expect(decided).toEqual({ ok: true, event: { type: "seed", color: "black", clientSeed: "bob-seed_1" } });
    // A seat may add its seed before the other seat is taken.
    expect(decideClientSeed(created, "a", "alice", "c")).toMatchObject({ ok: true, event: { color: "white" } });
  });

  const withBlackSeed = fold(opening.slice(0, 2).concat({ type: "seed", color: "black", clientSeed: "b" }));
  // Expected codes: match:seed's answers (docs/protocol.md); the format's sentence is lib/dice validateClientSeed's.
  it.each([
    ["a second seed", withBlackSeed, "b", "again", "c", "ERR_SEED_ALREADY_SUBMITTED", "black's client seed is already set and cannot change"],
    ["a seed with a space", seated, "b", "has space", "c", "ERR_BAD_CLIENT_SEED", "The client seed may only contain letters A-Z and a-z, digits 0-9, '_' and '-'."],
    ["an empty seed", seated, "b", "", "c", "ERR_BAD_CLIENT_SEED", "The client seed is empty; use 1 to 64 characters."],
    ["another commitment", seated, "b", "ok", "0".repeat(64), "ERR_COMMITMENT_MISMATCH", "Your client showed a different commitment than this match's; reload the page before choosing a seed."],
    ["a stranger", seated, "c", "ok", "c", "ERR_NOT_A_PLAYER", "You do not have a seat in this match."],
    ["an ended match", applyMatchEvent(seated, 3, ended), "b", "ok", "c", "ERR_WRONG_STATUS", "The match is over."],
  ] as const)("refuses %s", (_label, view, userId, seed, commitment, code, message) => {
    expect(decideClientSeed(view, userId, seed, commitment)).toEqual({ ok: false, code, message });
  });
});
