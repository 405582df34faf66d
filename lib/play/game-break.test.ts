import { describe, expect, it } from "vitest";
import { handMatchViews } from "../match/fixtures/hand-match";
import { breakHolds, endedGame } from "./game-break";

/** The view after each event of the hand-written 3-point match (lib/match/fixtures/hand-match.ts). */
const views = handMatchViews();

describe("the break between two games", () => {
  it("is there from a game's end to the next game's opening roll, with the game that ended", () => {
    const breaks = views.flatMap((view) => {
      const game = endedGame(view);
      return game ? [[view.state.gameNumber, game.number, game.winner, game.points, view.state.score.white, view.state.score.black]] : [];
    });
    // Black dropped game 1 (2 points to white); white resigned a gammon in game 2 (2 to black); game 3 ended the match.
    expect(breaks).toEqual([
      [2, 1, "white", 2, 2, 0],
      [3, 2, "black", 2, 2, 2],
    ]);
    expect(endedGame(views.at(-1)!)).toBeNull();
    expect(views.filter((view) => view.state.phase === "opening" && view.state.gameNumber === 1).every((view) => endedGame(view) === null)).toBe(true);
  });

  it("holds the page's opening salt until the break of that game is over, and never again for it", () => {
    const game2 = views.find((view) => endedGame(view)?.number === 1)!;
    expect(breakHolds(game2, 0)).toBe(true);
    expect(breakHolds(game2, 1)).toBe(false);
    const game3 = views.find((view) => endedGame(view)?.number === 2)!;
    expect(breakHolds(game3, 1)).toBe(true);
    expect(views.filter((view) => endedGame(view) === null).some((view) => breakHolds(view, 0))).toBe(false);
  });
});
