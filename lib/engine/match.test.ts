// Scripted matches through the reducer. Expected answers come from the standard rules of backgammon match play
// (points = cube × 1, 2 or 3 for single, gammon, backgammon; a dropped double scores the cube before doubling; a
// resignation scores level × cube), from fair-dice-v1 section 4 (opening roll), and from GNU Backgammon's NewGame
// for the Crawford rule.
import { describe, expect, it } from "vitest";

import { apply, checkRoll } from "./match";
import { newMatch, type MatchAction, type MatchState } from "./match-state";
import { currentLegalPlays } from "./match-queries";
import { initialPosition, makePosition } from "./position";
import { replay } from "./test-support";
import { describeFailure, type Color, type Dice, type FailureValues, type Position } from "./types";

/** A side's 25 counts from { point: checkers } (25 = bar). */
function side(spec: Record<number, number>): number[] {
  const counts = new Array<number>(25).fill(0);
  for (const [point, n] of Object.entries(spec)) counts[Number(point) - 1] = n;
  return counts;
}

/** A position checked by makePosition, so a mistyped test board fails loudly. */
function pos(white: Record<number, number>, black: Record<number, number>, turn: Color): Position {
  const made = makePosition(side(white), side(black), turn);
  if (!made.ok) throw new Error(describeFailure(made));
  return made.value;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Applies actions in order, failing the test on the first rejected one. */
function run(state: MatchState, ...actions: MatchAction[]): MatchState {
  let current = state;
  for (const action of actions) {
    const next = apply(deepFreeze(current), action);
    if (!next.ok) throw new Error(`${action.type} rejected: ${describeFailure(next)}`);
    current = next.value;
  }
  return current;
}

/** The refusal of `action`: its code and the values its sentence is worded from (`errors.<code>`, messages/). */
function rejects(state: MatchState, action: MatchAction): { code: string; values: FailureValues | undefined } {
  const result = apply(deepFreeze(state), action);
  if (result.ok) throw new Error(`${action.type} was accepted`);
  return { code: result.code, values: result.values };
}

/** The state `color` reaches after an opening roll it wins, with `position` swapped in and `dice` to play. */
function moving(color: Color, position: Omit<Position, "turn">, dice: Dice, matchLength = 5): MatchState {
  const opening: Dice = color === "white" ? [2, 1] : [1, 2];
  const started = run(newMatch({ matchLength }), { type: "opening-roll", dice: opening });
  return { ...started, position: { ...position, turn: color }, dice };
}

/** Plays the first legal play for the current dice (or the pass). */
function playAny(state: MatchState): MatchState {
  const player = state.onRoll as Color;
  const play = currentLegalPlays(state)[0];
  const moves = play ? play.moves.map(({ from, to }) => ({ from, to })) : [];
  return run(state, { type: "move", player, moves });
}

/** Ends the current game by a resignation of `loser` at `level`, accepted. */
function resignGame(state: MatchState, loser: Color, level: 1 | 2 | 3): MatchState {
  const winner: Color = loser === "white" ? "black" : "white";
  const opened = state.phase === "opening" ? run(state, { type: "opening-roll", dice: [6, 1] }) : state;
  return run(opened, { type: "resign-offer", player: loser, level }, { type: "resign-accept", player: winner });
}

describe("opening roll (fair-dice-v1 section 4)", () => {
  it("voids a tie, records it and keeps waiting", () => {
    const state = run(newMatch({ matchLength: 3 }), { type: "opening-roll", dice: [4, 4] });
    expect(state.phase).toBe("opening");
    expect(state.voidedOpenings).toEqual([[4, 4]]);
    expect(state.turn).toBeNull();
  });

  it.each([
    { dice: [3, 1] as Dice, starter: "white" },
    { dice: [2, 5] as Dice, starter: "black" },
    { dice: [6, 5] as Dice, starter: "white" },
  ])("die 0 is white's, die 1 black's: $dice starts $starter with both dice", ({ dice, starter }) => {
    const state = run(newMatch({ matchLength: 3 }), { type: "opening-roll", dice: [1, 1] }, { type: "opening-roll", dice });
    expect(state).toMatchObject({ phase: "moving", onRoll: starter, turn: starter, dice, voidedOpenings: [[1, 1]] });
    expect(state.cube).toEqual({ value: 1, owner: null });
    expect(state.position).toEqual(initialPosition(starter as Color));
  });

  it("the opener must play both dice: 3-1 as 8/5 6/5", () => {
    const opened = run(newMatch({ matchLength: 3 }), { type: "opening-roll", dice: [3, 1] });
    // The play's own reason comes through: errors.ERR_ILLEGAL_PLAY words every reason of validatePlay.
    expect(rejects(opened, { type: "move", player: "white", moves: [{ from: 8, to: 5 }] })).toEqual({ code: "ERR_ILLEGAL_PLAY", values: { reason: "bothDice" } });
    const after = run(opened, { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] });
    // Starting position: 5 on the 6 point, 3 on the 8 point; 8/5 6/5 makes the 5 point.
    expect(after.position.white.slice(0, 8)).toEqual([0, 0, 0, 0, 2, 4, 0, 2]);
    expect(after).toMatchObject({ phase: "turn-start", onRoll: "black", turn: "black", dice: null });
  });

  it("no opening roll once the game is under way", () => {
    const opened = run(newMatch({ matchLength: 3 }), { type: "opening-roll", dice: [3, 1] });
    expect(rejects(opened, { type: "opening-roll", dice: [5, 2] }).code).toBe("ERR_WRONG_PHASE");
  });
});

