/**
 * Check 4 (docs/fair-dice-v1.md, sections 4, 5 and 7): every game opens with opening rolls; a tie is void and must be
 * followed by another opening roll of the same game; the first non-tie starts the game and its higher die moves
 * first; the opener's opponent makes the first turn roll and turn rolls then alternate. Games run 1, 2, 3, ...
 *
 * Rolls are taken in log order and the logged dice are used: whether those dice are the right ones is check 3.
 *
 * @example
 *   checkOpeningResolution(bundle.rolls, bundle.serverSeed !== null).status; // "passed"
 */
import { opponentOf } from "../engine/types";
import { openerOf } from "./opening";
import { showDice } from "./record";
import type { BundleRoll, CheckResult, SeatColor } from "./types";

/**
 * `matchOver` is true when the match is known to have ended by play (v1: once its seed is revealed; v2: its end says
 * "finished"): then a final voided tie with no reroll is a failure. While the match runs the reroll may simply not be
 * logged yet, and a match abandoned, timed out or cancelled right after a tie honestly ends on one.
 *
 * The game's state is kept in plain variables rather than an object per roll: this runs over every roll.
 */
export function checkOpeningResolution(rolls: readonly BundleRoll[], matchOver: boolean): CheckResult {
  let game = 0;
  // Awaiting the game's opening roll; after a void tie (`tie`); or started by `start`, whose higher die `opener` had.
  let phase: "awaiting-opening" | "void-tie" | "started" = "awaiting-opening";
  let tie: BundleRoll | undefined;
  let start: BundleRoll | undefined;
  let opener: SeatColor = "white";
  let nextRoller: SeatColor = "black";
  let turnRolls = 0;
  let ties = 0;
  for (let at = 0; at < rolls.length; at++) {
    const roll = rolls[at]!;
    if (roll.game !== game) {
      if (roll.game !== game + 1) {
        return failed({ key: "failGameNumber", values: { nonce: roll.nonce, game: roll.game, previous: game } }, roll);
      }
      if (phase === "void-tie") {
        return failed({ key: "failTieNotRerolled", values: { tieNonce: tie!.nonce, tieGame: game, dice: showDice(tie!.dice), nonce: roll.nonce, game: roll.game } }, roll);
      }
      game = roll.game;
      phase = "awaiting-opening";
    }
    if (roll.kind === "opening") {
      if (roll.player !== null) {
        return failed({ key: "failOpeningPlayer", values: { nonce: roll.nonce, game: roll.game, player: roll.player } }, roll);
      }
      if (phase === "started") {
        return failed(
          {
            key: "failOpeningAfterStart",
            values: { nonce: roll.nonce, game: roll.game, startNonce: start!.nonce, dice: showDice(start!.dice), opener },
          },
          roll,
        );
      }
      const rolledOpener = openerOf(roll.dice[0], roll.dice[1]);
      if (rolledOpener === null) {
        ties++;
        phase = "void-tie";
        tie = roll;
      } else {
        phase = "started";
        start = roll;
        opener = rolledOpener;
        nextRoller = opponentOf(rolledOpener);
        turnRolls = 0;
      }
      continue;
    }
    if (roll.player === null) return failed({ key: "failTurnNoPlayer", values: { nonce: roll.nonce, game: roll.game } }, roll);
    if (phase === "awaiting-opening") {
      return failed({ key: "failTurnFirst", values: { nonce: roll.nonce, game: roll.game } }, roll);
    }
    if (phase === "void-tie") {
      return failed({ key: "failTurnAfterTie", values: { tieNonce: tie!.nonce, dice: showDice(tie!.dice), nonce: roll.nonce, game: roll.game, player: roll.player } }, roll);
    }
    if (roll.player !== nextRoller) {
      return failed(
        turnRolls === 0
          ? {
              key: "failFirstTurnPlayer",
              values: { nonce: roll.nonce, game: roll.game, player: roll.player, opener, startNonce: start!.nonce, next: nextRoller },
            }
          : { key: "failTurnsAlternate", values: { nonce: roll.nonce, game: roll.game, player: roll.player, next: nextRoller } },
        roll,
      );
    }
    nextRoller = opponentOf(roll.player);
    turnRolls++;
  }
  if (matchOver && phase === "void-tie") {
    return failed({ key: "failLastTie", values: { nonce: tie!.nonce, game, dice: showDice(tie!.dice) } }, tie!);
  }
  return {
    id: "opening-resolution",
    status: "passed",
    say: rolls.length === 0 ? { key: "noRolls", values: {} } : { key: "openings", values: { games: game, ties } },
  };
}

function failed(say: CheckResult["say"], roll: BundleRoll): CheckResult {
  return { id: "opening-resolution", status: "failed", say, nonce: roll.nonce, game: roll.game };
}
