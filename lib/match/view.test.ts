import { describe, expect, it } from "vitest";
import { action, handMatch, opening } from "./fixtures/hand-match";
import { recordTurnsOf } from "../record/game-record";
import type { MatchEvent } from "./events";
import { evolve, emptyMatchView, seatOf, type MatchView } from "./view";

function fold(events: readonly MatchEvent[]): MatchView {
  return events.reduce(evolve, emptyMatchView("m1"));
}

describe("evolve", () => {
  it("moves the status from waiting to seeding to playing to finished as the events say", () => {
    expect(fold(opening.slice(0, 1)).status).toBe("waiting");
    expect(fold(opening.slice(0, 2)).status).toBe("seeding");
    expect(fold(opening.slice(0, 3)).status).toBe("seeding");
    expect(fold(opening).status).toBe("playing");
    const done = fold(handMatch);
    expect(done.status).toBe("finished");
    expect(done.ended).toMatchObject({ reason: "finished", winner: "white" });
    expect(done.state.phase).toBe("match-over");
    expect(done.version).toBe(handMatch.length);
  });

  it("marks a match cancelled before play as aborted", () => {
    const cancelled: MatchEvent[] = [...opening.slice(0, 2), { type: "ended", reason: "cancelled", winner: null, serverSeed: "s" }];
    expect(fold(cancelled).status).toBe("aborted");
  });

  it("refuses an action the rules refuse: the log is corrupt", () => {
    const view = fold(opening);
    expect(() => evolve(view, action({ type: "roll", player: "white", dice: [3, 1] }))).toThrow(/stored action refused/);
  });

  it("knows each user's seat", () => {
    const view = fold(opening);
    expect([seatOf(view, "a"), seatOf(view, "b"), seatOf(view, "c"), seatOf(view, null)]).toEqual(["white", "black", null, null]);
  });
});

describe("recordTurnsOf", () => {
  it("lists one entry per rolled turn with its game, leaving out voided opening ties", () => {
    // Hand-checked against the record: the 2-2 opening is void; white opens game 1 with 3-1; black rolls 5-6;
    // black opens game 2 with 1-6; white opens game 3 with 5-2.
    expect(recordTurnsOf(handMatch)).toEqual([
      { game: 1, player: "white", dice: [3, 1] },
      { game: 1, player: "black", dice: [5, 6] },
      { game: 2, player: "black", dice: [1, 6] },
      { game: 3, player: "white", dice: [5, 2] },
    ]);
  });
});
