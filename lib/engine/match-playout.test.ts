// Property test: 200 complete 5-point matches with random dice, random legal plays and random cube and resignation
// decisions, from a seeded PRNG so a failure replays exactly. The invariants are the rules of the game restated
// independently of the reducer: 15 checkers a side, never both sides on one point, scores only grow and add up to the
// game records, points = cube × level, exactly one Crawford game where gnubg's rule says so, and the match ends with
// one winner at or past the length. Every step also checks that apply did not mutate its input (states are frozen)
// and that replaying the actions gives the same state.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../scripts/bot/random";
import { apply } from "./match";
import { newMatch, resultMultiplier, type MatchAction, type MatchState } from "./match-state";
import { currentLegalPlays, legalActions, mustPass } from "./match-queries";
import { replay } from "./test-support";
import { describeFailure, COLORS, type Color, type Dice, type DieValue, type Position } from "./types";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function checkersOn(pos: Position, color: Color): number {
  return pos[color].reduce((a, b) => a + b, 0);
}

/** Per-step checks are plain code rather than expect() calls: the playout takes about 130,000 steps. */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function checkPosition(pos: Position): void {
  for (const color of COLORS) {
    check(pos[color].length === 25, `${color} board has 25 entries`);
    check(pos[color].every((n) => Number.isInteger(n) && n >= 0), `${color} counts are whole numbers`);
    check(checkersOn(pos, color) <= 15, `${color} has at most 15 checkers`);
  }
  for (let p = 1; p <= 24; p++) {
    // White's point p is black's point 25 - p.
    check(!((pos.white[p - 1] ?? 0) > 0 && (pos.black[24 - p] ?? 0) > 0), `point ${p} holds both sides`);
  }
}

const LENGTH = 5;

function playMatch(seed: number): { actions: MatchAction[]; final: MatchState } {
  const random = mulberry32(seed);
  const die = (): DieValue => (1 + Math.floor(random() * 6)) as DieValue;
  const dice = (): Dice => [die(), die()];
  let state = deepFreeze(newMatch({ matchLength: LENGTH }));
  const actions: MatchAction[] = [];
  for (let step = 0; state.phase !== "match-over"; step++) {
    check(step < 20_000, "the match ends");
    const allowed = legalActions(state);
    const may = (type: MatchAction["type"]) => allowed.find((a) => a.type === type);
    let action: MatchAction;
    const resign = may("resign-offer");
    if (state.phase === "opening") {
      action = { type: "opening-roll", dice: dice() };
    } else if (state.pendingResign !== null) {
      const answerer = may("resign-accept")?.player as Color;
      action = { type: random() < 0.5 ? "resign-accept" : "resign-decline", player: answerer };
    } else if (resign && random() < 0.01) {
      action = { type: "resign-offer", player: random() < 0.5 ? "white" : "black", level: (1 + Math.floor(random() * 3)) as 1 | 2 | 3 };
    } else if (state.phase === "double-offered") {
      action = { type: random() < 0.7 ? "take" : "drop", player: state.turn as Color };
    } else if (state.phase === "turn-start") {
      const double = may("double");
      action = double && random() < 0.08 ? { type: "double", player: double.player as Color } : { type: "roll", player: state.onRoll as Color, dice: dice() };
    } else {
      const plays = currentLegalPlays(state);
      if (mustPass(state) !== (plays.length === 0)) throw new Error(`seed ${seed}, step ${step}: mustPass disagrees with the ${plays.length} legal plays`);
      const play = plays[Math.floor(random() * plays.length)];
      action = { type: "move", player: state.onRoll as Color, moves: play ? play.moves.map(({ from, to }) => ({ from, to })) : [] };
    }
    const next = apply(state, action);
    if (!next.ok) throw new Error(`seed ${seed}, step ${step}: ${action.type} rejected: ${describeFailure(next)}`);
    try {
      checkStep(state, action, next.value);
    } catch (e) {
      throw new Error(`seed ${seed}, step ${step}, ${action.type}: ${(e as Error).message}`);
    }
    actions.push(action);
    state = deepFreeze(next.value);
  }
  return { actions, final: state };
}

