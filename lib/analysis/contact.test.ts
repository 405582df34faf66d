import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodePositionId, initialPosition, makePosition } from "../engine";
import { isCrashed, isRace } from "./contact";

/** Every position of the strength sets, each with the class GNU Backgammon 1.07 gave it when the set was built. */
function gnubgClasses(): { readonly pos: string; readonly gnubgClass: string }[] {
  const dir = path.join(import.meta.dirname, "..", "..", "scripts", "strength", "fixtures");
  const rows: { pos: string; gnubgClass: string }[] = [];
  for (const file of ["heldout-20261204.jsonl", "cube-20261204.jsonl", "cube-20261205.jsonl"]) {
    for (const line of readFileSync(path.join(dir, file), "utf8").split("\n").filter(Boolean)) {
      const row = JSON.parse(line) as { pos: string; gnubgClass?: string; class?: string };
      rows.push({ pos: row.pos, gnubgClass: row.gnubgClass ?? row.class ?? "" });
    }
  }
  return rows;
}

describe("isRace and isCrashed", () => {
  it("class every position of the strength sets as gnubg did (1,400 positions, 82 crashed)", () => {
    const rows = gnubgClasses();
    let crashed = 0;
    for (const row of rows) {
      const decoded = decodePositionId(row.pos, "white");
      if (!decoded.ok) throw new Error(row.pos);
      const contact = row.gnubgClass === "contact" || row.gnubgClass === "crashed";
      expect({ pos: row.pos, race: isRace(decoded.value), crashed: isCrashed(decoded.value) }).toEqual({ pos: row.pos, race: !contact, crashed: row.gnubgClass === "crashed" });
      if (row.gnubgClass === "crashed") crashed++;
    }
    expect(rows).toHaveLength(1400);
    expect(crashed).toBe(82);
  });

  it("call the opening contact, and a side with six checkers left in contact crashed", () => {
    expect(isCrashed(initialPosition("white"))).toBe(false);
    const six = new Array<number>(25).fill(0);
    six[0] = 2;
    six[5] = 3;
    six[24] = 1; // on the bar: still in contact with black's checkers below
    const black = new Array<number>(25).fill(0);
    black[5] = 5;
    black[7] = 3;
    black[12] = 5;
    black[21] = 2;
    const made = makePosition(six, black, "white");
    if (!made.ok) throw new Error(made.code);
    expect(isRace(made.value)).toBe(false);
    expect(isCrashed(made.value)).toBe(true);
  });

  it("count checkers stacked on the 1- and 2-point as out of play", () => {
    const black = new Array<number>(25).fill(0);
    black[5] = 5;
    black[7] = 3;
    black[12] = 5;
    black[21] = 2;
    // Nine checkers, four of them on the 1-point: five in play.
    const deep = new Array<number>(25).fill(0);
    deep[0] = 4;
    deep[3] = 2;
    deep[7] = 2;
    deep[20] = 1;
    // Nine checkers spread out: not crashed.
    const spread = new Array<number>(25).fill(0);
    spread[3] = 3;
    spread[4] = 3;
    spread[7] = 2;
    spread[20] = 1;
    const of = (white: number[]) => {
      const made = makePosition(white, black, "black");
      if (!made.ok) throw new Error(made.code);
      return made.value;
    };
    expect(isCrashed(of(deep))).toBe(true);
    expect(isCrashed(of(spread))).toBe(false);
  });
});