describe("games played to the end: points = cube × 1, 2, 3", () => {
  // White has one checker left on its 1 point and bears it off with any roll.
  const cases: { name: string; black: Record<number, number>; kind: string; points: number }[] = [
    { name: "single: black has borne one off", black: { 6: 14 }, kind: "single", points: 2 },
    { name: "gammon: black has all 15 on the board", black: { 6: 15 }, kind: "gammon", points: 4 },
    { name: "backgammon: black has a checker in white's home board", black: { 6: 14, 20: 1 }, kind: "backgammon", points: 6 },
    { name: "backgammon: black has a checker on the bar", black: { 6: 14, 25: 1 }, kind: "backgammon", points: 6 },
  ];
  it.each(cases)("$name", ({ black, kind, points }) => {
    const start = { ...moving("white", pos({ 1: 1 }, black, "white"), [6, 5], 7), cube: { value: 2, owner: "black" as Color } };
    const done = run(start, { type: "move", player: "white", moves: [{ from: 1, to: 0 }] });
    expect(done.games).toHaveLength(1);
    expect(done.games[0]).toMatchObject({ number: 1, winner: "white", points, resultKind: kind, ending: "played", cubeValue: 2, crawford: false });
    expect(done.games[0]?.finalPosition.white.every((n) => n === 0)).toBe(true);
    expect(done.score).toEqual({ white: points, black: 0 });
    // The next game starts by itself: centred cube, fresh board, waiting for its opening roll.
    expect(done).toMatchObject({ phase: "opening", gameNumber: 2, cube: { value: 1, owner: null }, dice: null, turn: null });
  });

  it("ends the match when the winner reaches the match length (and may pass it)", () => {
    const start = moving("black", pos({ 6: 15 }, { 2: 1 }, "black"), [2, 2], 1);
    const done = run(start, { type: "move", player: "black", moves: [{ from: 2, to: 0 }] });
    expect(done).toMatchObject({ phase: "match-over", winner: "black", score: { white: 0, black: 2 }, turn: null, onRoll: null });
    expect(rejects(done, { type: "opening-roll", dice: [3, 1] }).code).toBe("ERR_MATCH_OVER");
    expect(rejects(done, { type: "resign-offer", player: "white", level: 1 }).code).toBe("ERR_MATCH_OVER");
  });

  it("a forced pass is accepted only when no play exists", () => {
    // White is on the bar against black's closed board (black points 1-6 are white's entry points 24-19).
    const closed = pos({ 25: 1, 6: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }, "white");
    const stuck = moving("white", closed, [6, 6]);
    expect(currentLegalPlays(stuck)).toEqual([]);
    const passed = run(stuck, { type: "move", player: "white", moves: [] });
    expect(passed.position).toEqual({ ...closed, turn: "black" });
    expect(passed).toMatchObject({ phase: "turn-start", onRoll: "black" });

    const free = moving("white", pos({ 6: 15 }, { 6: 15 }, "white"), [3, 1]);
    expect(rejects(free, { type: "move", player: "white", moves: [] })).toEqual({ code: "ERR_MUST_MOVE", values: { count: currentLegalPlays(free).length } });
  });
});

