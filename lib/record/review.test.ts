import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { english } from "@/i18n/english";
import { decodeMatchId, encodeMatchId } from "../engine/gnubg-id";
import { parseMat } from "../engine/mat-parse";
import type { MatchEvent } from "../match/events";
import { action, handMatch, opening } from "../match/fixtures/hand-match";
import { matFromEvents, reviewSteps, type ReviewStep } from "./review";
import { describeFailure } from "../engine/types";

/** A step in English words, from messages/en.json (lib gives the key and values only). */
function sentence(step: ReviewStep): string {
  return english(`review.steps.${step.say.key}`, step.say.values);
}


/**
 * gnubg's Match ID at the end of a match counts the whole final score, past the match length, which its own
 * MatchFromKey refuses; ours caps it (matchIdFields). The ID gnubg prints there, from ours.
 */
function asGnubgPrintsIt(step: ReviewStep): string {
  if (step.matchState.phase !== "match-over") return step.matchId;
  const fields = decodeMatchId(step.matchId);
  if (!fields.ok) throw new Error(describeFailure(fields));
  return encodeMatchId({ ...fields.value, score: step.matchState.score });
}

describe("reviewSteps", () => {
  const games = reviewSteps(handMatch);
  const steps = games.flatMap((g) => g.steps);

  it("splits the record into games with their opening scores and Crawford flag", () => {
    expect(games.map((g) => [g.number, g.crawford, g.scoreBefore, g.record?.points])).toEqual([
      [1, false, { white: 0, black: 0 }, 2],
      [2, true, { white: 2, black: 0 }, 2],
      [3, false, { white: 2, black: 2 }, 3],
    ]);
    expect(steps.map((s) => s.index)).toEqual(steps.map((_, k) => k));
  });

  // Kinds, actors and sentences follow the rules (lib/engine); the IDs on the steps gnubg keeps a record for are
  // gnubg 1.07.001's after `import mat` of matFromEvents(handMatch) and `next` onto each record (walk-mat.py);
  // the final one is as gnubg prints it, uncapped.
  it.each([
    [0, "opening-roll", null, [2, 2], undefined, "White and Black both roll 2: they roll again", null],
    [1, "opening-roll", null, [3, 1], undefined, "White rolls 3, Black rolls 1: White starts", null],
    [2, "move", "white", [3, 1], "8/5 6/5", "White opens with 3-1 and plays 8/5 6/5", ["sGfwATDgc/ABMA", "cAlgAAAAAAAE"]],
    [3, "double", "black", undefined, undefined, "Black doubles to 2", ["sGfwATDgc/ABMA", "cBFgAAAAAAAE"]],
    [4, "take", "white", undefined, undefined, "White takes the cube at 2", ["sGfwATDgc/ABMA", "QQlgAAAAAAAE"]],
    [5, "roll", "black", [5, 6], undefined, "Black rolls 6-5", null],
    [6, "move", "black", [5, 6], "24/13", "Black rolls 6-5 and plays 24/13", ["4HPwAyCwZ/ABMA", "AQFgAAAAAAAE"]],
    [7, "resign-offer", "white", undefined, undefined, "White offers to resign a single game (2 points)", null],
    [8, "resign-decline", "black", undefined, undefined, "Black declines the resignation", null],
    [9, "double", "white", undefined, undefined, "White doubles to 4", ["4HPwAyCwZ/ABMA", "ARlgAAAAAAAE"]],
    [10, "drop", "black", undefined, undefined, "Black drops; White wins 2 points", ["4HPwAyCwZ/ABMA", "AQxgACAAAAAE"]],
    [11, "game-end", "white", undefined, undefined, "White wins game 1 (2 points, the double dropped); the score is White 2, Black 0", null],
    [12, "opening-roll", null, [1, 6], undefined, "White rolls 1, Black rolls 6: Black starts", null],
    [13, "move", "black", [1, 6], "13/7 8/7", "Black opens with 6-1 and plays 13/7 8/7", ["4NvgATDgc/ABMA", "sAFgACAAAAAE"]],
    [14, "resign-offer", "white", undefined, undefined, "White offers to resign a gammon (2 points)", null],
    [15, "resign-accept", "black", undefined, undefined, "Black accepts the resignation and wins 2 points", ["4NvgATDgc/ABMA", "sENgACAAEAAE"]],
    [16, "game-end", "black", undefined, undefined, "Black wins game 2 (2 points, a gammon resigned); the score is White 2, Black 2", null],
    [17, "opening-roll", null, [5, 2], undefined, "White rolls 5, Black rolls 2: White starts", null],
    [18, "move", "white", [5, 2], "13/11 13/8", "White opens with 5-2 and plays 13/11 13/8", ["4PPIATDgc/ABMA", "cAlgACAAEAAE"]],
    [19, "resign-offer", "black", undefined, undefined, "Black offers to resign a backgammon (3 points)", null],
    [20, "resign-accept", "white", undefined, undefined, "White accepts the resignation and wins 3 points", ["4PPIATDgc/ABMA", "cGtgAFAAEAAE"]],
    [21, "game-end", "white", undefined, undefined, "White wins game 3 (3 points, a backgammon resigned); the score is White 5, Black 2", null],
    [22, "match-end", "white", undefined, undefined, "White wins the match 5–2", null],
  ] as const)("step %i: %s by %s", (index, kind, actor, dice, notation, text, gnubg) => {
    const step = steps[index];
    if (!step) throw new Error(`no step ${index}`);
    expect({ kind: step.kind, actor: step.actor, dice: step.dice, notation: step.notation, text: sentence(step) }).toEqual({ kind, actor, dice, notation, text });
    if (gnubg) expect([step.positionId, asGnubgPrintsIt(step)]).toEqual(gnubg);
  });

  it("shows where a game stopped on the steps that end it, and the next game's opening as the state after", () => {
    const drop = steps[10];
    expect(drop?.position).toEqual(steps[9]?.position);
    expect(drop?.matchState.phase).toBe("opening");
    expect(drop?.matchState.gameNumber).toBe(2);
    expect(steps[22]?.matchState.phase).toBe("match-over");
  });

  it("ends an abandoned match with the server's sentence", () => {
    const abandoned: MatchEvent[] = [
      ...opening,
      action({ type: "opening-roll", dice: [3, 1] }),
      action({ type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] }),
      { type: "ended", reason: "abandoned", winner: "white", serverSeed: "s" },
    ];
    const last = reviewSteps(abandoned)[0]?.steps.at(-1);
    expect([last?.kind, last?.actor, last && sentence(last)]).toEqual(["match-end", "white", "The match ends: a player left and did not come back; White wins the match"]);
    expect(last?.matchState.phase).toBe("turn-start");
    expect(reviewSteps([...opening, { type: "ended", reason: "cancelled", winner: null, serverSeed: "s" }])).toEqual([]);
  });

  // The analysis board ranks a play's alternatives from the moment before it: the player who played on roll with the
  // dice of the play, the board before the checkers moved — the IDs of the roll (or opening roll) step before it.
  it("gives a play the IDs of the moment before it: the player on roll, the dice to play", () => {
    const plays = steps.filter((s) => s.kind === "move" || s.kind === "pass");
    expect(plays.length).toBe(4);
    for (const play of plays) {
      const previous = steps[play.index - 1];
      expect(play.before).toEqual({ positionId: previous?.positionId, matchId: previous?.matchId });
      const fields = decodeMatchId(play.before?.matchId ?? "");
      if (!fields.ok) throw new Error(describeFailure(fields));
      const dice = play.dice ?? [0, 0];
      expect([fields.value.onRoll, fields.value.turn, fields.value.dice]).toEqual([play.actor, play.actor, [Math.max(...dice), Math.min(...dice)]]);
    }
    // White's opening 3-1 from the starting position: gnubg's ID of the opening board, white on roll.
    expect(steps[2]?.before?.positionId).toBe("4HPwATDgc/ABMA");
    expect(steps.filter((s) => s.kind !== "move" && s.kind !== "pass").every((s) => s.before === undefined)).toBe(true);
  });

  it("refuses a record the rules refuse (a corrupted log)", () => {
    expect(() => reviewSteps([...opening, action({ type: "roll", player: "white", dice: [3, 1] })])).toThrow(/refused/);
  });
});

