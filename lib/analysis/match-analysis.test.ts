import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newMatch, type MatchAction, type MatchState } from "../engine/match-state";
import { makePosition } from "../engine/position";
import { describeFailure, type Color, type Position } from "../engine/types";
import type { MatchEvent } from "../match/events";
import { analyseMatch, analysisPoints, markOf, SKILL_THRESHOLDS, type CubeEntry, type MoveEntry } from "./match-analysis";
import { BearoffDatabase } from "./bearoff-database";
import { createEvaluator } from "./evaluator";

// The trained network, exact in bear-off races (the committed database), as the analysis jobs use it.
const bearoff = BearoffDatabase.fromBytes(readFileSync(new URL("./tables/bearoff-one-sided.bin", import.meta.url)));
const evaluator = createEvaluator({ bearoff });

/** A board from points → checkers for each side (own numbering, 25 = bar); the rest of the 15 are borne off. */
function board(white: Record<number, number>, black: Record<number, number>, turn: Color): Position {
  const side = (points: Record<number, number>) => Array.from({ length: 25 }, (_, i) => points[i + 1] ?? 0);
  const made = makePosition(side(white), side(black), turn);
  if (!made.ok) throw new Error(describeFailure(made));
  return made.value;
}

function midGame(matchLength: number, fields: Partial<MatchState>): MatchState {
  return { ...newMatch({ matchLength }), phase: "turn-start", ...fields };
}

describe("marks", () => {
  it("follows gnubg 1.07's arSkillLevel: doubtful from 0.04, error (bad) from 0.08, blunder (very bad) from 0.16", () => {
    // gnubg analysis.c: Skill(r) is SKILL_VERYBAD when r <= -0.16, SKILL_BAD when r <= -0.08, SKILL_DOUBTFUL when r <= -0.04.
    expect(SKILL_THRESHOLDS).toEqual({ doubtful: 0.04, error: 0.08, blunder: 0.16 });
    expect([0, 0.0399, 0.04, 0.0799, 0.08, 0.1599, 0.16, 1.2].map(markOf)).toEqual(["none", "none", "doubtful", "doubtful", "error", "error", "blunder", "blunder"]);
  });
});

describe("a hand-made bear-off", () => {
  // White, on roll with 5-3, has its last two checkers on its 5 and 3 points; black has one checker left on its ace.
  // Bearing both off wins at once; 5/2 3/off leaves a checker that black never gives the time to bear off.
  const start = midGame(1, { phase: "moving", position: board({ 5: 1, 3: 1 }, { 1: 1 }, "white"), onRoll: "white", turn: "white", dice: [5, 3] });
  const actions: MatchAction[] = [
    { type: "move", player: "white", moves: [{ from: 5, to: 2 }, { from: 3, to: 0 }] },
    { type: "roll", player: "black", dice: [2, 1] },
    { type: "move", player: "black", moves: [{ from: 1, to: 0 }] },
  ];

  it("marks leaving a checker behind as a blunder against bearing both off", () => {
    const result = analyseMatch({ matchLength: 1 }, actions, { ply: 0, evaluator, start });
    const move = result.entries.find((e): e is MoveEntry => e.kind === "move");
    expect(move).toMatchObject({ actionIndex: 0, player: "white", played: "5/2 3/off", best: "5/off 3/off", mark: "blunder" });
    // Bearing off both is a certain win (+1); the other play loses nearly always (close to -1).
    expect(move?.equityBest).toBeCloseTo(1, 6);
    expect(move?.loss).toBeGreaterThan(SKILL_THRESHOLDS.blunder);
    expect(move?.candidates.map((c) => c.notation)).toEqual(["5/off 3/off", "5/2 3/off"]);
    expect(move?.bestPosition.white.every((n) => n === 0)).toBe(true);
  });

  it("skips the forced play and adds up the totals", () => {
    const progress: [number, number][] = [];
    const result = analyseMatch({ matchLength: 1 }, actions, { ply: 0, evaluator, start, onProgress: (done, total) => progress.push([done, total]) });
    // Black's 2-1 can only bear its last checker off: one legal play, not a decision.
    expect(result.entries.some((e) => e.kind === "move" && e.player === "black")).toBe(false);
    expect(result.totals.black).toMatchObject({ moves: 0, forcedMoves: 1 });
    const move = result.entries.find((e) => e.kind === "move");
    expect(result.totals.white).toMatchObject({ moves: 1, forcedMoves: 0, cubeDecisions: 0, decisions: 1, marks: { doubtful: 0, error: 0, blunder: 1 } });
    expect(result.totals.white.totalLoss).toBeCloseTo(move?.loss ?? NaN, 12);
    expect(result.totals.white.errorRate).toBeCloseTo((move?.loss ?? NaN) * 1000, 9);
    // One point: white's play. Black's roll is no cube decision: in a 1-point match the cube is dead (gnubg's GetDPEq:
    // score + cube must be short of the match length), and forced plays are not points.
    const points = analysisPoints({ matchLength: 1 }, actions, start).points;
    expect(points.map((p) => p.kind)).toEqual(["move"]);
    expect(progress).toEqual([[1, 1]]);
  });
});