describe("the cube", () => {
  const afterOpening = run(
    newMatch({ matchLength: 7 }),
    { type: "opening-roll", dice: [3, 1] },
    { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] },
  );

  it("double and take: cube doubles, the taker owns it, the doubler rolls", () => {
    const offered = run(afterOpening, { type: "double", player: "black" });
    expect(offered).toMatchObject({ phase: "double-offered", onRoll: "black", turn: "white", pendingDouble: { player: "black", value: 2 } });
    const taken = run(offered, { type: "take", player: "white" });
    expect(taken).toMatchObject({ phase: "turn-start", turn: "black", cube: { value: 2, owner: "white" }, pendingDouble: null });
    expect(rejects(taken, { type: "double", player: "black" })).toEqual({ code: "ERR_CUBE_OWNED", values: { player: "white" } });
    const rolled = run(taken, { type: "roll", player: "black", dice: [6, 5] });
    expect(rolled).toMatchObject({ phase: "moving", dice: [6, 5] });
    // Only the owner may redouble: white, at its next turn, to 4.
    const redoubled = run(playAny(rolled), { type: "double", player: "white" }, { type: "take", player: "black" });
    expect(redoubled.cube).toEqual({ value: 4, owner: "black" });
  });

  it("double and drop: the doubler wins the cube value before doubling, as a single game", () => {
    const taken = run(afterOpening, { type: "double", player: "black" }, { type: "take", player: "white" });
    const second = run(taken, { type: "roll", player: "black", dice: [2, 1] });
    const dropped = run(playAny(second), { type: "double", player: "white" }, { type: "drop", player: "black" });
    expect(dropped.games[0]).toMatchObject({ winner: "white", points: 2, resultKind: "single", ending: "dropped", cubeValue: 2 });
    expect(dropped.score).toEqual({ white: 2, black: 0 });
    expect(dropped.phase).toBe("opening");
  });

  it.each([
    { name: "the doubler answers its own double", action: { type: "take", player: "black" }, code: "ERR_NOT_YOUR_TURN" },
    { name: "the doubler rolls before the answer", action: { type: "roll", player: "black", dice: [1, 2] }, code: "ERR_WRONG_PHASE" },
    { name: "the taker doubles back (no beavers in match play)", action: { type: "double", player: "white" }, code: "ERR_WRONG_PHASE" },
  ] as { name: string; action: MatchAction; code: string }[])("rejects: $name", ({ action, code }) => {
    expect(rejects(run(afterOpening, { type: "double", player: "black" }), action).code).toBe(code);
  });

  it.each([
    { name: "not on roll", action: { type: "double", player: "white" }, code: "ERR_NOT_YOUR_TURN" },
    { name: "after rolling", action: { type: "double", player: "black" }, roll: true, code: "ERR_WRONG_PHASE" },
    { name: "take without a double", action: { type: "take", player: "white" }, code: "ERR_WRONG_PHASE" },
    { name: "drop without a double", action: { type: "drop", player: "white" }, code: "ERR_WRONG_PHASE" },
  ] as { name: string; action: MatchAction; roll?: boolean; code: string }[])("rejects: $name", ({ action, roll, code }) => {
    const state = roll ? run(afterOpening, { type: "roll", player: "black", dice: [4, 2] }) : afterOpening;
    expect(rejects(state, action).code).toBe(code);
  });

  it("stops at gnubg's MAX_CUBE of 4096", () => {
    const high = { ...afterOpening, cube: { value: 4096, owner: "black" as Color } };
    expect(rejects(high, { type: "double", player: "black" })).toEqual({ code: "ERR_CUBE_LIMIT", values: { limit: 4096 } });
    const below = { ...afterOpening, cube: { value: 2048, owner: "black" as Color } };
    expect(run(below, { type: "double", player: "black" }, { type: "take", player: "white" }).cube.value).toBe(4096);
  });
});

