import { describe, expect, it } from "vitest";
import { handMatch, opening } from "@/lib/match/fixtures/hand-match";
import { matchColumns } from "./columns";
import type { MatchEvent } from "./events";
import { evolve, emptyMatchView, type MatchView } from "./view";

const at = new Date("2026-12-01T10:00:00Z");

/** The columns each event of `events` writes, folding them from an empty view. */
function columnsOf(events: readonly MatchEvent[]) {
  let view: MatchView = emptyMatchView("m1");
  return events.map((event) => {
    const after = evolve(view, event);
    const columns = matchColumns(view, after, at);
    view = after;
    return columns;
  });
}

describe("matchColumns", () => {
  it("gives every column for the created event, then only what each event changes", () => {
    const [created, joined, firstSeed, secondSeed] = columnsOf(opening);
    expect(created).toEqual({
      status: "waiting", whiteId: "a", blackId: null, scoreWhite: 0, scoreBlack: 0, winner: null, endReason: null, startedAt: null, finishedAt: null, rematchOfferBy: null, rematchId: null,
    });
    expect(joined).toEqual({ status: "seeding", blackId: "b" });
    expect(firstSeed).toEqual({});
    // Both seeds in: the match is being played (the opening roll follows by itself) from now.
    expect(secondSeed).toEqual({ status: "playing", startedAt: at });
  });

  it("writes the score when a game ends and the result when the match ends", () => {
    const columns = columnsOf(handMatch);
    // Hand-checked against the record (fixtures/hand-match.ts): black drops white's redouble to 4, so white scores
    // the 2 the cube was at (2–0); white resigns a gammon in the Crawford game (2–2); black resigns a backgammon (5–2).
    const scores = columns.filter((c) => c.scoreWhite !== undefined).map((c) => [c.scoreWhite, c.scoreBlack]);
    expect(scores).toEqual([[0, 0], [2, 0], [2, 2], [5, 2]]);
    expect(columns.at(-1)).toEqual({ status: "finished", winner: "white", endReason: "finished", finishedAt: at });
    expect(columns.filter((c) => c.startedAt !== undefined && c.startedAt !== null)).toHaveLength(1);
  });

  it("ends a match cancelled before play as aborted, never started", () => {
    const cancelled: MatchEvent = { type: "ended", reason: "cancelled", winner: null, serverSeed: "s" };
    expect(columnsOf([...opening.slice(0, 2), cancelled]).at(-1)).toEqual({ status: "aborted", winner: null, endReason: "cancelled", finishedAt: at });
  });
});

describe("matchColumns of the rematch", () => {
  it("projects the offer and the match it made onto the row", () => {
    const finished = handMatch.reduce(evolve, emptyMatchView("m1"));
    const offered = evolve(finished, { type: "rematch-offered", color: "black" });
    expect(matchColumns(finished, offered, at)).toEqual({ rematchOfferBy: "black" });
    const made = evolve(offered, { type: "rematch-made", offeredBy: "black", matchId: "m2" });
    expect(matchColumns(offered, made, at)).toEqual({ rematchId: "m2" });
  });
});
