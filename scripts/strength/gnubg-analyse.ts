/**
 * Runs GNU Backgammon 1.07 on a .mat money session (scripts/gnubg/judge-mat.py) and checks that it read the games as
 * they were written, for gnubg-judge.ts.
 *
 * @example
 *   const judged = judgeMat("/tmp/games.mat", "/tmp/games.json", 2);
 *   judged.games[0]?.X["error-skill"]; // equity white lost in game 1, by gnubg's 2-ply analysis
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { SideStats } from "./judge-summary";
import type { RecordedGame } from "./recorded-game";

export const GNUBG = "/usr/games/gnubg";
const JUDGE_SCRIPT = path.join(import.meta.dirname, "..", "gnubg", "judge-mat.py");

/** judge-mat.py's output; X is white (the .mat's left column), O black. */
export interface JudgeFile {
  readonly ply: string;
  readonly games: readonly JudgedGame[];
}

export interface JudgedGame {
  readonly X: SideStats;
  readonly O: SideStats;
  /** The plays as gnubg read them: [player "X" | "O", dice, [[from, to], …]]. */
  readonly plays: readonly (readonly [string, readonly number[], readonly (readonly number[])[]])[];
}

/**
 * Runs gnubg on one .mat file, its chequer play analysed at `ply` (white's plays only when `onlyWhite`, and black's
 * figures are then zeros); throws with the tail of gnubg's output if it fails.
 */
export function judgeMat(matFile: string, statsFile: string, ply: number, onlyWhite = false): JudgeFile {
  rmSync(statsFile, { force: true });
  const run = spawnSync(GNUBG, ["-t", "-q", "-r", "-p", JUDGE_SCRIPT], {
    env: { ...process.env, JUDGE_MAT: matFile, JUDGE_OUT: statsFile, JUDGE_PLY: String(ply), JUDGE_ONLY_X: onlyWhite ? "1" : "0" },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  // gnubg exits 0 even when the script fails, so the statistics file is the sign of success.
  if (!existsSync(statsFile)) throw new Error(`gnubg wrote no statistics for ${matFile}: ${`${run.stdout}${run.stderr}`.slice(-2000)}`);
  return JSON.parse(readFileSync(statsFile, "utf8")) as JudgeFile;
}

const byGnubgOrder = (a: readonly number[], b: readonly number[]) => (b[0] ?? 0) - (a[0] ?? 0) || (b[1] ?? 0) - (a[1] ?? 0);

/** Throws unless gnubg read `game` exactly as written: the same players, dice and checker moves, record by record. */
export function checkRead(game: RecordedGame, read: JudgedGame, label: string): void {
  const written = game.mat.records.map((r) => {
    if (r.kind !== "move") throw new Error(`${label}: unexpected ${r.kind} record in a cubeless game`);
    return [r.player === "white" ? "X" : "O", [...r.dice], r.moves.map((m) => [m.from, m.to]).sort(byGnubgOrder)];
  });
  const got = read.plays.map(([player, dice, moves]) => [player, dice, [...moves].sort(byGnubgOrder)]);
  if (JSON.stringify(written) !== JSON.stringify(got)) throw new Error(`gnubg read ${label} differently from how it was written`);
}
