/**
 * The strength judge's pipeline against the real GNU Backgammon 1.07: two seeded pubeval games written as a money
 * session must come back from gnubg's import and analysis as the same plays, with one analysed move per record.
 * Needs /usr/games/gnubg (Debian package gnubg); skipped without it.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeMat } from "@/lib/engine/mat";
import { pubevalChoosePlay } from "@/lib/analysis/pubeval";
import { GNUBG, checkRead, judgeMat } from "./gnubg-analyse";
import { recordedGame } from "./recorded-game";

const hasGnubg = existsSync(GNUBG);
const dir = mkdtempSync(path.join(tmpdir(), "gnubg-analyse-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasGnubg)("judgeMat (GNU Backgammon 1.07)", () => {
  const games = [recordedGame(pubevalChoosePlay, pubevalChoosePlay, 11, true), recordedGame(pubevalChoosePlay, pubevalChoosePlay, 12, false)];
  const mat = path.join(dir, "games.mat");
  writeFileSync(mat, makeMat({ matchLength: 0, players: { white: "engine", black: "pubeval" }, games: games.map((g) => g.mat) }));

  it("reads a money session back play for play and analyses every move", { timeout: 60_000 }, () => {
    const judged = judgeMat(mat, path.join(dir, "games.json"), 0);
    expect(judged.games).toHaveLength(2);
    judged.games.forEach((read, i) => {
      const game = games[i]!;
      expect(() => checkRead(game, read, `game ${i + 1}`)).not.toThrow();
      const records = (color: string) => game.mat.records.filter((r) => r.player === color).length;
      expect(read.X["total-moves"]).toBe(records("white"));
      expect(read.O["total-moves"]).toBe(records("black"));
      expect(read.X["error-skill"]).toBeGreaterThanOrEqual(0);
      expect(read.X["unforced-moves"]).toBeLessThanOrEqual(read.X["total-moves"]);
    });
    // A play that differs from the file is caught.
    const other = games[1]!;
    expect(() => checkRead(other, judged.games[0]!, "game 1")).toThrow(/differently/);
  });
});
