import { describe, expect, it } from "vitest";
import { action, handMatch } from "@/lib/match/fixtures/hand-match";
import type { MatchEvent } from "@/lib/match/events";
import { emptyMatchView, evolve, type MatchView } from "@/lib/match/view";
import { newMatch } from "@/lib/engine/match-state";
import { positionFromPoints } from "@/lib/engine/test-support";
import { lastPlay } from "./last-play";

/** The log lines of `events`: each with the view before it. */
function lines(events: readonly MatchEvent[]): { before: MatchView; event: MatchEvent }[] {
  const out: { before: MatchView; event: MatchEvent }[] = [];
  let view = emptyMatchView("m1");
  for (const event of events) {
    out.push({ before: view, event });
    view = evolve(view, event);
  }
  return out;
}

describe("lastPlay", () => {
  it("marks the opponent's last play with its steps and hits, for the player and for a spectator", () => {
    // The hand match: white opens 3-1 with 8/5 6/5 (handMatch's first plays).
    const upToWhitesPlay = handMatch.slice(0, handMatch.findIndex((e) => e.type === "action" && e.action.type === "move") + 1);
    const log = lines(upToWhitesPlay);
    const marked = lastPlay(log, "black");
    expect(marked?.player).toBe("white");
    expect(marked?.moves.map(({ from, to }) => `${from}/${to}`).sort()).toEqual(["6/5", "8/5"]);
    expect(lastPlay(log, null)?.player).toBe("white");
    // White's own page marks nothing: white just made it.
    expect(lastPlay(log, "white")).toBeNull();
  });

  it("says which step hit", () => {
    // Black to play 6-2 with a white blot on black's 18 point (white's 7): 24/18* 13/11.
    const position = positionFromPoints({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 18: 1, 12: 5, 17: 2, 19: 5, 1: 2 }, "black");
    const before: MatchView = { ...emptyMatchView("m1"), state: { ...newMatch({ matchLength: 3 }), phase: "moving", position, onRoll: "black", turn: "black", dice: [6, 2] } };
    const marked = lastPlay([{ before, event: action({ type: "move", player: "black", moves: [{ from: 24, to: 18 }, { from: 13, to: 11 }] }) }], "white");
    expect(marked?.moves).toEqual(expect.arrayContaining([expect.objectContaining({ from: 24, to: 18, hit: true }), expect.objectContaining({ from: 13, to: 11, hit: false })]));
  });

  it("marks nothing once a new game has started, or for a pass", () => {
    const events = lines(handMatch);
    const withOpening = [...events, { before: events.at(-1)!.before, event: action({ type: "opening-roll", dice: [5, 2] }) }];
    expect(lastPlay(withOpening, "black")).toBeNull();
    const pass = { before: events[0]!.before, event: action({ type: "move", player: "white", moves: [] }) };
    expect(lastPlay([...events, pass], "black")).toBeNull();
  });
});
