import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BearoffDatabase } from "@/lib/analysis/bearoff-database";
import { homeBoardOf, raceProbabilities } from "@/lib/analysis/bearoff-race";
import type { MatchEvent } from "@/lib/match/events";
import { handMatch } from "@/lib/match/fixtures/hand-match";
import { reviewSteps } from "@/lib/record/review";
import { analysisHref, gnubgDice, toReviewData } from "./review-data";

// The 3-point match record written by hand that lib/record/review.test.ts uses too.
const events = handMatch;

describe("toReviewData", () => {
  const games = reviewSteps(events);
  const data = toReviewData(games);

  it("keeps every step of reviewSteps in order, with its IDs, and indexes each game's range", () => {
    const all = games.flatMap((g) => g.steps);
    expect(data.steps.map((s) => [s.index, s.kind, s.say, s.positionId, s.gnubgMatchId])).toEqual(all.map((s) => [s.index, s.kind, s.say, s.positionId, s.matchId]));
    expect(data.games.map((g) => [g.number, g.first, g.last])).toEqual(
      games.map((g) => [g.number, g.steps[0]?.index, g.steps.at(-1)?.index]),
    );
    // Game results: black dropped white's double at 2 (2 points); white resigned a gammon in the Crawford game (2 × 1);
    // black resigned a backgammon (3 × 1) — worked out from the record above.
    expect(data.games.map((g) => g.result)).toEqual([{ winner: "white", points: 2 }, { winner: "black", points: 2 }, { winner: "white", points: 3 }]);
    expect(data.games.map((g) => g.crawford)).toEqual([false, true, false]);
  });

  it("writes moves as gnubg lists them, high die first, and nothing for other steps", () => {
    // gnubg sorts a play's moves by starting point, then landing point, both from the highest: 52 is "13/11 13/8".
    const moves = data.steps.filter((s) => s.gnubg !== null).map((s) => s.gnubg);
    expect(moves).toEqual(["31: 8/5 6/5", "65: 24/13", "61: 13/7 8/7", "52: 13/11 13/8"]);
    expect(data.steps.find((s) => s.kind === "double")?.gnubg).toBeNull();
  });

  it("shows the dice on the roller's side (four for doubles), the opening roll on the starter's side", () => {
    const openings = data.steps.filter((s) => s.kind === "opening-roll").map((s) => s.dice);
    expect(openings).toEqual([
      { values: [2, 2], side: "white" },
      { values: [3, 1], side: "white" },
      { values: [1, 6], side: "black" },
      { values: [5, 2], side: "white" },
    ]);
    expect(data.steps.find((s) => s.kind === "roll")?.dice).toEqual({ values: [5, 6], side: "black" });
    expect(data.steps.find((s) => s.kind === "take")?.dice).toBeNull();
  });

  it("keeps a game's cube on the step that ends it (the state after it has the next game's centred cube)", () => {
    const game1 = data.steps.filter((s) => s.game === 1);
    expect(game1.find((s) => s.kind === "take")?.cube).toEqual({ value: 2, owner: "white" });
    expect(game1.find((s) => s.kind === "drop")?.cube).toEqual({ value: 2, owner: "white" });
    expect(game1.find((s) => s.kind === "game-end")?.cube).toEqual({ value: 2, owner: "white" });
    expect(game1.find((s) => s.kind === "game-end")?.score).toEqual({ white: 2, black: 0 });
    expect(data.steps.find((s) => s.game === 2)?.cube).toEqual({ value: 1, owner: null });
  });

  it("numbers the steps that show a rules action by the action's place in the record (analysis entries use it)", () => {
    const actions = events.flatMap((e) => (e.type === "action" ? [e.action] : []));
    const shown = data.steps.filter((s) => s.actionIndex !== null);
    expect(shown.map((s) => s.actionIndex)).toEqual(actions.map((_, i) => i));
    // A move step shows a "move" action, a pass too; every other kind is named after its action.
    expect(shown.map((s) => (s.kind === "pass" ? "move" : s.kind))).toEqual(actions.map((a) => a.type));
    expect(data.steps.filter((s) => s.kind === "game-end" || s.kind === "match-end").every((s) => s.actionIndex === null)).toBe(true);
  });

  // Issue 47: the link from a play opened the board after it (the other side on roll, no dice), so the play's
  // alternatives were gone. It opens the moment before the play, marks the play, and analyses at 2-ply.
  it("opens a play on the analysis board before it was made: the player on roll, the dice, the play marked", () => {
    const [open, blackMove] = data.steps.filter((s) => s.kind === "move");
    expect(open?.analysis).toEqual({ positionId: "4HPwATDgc/ABMA", matchId: data.steps[1]?.gnubgMatchId, dice: "31", played: "8/5 6/5" });
    const href = new URL(analysisHref(open!.analysis), "https://x.example");
    expect([href.pathname, href.searchParams.get("pos"), href.searchParams.get("dice"), href.searchParams.get("played"), href.searchParams.get("ply")]).toEqual([
      "/analysis",
      "4HPwATDgc/ABMA",
      "31",
      "8/5 6/5",
      "2",
    ]);
    // Black's 6-5 after the take: the roll step's IDs, black on roll with 65.
    const roll = data.steps[blackMove!.index - 1];
    expect(blackMove?.analysis).toEqual({ positionId: roll?.positionId, matchId: roll?.gnubgMatchId, dice: "65", played: "24/13" });
    expect(roll?.analysis).toEqual({ positionId: roll?.positionId, matchId: roll?.gnubgMatchId, dice: "65", played: null });
    // Steps with no dice to play open as they are, without dice.
    const take = data.steps.find((s) => s.kind === "take");
    expect(take?.analysis).toEqual({ positionId: take?.positionId, matchId: take?.gnubgMatchId, dice: null, played: null });
    expect(data.steps.find((s) => s.kind === "game-end")?.analysis.dice).toBeNull();
  });

  it("counts both sides' pips on every step, 167 each at the start (gnubg's PipCount)", () => {
    expect(data.steps[0]?.pips).toEqual({ white: 167, black: 167 });
    // White's opening 3-1 (8/5 6/5) moves 4 pips.
    expect(data.steps.find((s) => s.gnubg === "31: 8/5 6/5")?.pips).toEqual({ white: 163, black: 167 });
    expect(data.steps.every((s) => s.race === null)).toBe(true);
  });

  it.each([
    [[3, 1], "31"],
    [[1, 3], "31"],
    [[6, 6], "66"],
  ] as const)("gnubgDice(%j) = %s", (dice, text) => {
    expect(gnubgDice(dice)).toBe(text);
  });
});