const CUBE_VALUES = new Set([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]);

function checkStep(before: MatchState, action: MatchAction, after: MatchState): void {
  checkPosition(after.position);
  for (const color of COLORS) check(after.score[color] >= before.score[color], "scores only grow");
  check(CUBE_VALUES.has(after.cube.value), "the cube is a power of 2 up to 4096");
  if (action.type === "move" && after.games.length === before.games.length) {
    // The mover's checkers only leave the board by bearing off; the opponent's are all still there (a hit goes to
    // the bar, which is on the board).
    const mover = action.player;
    const other: Color = mover === "white" ? "black" : "white";
    check(checkersOn(after.position, other) === checkersOn(before.position, other), "the opponent keeps its checkers");
    check(checkersOn(after.position, mover) <= checkersOn(before.position, mover), "the mover's checkers only leave by bearing off");
    check(after.position.turn === other, "the opponent is on turn after a play");
  }
  if (after.phase !== "match-over" && after.phase !== "opening") check(after.position.turn === after.onRoll, "the board's turn is the player on roll");
}

function checkMatch(final: MatchState): void {
  const { games, score } = final;
  expect(final.winner).not.toBeNull();
  const winner = final.winner as Color;
  const loser: Color = winner === "white" ? "black" : "white";
  expect(score[winner]).toBeGreaterThanOrEqual(LENGTH);
  expect(score[loser]).toBeLessThan(LENGTH);
  expect(games.at(-1)?.winner).toBe(winner);

  const running = { white: 0, black: 0 };
  let crawfordSeen = false;
  for (const [i, game] of games.entries()) {
    expect(game.number).toBe(i + 1);
    // gnubg's rule, restated: the first game after one side reaches length-1 (the other below it) is Crawford.
    const leader = Math.max(running.white, running.black);
    const trailer = Math.min(running.white, running.black);
    const shouldBeCrawford = !crawfordSeen && leader === LENGTH - 1 && trailer < LENGTH - 1;
    expect(game.crawford).toBe(shouldBeCrawford);
    if (game.crawford) {
      expect(game.cubeValue).toBe(1);
      crawfordSeen = true;
    }
    const level = game.ending === "dropped" ? 1 : resultMultiplier(game.resultKind);
    if (game.ending === "dropped") expect(game.resultKind).toBe("single");
    expect(game.points).toBe(game.cubeValue * level);
    if (game.ending === "played") expect(checkersOn(game.finalPosition, game.winner)).toBe(0);
    running[game.winner] += game.points;
    expect(game.scoreAfter).toEqual(running);
  }
  expect(running).toEqual(score);
}

describe("random 5-point matches", () => {
  it("200 matches keep every invariant and replay to the same state", () => {
    const tally = { games: 0, gammons: 0, backgammons: 0, drops: 0, resigns: 0, crawford: 0, passes: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const { actions, final } = playMatch(seed);
      checkMatch(final);
      expect(replay({ matchLength: LENGTH }, actions)).toEqual({ ok: true, value: final });
      expect(JSON.parse(JSON.stringify(final))).toEqual(final);
      tally.games += final.games.length;
      tally.passes += actions.filter((a) => a.type === "move" && a.moves.length === 0).length;
      for (const g of final.games) {
        if (g.ending === "played" && g.resultKind === "gammon") tally.gammons++;
        if (g.ending === "played" && g.resultKind === "backgammon") tally.backgammons++;
        if (g.ending === "dropped") tally.drops++;
        if (g.ending === "resigned") tally.resigns++;
        if (g.crawford) tally.crawford++;
      }
    }
    // The playout must actually reach every kind of ending, or the invariants above were checked on too little.
    for (const count of Object.values(tally)) expect(count).toBeGreaterThan(0);
  });
});
