import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newMatch, type MatchAction, type MatchState } from "../engine/match-state";
import { makePosition } from "../engine/position";
import { describeFailure, type Color, type Position } from "../engine/types";
import type { MatchEvent } from "../match/events";
import { analyseMatch, analysePoint, analysisPoints, luckMarkOf, markOf, SKILL_THRESHOLDS, type AnalysisPoint, type CubeEntry, type DecisionEntry, type LuckEntry, type MoveEntry } from "./match-analysis";
import { ROLLS } from "./search";
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
    // Two points: white's play and black's roll (its luck). Black's roll is no cube decision: in a 1-point match the
    // cube is dead (gnubg's GetDPEq: score + cube must be short of the match length), and forced plays are not points.
    const points = analysisPoints({ matchLength: 1 }, actions, start).points;
    expect(points.map((p) => p.kind)).toEqual(["move", "roll"]);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // Black wins with any roll: its 2-1 was worth exactly what any other roll was.
    const luck = result.entries.find((e): e is LuckEntry => e.kind === "luck");
    expect(luck).toMatchObject({ player: "black", dice: [2, 1], luckMark: "none" });
    expect(luck?.luck).toBeCloseTo(0, 12);
    expect(result.totals.black).toMatchObject({ rolls: 1 });
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
      const mine = result.entries.filter((e): e is DecisionEntry => e.player === color && e.kind !== "luck");
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
      if (entry.kind === "luck") continue;
      expect(entry.loss).toBeGreaterThanOrEqual(0);
      expect(entry.mark).toBe(markOf(entry.loss));
    }
  });

  it("gives every roll its luck, the opening roll included, and adds it up per game and per match", () => {
    const result = analyseMatch({ matchLength: 7 }, actions, { ply: 0, evaluator });
    const luck = result.entries.filter((e): e is LuckEntry => e.kind === "luck");
    const rolls = actions.filter((a) => a.type === "roll").length;
    const openings = analysisPoints({ matchLength: 7 }, actions).points.filter((p) => p.kind === "roll" && p.opening).length;
    expect(openings).toBeGreaterThan(0);
    expect(luck).toHaveLength(rolls + openings);
    for (const color of ["white", "black"] as const) {
      const mine = luck.filter((e) => e.player === color);
      const totals = result.totals[color];
      expect(totals.rolls).toBe(mine.length);
      expect(totals.luck).toBeCloseTo(mine.reduce((s, e) => s + e.luck, 0), 9);
      expect(Object.values(totals.luckByGame ?? {}).reduce((s, x) => s + x, 0)).toBeCloseTo(totals.luck ?? NaN, 9);
      expect(totals.checkerErrorRate).toBeCloseTo(totals.moves === 0 ? 0 : (1000 * totals.checkerLoss) / totals.moves, 9);
    }
    for (const e of luck) expect(e.luckMark).toBe(luckMarkOf(e.luck));
  });
});

describe("luck", () => {
  // White bears off its two checkers on the 2-point with 26 rolls of 36; black is off next roll whatever it rolls.
  const position = board({ 2: 2 }, { 1: 1 }, "white");
  const context = { matchLength: 0, score: { white: 0, black: 0 }, cubeValue: 1, crawford: false };
  const luckOf = (dice: [number, number], opening = false): number => {
    const point = { kind: "roll", actionIndex: 0, game: 1, position, player: "white", dice, opening, context } as AnalysisPoint;
    const [entry] = analysePoint(point, { ply: 0, evaluator });
    if (entry?.kind !== "luck") throw new Error("a roll point gives a luck entry");
    return entry.luck;
  };
  const q = 26 / 36;

  it("is the equity the roll gave against the average roll: +2 − 2q for a winning roll, −2q for a losing one", () => {
    expect(luckOf([6, 6])).toBeCloseTo(2 - 2 * q, 9);
    expect(luckOf([2, 1])).toBeCloseTo(-2 * q, 9);
    expect(luckMarkOf(luckOf([6, 6]))).toBe("lucky");
    expect(luckMarkOf(luckOf([2, 1]))).toBe("very-unlucky");
  });

  it("averages to zero over the rolls that could have come: 36 for a roll, the 30 without doubles for an opening", () => {
    const all = ROLLS.reduce((s, { dice, weight }) => s + weight * luckOf(dice as [number, number]), 0);
    expect(all / 36).toBeCloseTo(0, 12);
    const opening = ROLLS.filter(({ dice }) => dice[0] !== dice[1]).reduce((s, { dice, weight }) => s + weight * luckOf(dice as [number, number], true), 0);
    expect(opening / 30).toBeCloseTo(0, 12);
  });
});