describe("the Crawford rule", () => {
  it("3-point match: no doubling in the Crawford game, doubling again after it", () => {
    // Game 1: black resigns a gammon, white leads 2-0 = one point short of 3, so game 2 is the Crawford game.
    const g2 = resignGame(newMatch({ matchLength: 3 }), "black", 2);
    expect(g2).toMatchObject({ gameNumber: 2, score: { white: 2, black: 0 }, crawford: true, postCrawford: false });
    const g2Open = run(g2, { type: "opening-roll", dice: [1, 3] }); // black starts
    const g2Turn = playAny(g2Open);
    expect(rejects(g2Turn, { type: "double", player: "white" }).code).toBe("ERR_CRAWFORD_GAME");
    const g2Next = playAny(run(g2Turn, { type: "roll", player: "white", dice: [5, 2] }));
    expect(rejects(g2Next, { type: "double", player: "black" }).code).toBe("ERR_CRAWFORD_GAME");

    // Game 2: white resigns a single game: 2-1, game 3 is post-Crawford and the cube is back.
    const g3 = resignGame(g2Next, "white", 1);
    expect(g3.games[1]).toMatchObject({ crawford: true, points: 1, winner: "black" });
    expect(g3).toMatchObject({ gameNumber: 3, score: { white: 2, black: 1 }, crawford: false, postCrawford: true });
    const g3Open = run(g3, { type: "opening-roll", dice: [4, 2] });
    const g3Turn = playAny(g3Open);
    const dropped = run(g3Turn, { type: "double", player: "black" }, { type: "drop", player: "white" });
    // 2-2: both one short, still post-Crawford (gnubg: only one Crawford game per match).
    expect(dropped).toMatchObject({ gameNumber: 4, score: { white: 2, black: 2 }, crawford: false, postCrawford: true });

    const over = resignGame(dropped, "white", 1);
    expect(over).toMatchObject({ phase: "match-over", winner: "black", score: { white: 2, black: 3 } });
    expect(over.games.map((g) => g.crawford)).toEqual([false, true, false, false]);
  });

  it.each([
    // gnubg NewGame: Crawford when the leader is at length-1 and the trailer below it.
    { length: 5, cube: 4, level: 1, whitePoints: 4, crawford: true },
    { length: 5, cube: 1, level: 3, whitePoints: 3, crawford: false },
    { length: 2, cube: 1, level: 1, whitePoints: 1, crawford: true },
  ] as const)("length $length, white wins $whitePoints in game 1: Crawford next = $crawford", ({ length, cube, level, whitePoints, crawford }) => {
    const opened = run(newMatch({ matchLength: length }), { type: "opening-roll", dice: [6, 1] });
    const state = run({ ...opened, cube: { value: cube, owner: null } }, { type: "resign-offer", player: "black", level }, { type: "resign-accept", player: "white" });
    expect(state.score).toEqual({ white: whitePoints, black: 0 });
    expect(state.crawford).toBe(crawford);
  });

  it("a 1-point match has no Crawford game", () => {
    expect(newMatch({ matchLength: 1 }).crawford).toBe(false);
  });
});