interface MatchFixture {
  readonly events: MatchEvent[];
  readonly mat: string;
  readonly gnubgIds: { step: number; action: string; positionId: string; matchId: string }[];
}

describe("reviewSteps gives gnubg's IDs on real games (fixtures from scripts/mat-gnubg.test.ts)", () => {
  it.each(["server-7", "random-3-122", "anytime-31", "anytime-45"])("%s: every record gnubg walked", (name) => {
    const { events, gnubgIds } = JSON.parse(readFileSync(new URL(`../engine/fixtures/mat/${name}.json`, import.meta.url), "utf8")) as MatchFixture;
    const steps = reviewSteps(events).flatMap((g) => g.steps);
    expect(gnubgIds.length).toBeGreaterThan(10);
    const ours = gnubgIds.map(({ step }) => {
      const s = steps[step];
      return s ? { positionId: s.positionId, matchId: asGnubgPrintsIt(s) } : null;
    });
    expect(ours).toEqual(gnubgIds.map(({ positionId, matchId }) => ({ positionId, matchId })));
  });
});

describe("reviewSteps on a pass", () => {
  it("says the roll could not be played and passes the turn (first pass of fixture random-3-122)", () => {
    const { events } = JSON.parse(readFileSync(new URL("../engine/fixtures/mat/random-3-122.json", import.meta.url), "utf8")) as MatchFixture;
    const steps = reviewSteps(events).flatMap((g) => g.steps);
    const pass = steps.find((s) => s.kind === "pass");
    const roll = pass && steps[pass.index - 1];
    if (!pass || !roll?.dice || !pass.actor) throw new Error("the fixture has no pass");
    const [hi, lo] = [Math.max(...roll.dice), Math.min(...roll.dice)];
    expect([pass.notation, pass.dice, sentence(pass)]).toEqual(["", roll.dice, `${pass.actor === "white" ? "White" : "Black"} rolls ${hi}-${lo} and cannot move`]);
    expect(pass.position.turn).not.toBe(pass.actor);
    expect({ white: pass.position.white, black: pass.position.black }).toEqual({ white: roll.position.white, black: roll.position.black });
  });
});

describe("matFromEvents", () => {
  it("names the players as the record does and reads back as the same games", () => {
    const text = matFromEvents(handMatch);
    expect(text).toContain(" alice : 0                      bob : 0\n");
    const parsed = parseMat(text);
    expect(parsed.ok && parsed.value.games.map((g) => g.result)).toEqual([
      { winner: "white", points: 2 },
      { winner: "black", points: 2 },
      { winner: "white", points: 3 },
    ]);
  });

  it("takes other names and header lines", () => {
    const text = matFromEvents(handMatch, { white: "Ann", black: "Ben" }, { date: "2026-05-01", event: "Club night" });
    expect(text.startsWith('; [Event "Club night"]\n; [EventDate "2026.05.01"]\n\n 3 point match\n\n Game 1\n Ann : 0')).toBe(true);
  });
});
