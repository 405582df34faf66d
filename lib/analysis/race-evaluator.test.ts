import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initialPosition, makePosition } from "../engine/position";
import type { Color, Position } from "../engine/types";
import { BearoffDatabase } from "./bearoff-database";
import { raceProbabilities } from "./bearoff-race";
import { createEvaluator } from "./evaluator";
import { withExactRaces } from "./race-evaluator";

const db = BearoffDatabase.fromBytes(readFileSync(new URL("./tables/bearoff-one-sided.bin", import.meta.url)));
const network = createEvaluator();
const evaluate = withExactRaces(network, db);

function board(white: Record<number, number>, black: Record<number, number>, turn: Color): Position {
  const side = (points: Record<number, number>) => Array.from({ length: 25 }, (_, i) => points[i + 1] ?? 0);
  const made = makePosition(side(white), side(black), turn);
  if (!made.ok) throw new Error(made.message);
  return made.value;
}

describe("withExactRaces", () => {
  it("answers a bear-off race from the database", () => {
    const race = board({ 6: 2, 5: 1 }, { 4: 2, 1: 1 }, "white");
    expect(evaluate(race)).toEqual(raceProbabilities(db, race));
  });

  it("leaves contact positions and finished games to the evaluator", () => {
    const opening = initialPosition("white");
    expect(evaluate(opening)).toEqual(network(opening));
    // Black has borne off its last checker: white, on roll, has lost (exact from the evaluator's game-over rule).
    const over = board({ 6: 2 }, {}, "white");
    expect(evaluate(over)).toEqual({ win: 0, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 });
  });
});