describe("race chances on the review", () => {
  // A 3-point match of random legal actions whose games end by bearing off (lib/engine/fixtures/mat/README.md).
  const fixture = JSON.parse(readFileSync("lib/engine/fixtures/mat/random-3-122.json", "utf8")) as { events: MatchEvent[] };
  const db = BearoffDatabase.fromBytes(readFileSync("lib/analysis/tables/bearoff-one-sided.bin"));
  const data = toReviewData(reviewSteps(fixture.events), { raceChances: (pos) => raceProbabilities(db, pos) });

  it("gives the side on roll's exact chances exactly where both sides are home, and nothing elsewhere", () => {
    const bothHome = (s: (typeof data.steps)[number]) => homeBoardOf(s.position.white) !== null && homeBoardOf(s.position.black) !== null;
    const races = data.steps.filter((s) => s.race !== null);
    expect(races.length).toBeGreaterThan(0);
    for (const step of races) {
      expect(bothHome(step)).toBe(true);
      expect(step.race?.onRoll).toBe(step.position.turn);
      expect(step.race?.win).toBe(raceProbabilities(db, step.position)?.win);
    }
    expect(data.steps.filter((s) => s.race === null && bothHome(s)).every((s) => s.kind === "game-end" || s.kind === "match-end" || s.position.white.every((n) => n === 0) || s.position.black.every((n) => n === 0))).toBe(true);
  });
});
