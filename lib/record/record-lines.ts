/**
 * The game record as canonical text lines (docs/fair-dice-v2.md, section 5a), whose digest a signed proof carries
 * (lib/dice/record-digest.ts). They are built from .mat records (lib/engine/mat.ts), so the server (from the stored
 * actions) and a verifier (from a .mat file's moves) arrive at the same text:
 *
 *   game 1                  a game starts
 *   white 31 8/5 6/5        a roll and its play: the player, the dice (higher first), one from/to per die in gnubg's
 *                           canonical order (source point, then destination, descending); 25 is the bar, 0 off
 *   black 64 -              a roll that could not be played
 *   white 52 unplayed       a roll left unplayed because the game then ended by resignation
 *   white double            and "black take", "black drop", "black resign 2" (the level: 1 single, 2 gammon, 3 backgammon)
 *
 * @example
 *   recordLinesOf(matGamesFromActions(5, actions)); // ["game 1", "white 31 8/5 6/5", "black 64 24/18 13/9", …]
 */
import { canonicalOrder, type MatGame, type MatRecord } from "../engine/mat";

function recordLine(record: MatRecord): string {
  switch (record.kind) {
    case "move": {
      const moves = canonicalOrder(record.moves).map(({ from, to }) => `${from}/${to}`);
      return `${record.player} ${record.dice[0]}${record.dice[1]} ${moves.length === 0 ? "-" : moves.join(" ")}`;
    }
    case "roll":
      return `${record.player} ${record.dice[0]}${record.dice[1]} unplayed`;
    case "resign":
      return `${record.player} resign ${record.level}`;
    case "double":
    case "take":
    case "drop":
      return `${record.player} ${record.kind}`;
  }
}

/** One line per game start and per record, games numbered from 1. */
export function recordLinesOf(games: readonly MatGame[]): string[] {
  return games.flatMap((game, index) => [`game ${index + 1}`, ...game.records.map(recordLine)]);
}