describe("resignation", () => {
  const midGame = { ...run(newMatch({ matchLength: 11 }), { type: "opening-roll", dice: [5, 2] }), cube: { value: 2, owner: "black" as Color } };

  it.each([
    { level: 1, kind: "single", points: 2 },
    { level: 2, kind: "gammon", points: 4 },
    { level: 3, kind: "backgammon", points: 6 },
  ] as const)("level $level accepted: the opponent wins level × cube = $points", ({ level, kind, points }) => {
    const offered = run(midGame, { type: "resign-offer", player: "black", level });
    expect(offered).toMatchObject({ pendingResign: { player: "black", level }, turn: "white", onRoll: "white", phase: "moving" });
    const done = run(offered, { type: "resign-accept", player: "white" });
    expect(done.games[0]).toMatchObject({ winner: "white", points, resultKind: kind, ending: "resigned", cubeValue: 2 });
    expect(done.score).toEqual({ white: points, black: 0 });
  });

  it("declined: play continues exactly where it was", () => {
    for (const before of [midGame, playAny(midGame)]) {
      const offered = run(before, { type: "resign-offer", player: "white", level: 1 });
      expect(offered.turn).toBe("black");
      expect(run(offered, { type: "resign-decline", player: "black" })).toEqual(before);
    }
    const doubled = run(playAny(midGame), { type: "double", player: "black" });
    const back = run(doubled, { type: "resign-offer", player: "black", level: 2 }, { type: "resign-decline", player: "white" });
    expect(back).toEqual(doubled);
  });

  it.each([
    { name: "a second offer while one is pending", action: { type: "resign-offer", player: "white", level: 1 }, code: "ERR_RESIGN_PENDING" },
    { name: "moving on while an offer is pending", action: { type: "move", player: "white", moves: [{ from: 13, to: 8 }, { from: 13, to: 11 }] }, code: "ERR_RESIGN_PENDING" },
    { name: "the resigner accepts its own offer", action: { type: "resign-accept", player: "black" }, code: "ERR_NOT_YOUR_TURN" },
  ] as { name: string; action: MatchAction; code: string }[])("rejects $name", ({ action, code }) => {
    expect(rejects(run(midGame, { type: "resign-offer", player: "black", level: 1 }), action).code).toBe(code);
  });

  it("rejects an answer with no offer, and an offer before the opening roll", () => {
    expect(rejects(midGame, { type: "resign-decline", player: "white" }).code).toBe("ERR_NO_RESIGN_PENDING");
    expect(rejects(newMatch({ matchLength: 3 }), { type: "resign-offer", player: "white", level: 1 })).toEqual({ code: "ERR_WRONG_PHASE", values: { reason: "resignOutsideGame" } });
  });
});

