import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { MatchEvent } from "../match/events";
import { makeMat, matGamesFromActions, matPlayerName, type MatInput, type MatRecord } from "./mat";
import { parseMat, splitColumns } from "./mat-parse";
import { describeFailure } from "./types";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/mat/${name}`, import.meta.url), "utf8");

interface MatchFixture {
  readonly events: MatchEvent[];
  readonly mat: string;
  readonly gnubgMat: string;
  readonly gnubgFinalScore: { white: number; black: number };
}

const matchFixture = (name: string) => JSON.parse(fixture(`${name}.json`)) as MatchFixture;

const actionsOf = (events: readonly MatchEvent[]) => events.flatMap((e) => (e.type === "action" ? [e.action] : []));
const lengthOf = (events: readonly MatchEvent[]) => events.find((e) => e.type === "created")?.matchLength ?? 0;

const W = "white" as const;
const B = "black" as const;
const open31: MatRecord = { kind: "move", player: W, dice: [3, 1], moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] };
const black65: MatRecord = { kind: "move", player: B, dice: [6, 5], moves: [{ from: 24, to: 18 }, { from: 18, to: 13 }] };
const white64: MatRecord = { kind: "move", player: W, dice: [6, 4], moves: [{ from: 24, to: 18 }, { from: 18, to: 14 }] };

const oneGame = (records: MatRecord[]): MatInput => ({ matchLength: 5, players: { white: "alice", black: "bob" }, games: [{ records }], date: "2026-05-01" });
const header = '; [EventDate "2026.05.01"]\n\n 5 point match\n\n Game 1\n alice : 0                      bob : 0\n';

describe("makeMat lays a game out as gnubg's ExportGameJF does", () => {
  // Each expected text is what GNU Backgammon 1.07.001 wrote when it imported this file and exported it again
  // (`import mat`, `export match mat`): identical, byte for byte.
  it.each([
    ["white opens; black drops a double in the right column", [open31, black65, { kind: "double", player: W }, { kind: "drop", player: B }],
      "  1) 31: 8/5 6/5                 65: 24/18 18/13 \n  2)  Doubles => 2                Drops\n      Wins 1 point\n\n"],
    ["black opens after an empty left column; white drops in the left column", [{ kind: "move", player: B, dice: [4, 2], moves: [{ from: 8, to: 4 }, { from: 6, to: 4 }] }, white64, { kind: "double", player: B }, { kind: "drop", player: W }],
      "  1)                             42: 8/4 6/4 \n  2) 64: 24/18 18/14              Doubles => 2\n  3)  Drops                       Wins 1 point \n\n"],
    ["a take; white resigns on black's turn after black moved, at cube 2", [open31, { kind: "double", player: B }, { kind: "take", player: W }, black65, { kind: "resign", player: W, level: 1 }],
      "  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Takes                      65: 24/18 18/13 \n                                  Wins 2 points\n\n"],
    ["black resigns a gammon on white's turn", [open31, black65, { kind: "resign", player: B, level: 2 }],
      "  1) 31: 8/5 6/5                 65: 24/18 18/13 \n      Wins 2 points\n\n"],
    ["white resigns a backgammon on black's turn: on the same line", [open31, black65, white64, { kind: "resign", player: W, level: 3 }],
      "  1) 31: 8/5 6/5                 65: 24/18 18/13 \n  2) 64: 24/18 18/14              Wins 3 points\n\n"],
    ["black resigns on its own turn", [open31, black65, white64, { kind: "resign", player: B, level: 1 }],
      "  1) 31: 8/5 6/5                 65: 24/18 18/13 \n  2) 64: 24/18 18/14             \n      Wins 1 point\n\n"],
    ["white rolls, then resigns: the roll and the points on one line", [open31, black65, { kind: "roll", player: W, dice: [6, 4] }, { kind: "resign", player: W, level: 1 }],
      "  1) 31: 8/5 6/5                 65: 24/18 18/13 \n  2) 64:                         Wins 1 point\n\n"],
    ["black rolls, then resigns a gammon", [open31, { kind: "roll", player: B, dice: [6, 4] }, { kind: "resign", player: B, level: 2 }],
      "  1) 31: 8/5 6/5                 64: \n      Wins 2 points\n\n"],
    ["doubles: four moves and no trailing space; padding to 27 then a space", [open31, { kind: "move", player: B, dice: [1, 1], moves: [{ from: 8, to: 7 }, { from: 8, to: 7 }, { from: 6, to: 5 }, { from: 6, to: 5 }] }, { kind: "move", player: W, dice: [4, 4], moves: [{ from: 13, to: 9 }, { from: 13, to: 9 }, { from: 6, to: 2 }, { from: 6, to: 2 }] }, { kind: "resign", player: B, level: 1 }],
      "  1) 31: 8/5 6/5                 11: 8/7 8/7 6/5 6/5\n  2) 44: 13/9 13/9 6/2 6/2       \n      Wins 1 point\n\n"],
  ] as const)("%s", (_name, records, body) => {
    expect(makeMat(oneGame([...records]))).toBe(header + body);
  });

  it("writes moves in gnubg's canonical order (highest point first) whatever order they come in", () => {
    const reversed: MatRecord = { kind: "move", player: W, dice: [3, 1], moves: [{ from: 6, to: 5 }, { from: 8, to: 5 }] };
    expect(makeMat(oneGame([reversed]))).toContain("  1) 31: 8/5 6/5 ");
  });

  it("splits a joined move into its dice, by the path the rules engine finds first", () => {
    const joined: MatRecord = { kind: "move", player: W, dice: [6, 5], moves: [{ from: 24, to: 13 }] };
    expect(makeMat(oneGame([joined]))).toContain("  1) 65: 24/18 18/13 ");
  });

  it("writes the header comments gnubg reads back, and refuses a malformed date (a programmer error)", () => {
    const text = makeMat({ ...oneGame([]), site: "Fairgammon", event: 'Club "night"] finals\n' });
    expect(text.split("\n").slice(0, 5)).toEqual(['; [Site "Fairgammon"]', '; [Event "Club "night" ] finals"]', '; [EventDate "2026.05.01"]', "", " 5 point match"]);
    expect(() => makeMat({ ...oneGame([]), date: "1 May 2026" })).toThrow(RangeError);
  });

  it("refuses records that are not a legal game (a programmer error)", () => {
    expect(() => makeMat(oneGame([{ kind: "move", player: W, dice: [6, 5], moves: [{ from: 24, to: 20 }] }]))).toThrow(/illegal play/);
    expect(() => makeMat(oneGame([open31, open31]))).toThrow(/on black's turn/);
  });

  it("writes a money session as ' 0 point match', as gnubg exports one, and refuses a negative length", () => {
    // GNU Backgammon 1.07.001: `set cube use off`, `new session`, `set dice 31`, `move 8/5 6/5`, `set dice 64`,
    // `move 24/18 13/9`, `set dice 66`, `export match mat` wrote exactly this (its player 1, "root", on roll first);
    // `import mat` of it gives back a money session (match-length 0), which scripts/strength/gnubg-judge.ts relies on.
    const records: MatRecord[] = [
      { kind: "move", player: B, dice: [3, 1], moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] },
      { kind: "move", player: W, dice: [6, 4], moves: [{ from: 24, to: 18 }, { from: 13, to: 9 }] },
      { kind: "roll", player: B, dice: [6, 6] },
    ];
    const money = makeMat({ matchLength: 0, players: { white: "gnubg", black: "root" }, games: [{ records }], date: "2026-12-02" });
    expect(money).toBe(
      '; [EventDate "2026.12.02"]\n\n 0 point match\n\n Game 1\n gnubg : 0                      root : 0\n' +
        "  1)                             31: 8/5 6/5 \n  2) 64: 24/18 13/9              66: ",
    );
    expect(() => makeMat({ ...oneGame([]), matchLength: -1 })).toThrow(RangeError);
  });
});

describe("matPlayerName keeps names gnubg reads back unchanged", () => {
  it.each([
    ["alice", "alice"],
    ["  two   words ", "two words"],
    ["a:b,c", "a_b_c"],
    ["line\nbreak", "line break"],
    ["", "White"],
    ["x".repeat(40), "x".repeat(31)],
    // 15 two-byte letters are 30 bytes; a 16th would pass gnubg's 31-byte buffer.
    ["é".repeat(20), "é".repeat(15)],
  ])("%j → %j", (name, expected) => {
    expect(matPlayerName(name, "white")).toBe(expected);
  });

  it("pads the score line by bytes, as printf does", () => {
    const text = makeMat({ ...oneGame([]), players: { white: "éé", black: "bob" } });
    expect(text).toContain(` éé : 0${" ".repeat(31 - 8)}bob : 0\n`);
  });
});

describe("parseMat reads gnubg's files", () => {
  const native = fixture("gnubg-selfplay.mat");
  const reexport = fixture("gnubg-selfplay.reexport.mat");
  const gnubgGames = JSON.parse(fixture("gnubg-selfplay.games.json")) as { "score-X": number; "score-O": number; winner: "X" | "O"; "points-won": number }[];

  it("gives back gnubg's own export of an imported match byte for byte", () => {
    const parsed = parseMat(reexport);
    expect(parsed.ok && makeMat(parsed.value)).toBe(reexport);
  });

  it("reads a match gnubg played against itself with gnubg's scores and results (gnubg.match() of the import)", () => {
    const parsed = parseMat(native);
    if (!parsed.ok) throw new Error(describeFailure(parsed));
    expect(parsed.value.games.map((g) => ({ score: g.score, result: g.result }))).toEqual(
      gnubgGames.map((g) => ({
        score: { white: g["score-X"], black: g["score-O"] },
        result: { winner: g.winner === "X" ? "white" : "black", points: g["points-won"] },
      })),
    );
    expect(parsed.value).toMatchObject({ matchLength: 7, players: { white: "alice", black: "bob" }, date: "2026-11-29" });
    // gnubg writes the moves of its own play in the order it found them, and in its canonical order once imported.
    expect(makeMat(parsed.value)).toBe(reexport);
  });

  it.each(["server-7", "random-3-122", "anytime-31", "anytime-45"])("round-trips our file for %s, and reads gnubg's final score", (name) => {
    const { events, mat, gnubgFinalScore } = matchFixture(name);
    const parsed = parseMat(mat);
    if (!parsed.ok) throw new Error(describeFailure(parsed));
    expect(makeMat(parsed.value)).toBe(mat);
    const last = parsed.value.games.at(-1);
    const final = { ...(last?.score ?? { white: 0, black: 0 }) };
    if (last?.result) final[last.result.winner] += last.result.points;
    expect(final).toEqual(gnubgFinalScore);
    expect(lengthOf(events)).toBe(parsed.value.matchLength);
  });

  it.each([
    // Two colons: the right column starts two characters before the second.
    ["  2) 52: 13/8 24/22              63: 8/5 11/5 ", ` 52: 13/8 24/22${" ".repeat(13)}`, "63: 8/5 11/5 "],
    // Otherwise at the first two spaces from column 15 on.
    ["  1)                             21: 13/11 24/23 ", " ".repeat(11), `${" ".repeat(17)}21: 13/11 24/23 `],
    ["  4)  Takes                      31: 16/13 6/5 ", "  Takes    ", `${" ".repeat(17)}31: 16/13 6/5 `],
    ["  3)  Drops                       Wins 1 point ", "  Drops    ", `${" ".repeat(18)}Wins 1 point `],
    ["      Wins 1 point", "      Wins 1 point", null],
    ["                                  Wins 2 points", "               ", "                  Wins 2 points"],
  ])("splits %j into columns as gnubg's ImportGame does", (line, left, right) => {
    expect(splitColumns(line)).toEqual([left, right]);
  });

  it.each([
    ["no match line", "hello\n", { reason: "noMatchLine", line: 2 }],
    ["no score line", "\n 3 point match\n\n Game 1\n nonsense\n", { reason: "noScoreLine", line: 5 }],
    ["an illegal play", `${header}  1) 31: 8/3                   \n`, { reason: "illegalPlay", line: 7, player: "white", play: "8/3", dice: "31" }],
    ["a move out of turn", `${header}  1) 31: 8/5 6/5                 \n  2) 65: 24/18 18/13\n`, { reason: "wrongTurn", line: 8, player: "white", turn: "black" }],
    ["a take without a double", `${header}  1) 31: 8/5 6/5                  Takes\n`, { reason: "takeWithoutDouble", line: 7 }],
    ["something unknown", `${header}  1) 31: 8/5 6/5                  Beams\n`, { reason: "unreadable", line: 7, part: "Beams" }],
  ])("refuses %s with the line", (_name, text, values) => {
    expect(parseMat(text)).toEqual({ ok: false, code: "ERR_BAD_MAT", values });
  });
});

describe("matGamesFromActions makes the file gnubg imported to the same positions (scripts/mat-gnubg.test.ts)", () => {
  it.each(["server-7", "random-3-122", "anytime-31", "anytime-45"])("%s", (name) => {
    const { events, mat } = matchFixture(name);
    const games = matGamesFromActions(lengthOf(events), actionsOf(events));
    expect(makeMat({ matchLength: lengthOf(events), players: { white: "alice", black: "bob" }, games, date: "2026-05-01" })).toBe(mat);
  });

  it("leaves out declined resignations and keeps an unplayed roll before an accepted one", () => {
    const games = matGamesFromActions(3, [
      { type: "opening-roll", dice: [3, 1] },
      { type: "resign-offer", player: "black", level: 1 },
      { type: "resign-decline", player: "white" },
      { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] },
      { type: "roll", player: "black", dice: [2, 6] },
      { type: "resign-offer", player: "black", level: 2 },
      { type: "resign-accept", player: "white" },
      { type: "opening-roll", dice: [2, 2] },
      { type: "opening-roll", dice: [1, 2] },
      { type: "move", player: "black", moves: [{ from: 13, to: 11 }, { from: 11, to: 10 }] },
    ]);
    expect(games).toEqual([
      { records: [open31, { kind: "roll", player: B, dice: [6, 2] }, { kind: "resign", player: B, level: 2 }] },
      { records: [{ kind: "move", player: B, dice: [2, 1], moves: [{ from: 13, to: 11 }, { from: 11, to: 10 }] }] },
    ]);
  });
});