describe("a hand-made cube decision", () => {
  // 3-point match at 0-0: black, on roll, has one checker left on its ace and wins with any roll. Doubling costs
  // nothing (the point is won either way) and white should drop: taking gives away a second point for nothing.
  const start = midGame(3, { position: board({ 6: 1 }, { 1: 1 }, "black"), onRoll: "black", turn: "black" });
  const actions: MatchAction[] = [
    { type: "double", player: "black" },
    { type: "take", player: "white" },
    { type: "roll", player: "black", dice: [2, 1] },
    { type: "move", player: "black", moves: [{ from: 1, to: 0 }] },
  ];

  it("finds the double costless and the take a blunder", () => {
    const result = analyseMatch({ matchLength: 3 }, actions, { ply: 0, evaluator, start });
    const cube = result.entries.filter((e): e is CubeEntry => e.kind === "cube");
    expect(cube.map((e) => [e.actionIndex, e.player, e.action])).toEqual([
      [0, "black", "double"],
      [1, "white", "take"],
    ]);
    expect(cube[1]?.best).toBe("drop");
    expect(cube[0]?.loss).toBeCloseTo(0, 6);
    expect(cube[0]?.mark).toBe("none");
    expect(cube[1]?.mark).toBe("blunder");
    expect(cube[1]?.loss).toBeCloseTo((cube[1]?.equities.doubleTake ?? NaN) - (cube[1]?.equities.doublePass ?? NaN), 12);
    // The roll after the take: the cube is white's, so black had no cube decision there.
    expect(result.totals.black).toMatchObject({ cubeDecisions: 1, moves: 0, forcedMoves: 1 });
    expect(result.totals.white).toMatchObject({ cubeDecisions: 1, decisions: 1, marks: { blunder: 1 } });
  });
});

describe("a whole match (7 points, two bots through the match server: lib/engine/fixtures/mat/server-7.json)", () => {
  const fixture = JSON.parse(readFileSync(new URL("../engine/fixtures/mat/server-7.json", import.meta.url), "utf8")) as { events: MatchEvent[] };
  const actions = fixture.events.flatMap((e) => (e.type === "action" ? [e.action] : []));

  it("totals add up to the entries, and every move is either a decision or forced", () => {
    const result = analyseMatch({ matchLength: 7 }, actions, { ply: 0, evaluator });
    for (const color of ["white", "black"] as const) {
      const mine = result.entries.filter((e) => e.player === color);
      const totals = result.totals[color];
      const playsMade = actions.filter((a) => a.type === "move" && a.player === color).length;
      expect(totals.moves + totals.forcedMoves).toBe(playsMade);
      expect(totals.moves).toBe(mine.filter((e) => e.kind === "move").length);
      expect(totals.decisions).toBe(totals.moves + totals.cubeDecisions);
      expect(totals.totalLoss).toBeCloseTo(mine.reduce((s, e) => s + e.loss, 0), 9);
      expect(totals.errorRate).toBeCloseTo((1000 * totals.totalLoss) / totals.decisions, 9);
      expect(totals.marks.blunder).toBe(mine.filter((e) => e.loss >= 0.16).length);
      expect(totals.marks.doubtful + totals.marks.error).toBe(mine.filter((e) => e.loss >= 0.04 && e.loss < 0.16).length);
      // Every double, take and drop of the record is a cube decision of its player.
      const cubeActions = actions.filter((a) => (a.type === "double" || a.type === "take" || a.type === "drop") && a.player === color).length;
      expect(mine.filter((e) => e.kind === "cube" && e.action !== "no-double")).toHaveLength(cubeActions);
    }
    for (const entry of result.entries) {
      expect(entry.loss).toBeGreaterThanOrEqual(0);
      expect(entry.mark).toBe(markOf(entry.loss));
    }
  });
});