describe("wrong player, wrong phase, malformed actions", () => {
  const opened = run(newMatch({ matchLength: 5 }), { type: "opening-roll", dice: [3, 1] });
  const blackToRoll = playAny(opened);

  it.each([
    { name: "black moves on white's opening", state: opened, action: { type: "move", player: "black", moves: [{ from: 24, to: 21 }] }, code: "ERR_NOT_YOUR_TURN" },
    { name: "white rolls on black's turn", state: blackToRoll, action: { type: "roll", player: "white", dice: [1, 2] }, code: "ERR_NOT_YOUR_TURN" },
    { name: "roll while dice are rolled", state: opened, action: { type: "roll", player: "white", dice: [1, 2] }, code: "ERR_WRONG_PHASE" },
    { name: "move before rolling", state: blackToRoll, action: { type: "move", player: "black", moves: [{ from: 24, to: 21 }] }, code: "ERR_WRONG_PHASE" },
    { name: "roll before the opening roll", state: newMatch({ matchLength: 5 }), action: { type: "roll", player: "white", dice: [1, 2] }, code: "ERR_WRONG_PHASE" },
    { name: "bearing off from the empty 1 point", state: opened, action: { type: "move", player: "white", moves: [{ from: 1, to: 0 }] }, code: "ERR_ILLEGAL_PLAY" },
    { name: "a die of 7", state: blackToRoll, action: { type: "roll", player: "black", dice: [7, 1] }, code: "ERR_INVALID_ACTION" },
    { name: "a colour that is not a side", state: blackToRoll, action: { type: "roll", player: "red", dice: [1, 1] }, code: "ERR_INVALID_ACTION" },
    { name: "a resignation level of 4", state: blackToRoll, action: { type: "resign-offer", player: "black", level: 4 }, code: "ERR_INVALID_ACTION" },
    { name: "moves that are not a list", state: opened, action: { type: "move", player: "white", moves: "8/5 6/5" }, code: "ERR_INVALID_ACTION" },
    { name: "an unknown action", state: opened, action: { type: "beaver", player: "white" }, code: "ERR_INVALID_ACTION" },
  ] as unknown as { name: string; state: MatchState; action: MatchAction; code: string }[])("$name → $code", ({ state, action, code }) => {
    expect(rejects(state, action).code).toBe(code);
  });

  it("answers whether a roll is due (checkRoll) as apply answers a roll, without dice", () => {
    const doubled = run(blackToRoll, { type: "double", player: "black" });
    const resigning = run(blackToRoll, { type: "resign-offer", player: "white", level: 1 });
    const over = resignGame(run(newMatch({ matchLength: 1 }), { type: "opening-roll", dice: [3, 1] }), "white", 1);
    const cases: [string, MatchState, Color, string | null][] = [
      ["black on roll", blackToRoll, "black", null],
      ["white on black's turn", blackToRoll, "white", "ERR_NOT_YOUR_TURN"],
      ["dice already rolled", opened, "white", "ERR_WRONG_PHASE"],
      ["before the opening roll", newMatch({ matchLength: 5 }), "white", "ERR_WRONG_PHASE"],
      ["a double waiting for its answer", doubled, "black", "ERR_WRONG_PHASE"],
      ["a resignation waiting for its answer", resigning, "black", "ERR_RESIGN_PENDING"],
      ["the match over", over, "white", "ERR_MATCH_OVER"],
    ];
    for (const [name, state, player, code] of cases) {
      const due = checkRoll(deepFreeze(state), player);
      const applied = apply(state, { type: "roll", player, dice: [6, 5] });
      expect({ name, code: due.ok ? null : due.code }).toEqual({ name, code });
      expect({ name, due }).toEqual({ name, due: applied.ok ? { ok: true, value: true } : applied });
    }
  });

  it("throws only for a programmer's bad match length", () => {
    expect(() => newMatch({ matchLength: 0 })).toThrow(RangeError);
    expect(() => newMatch({ matchLength: 26 })).toThrow(RangeError);
    expect(() => newMatch({ matchLength: 2.5 })).toThrow(RangeError);
    expect(newMatch({ matchLength: 25 }).matchLength).toBe(25);
  });
});

describe("replay", () => {
  const actions: MatchAction[] = [
    { type: "opening-roll", dice: [2, 2] },
    { type: "opening-roll", dice: [3, 1] },
    { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] },
    { type: "double", player: "black" },
    { type: "take", player: "white" },
    { type: "roll", player: "black", dice: [6, 4] },
    { type: "move", player: "black", moves: [{ from: 24, to: 18 }, { from: 18, to: 14 }] },
    { type: "resign-offer", player: "white", level: 2 },
    { type: "resign-decline", player: "black" },
    { type: "resign-offer", player: "white", level: 1 },
    { type: "resign-accept", player: "black" },
  ];

  it("equals applying the actions one by one, and survives JSON", () => {
    const stepwise = run(newMatch({ matchLength: 3 }), ...actions);
    const replayed = replay({ matchLength: 3 }, actions);
    expect(replayed).toEqual({ ok: true, value: stepwise });
    expect(JSON.parse(JSON.stringify(stepwise))).toEqual(stepwise);
    expect(stepwise).toMatchObject({ score: { white: 0, black: 2 }, gameNumber: 2, phase: "opening" });
  });

  it("names the first action that fails", () => {
    const bad = [...actions.slice(0, 3), { type: "roll", player: "white", dice: [1, 2] } as MatchAction];
    const result = replay({ matchLength: 3 }, bad);
    expect(result.ok).toBe(false);
    expect(result).toEqual({ ok: false, code: "ERR_NOT_YOUR_TURN", values: { reason: "roll", player: "black", action: 4 } });
  });
});
