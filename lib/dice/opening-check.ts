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
import { resolveOpening } from "./opening";
import { showDice } from "./record";
import type { BundleRoll, CheckResult, SeatColor } from "./types";

type GameState =
  | { readonly phase: "awaiting-opening" }
  | { readonly phase: "void-tie"; readonly tie: BundleRoll }
  | {
      readonly phase: "started";
      readonly start: BundleRoll;
      readonly opener: SeatColor;
      readonly nextRoller: SeatColor;
      readonly turnRolls: number;
    };

/**
 * `matchOver` is true when the match is known to have ended by play (v1: once its seed is revealed; v2: its end says
 * "finished"): then a final voided tie with no reroll is a failure. While the match runs the reroll may simply not be
 * logged yet, and a match abandoned, timed out or cancelled right after a tie honestly ends on one.
 */
export function checkOpeningResolution(rolls: readonly BundleRoll[], matchOver: boolean): CheckResult {
  let game = 0;
  let state: GameState = { phase: "awaiting-opening" };
  let ties = 0;
  for (const roll of rolls) {
    if (roll.game !== game) {
      if (roll.game !== game + 1) {
        return failed({ key: "failGameNumber", values: { nonce: roll.nonce, game: roll.game, previous: game } }, roll);
      }
      if (state.phase === "void-tie") {
        return failed(
          { key: "failTieNotRerolled", values: { tieNonce: state.tie.nonce, tieGame: game, dice: showDice(state.tie.dice), nonce: roll.nonce, game: roll.game } },
          roll,
        );
      }
      game = roll.game;
      state = { phase: "awaiting-opening" };
    }
    if (roll.kind === "opening") {
      if (roll.player !== null) {
        return failed({ key: "failOpeningPlayer", values: { nonce: roll.nonce, game: roll.game, player: roll.player } }, roll);
      }
      if (state.phase === "started") {
        return failed(
          {
            key: "failOpeningAfterStart",
            values: { nonce: roll.nonce, game: roll.game, startNonce: state.start.nonce, dice: showDice(state.start.dice), opener: state.opener },
          },
          roll,
        );
      }
      const outcome = resolveOpening(roll.dice[0], roll.dice[1]);
      if ("void" in outcome) {
        ties++;
        state = { phase: "void-tie", tie: roll };
      } else {
        state = { phase: "started", start: roll, opener: outcome.opener, nextRoller: opponentOf(outcome.opener), turnRolls: 0 };
      }
      continue;
    }
    if (roll.player === null) return failed({ key: "failTurnNoPlayer", values: { nonce: roll.nonce, game: roll.game } }, roll);
    if (state.phase === "awaiting-opening") {
      return failed({ key: "failTurnFirst", values: { nonce: roll.nonce, game: roll.game } }, roll);
    }
    if (state.phase === "void-tie") {
      return failed(
        { key: "failTurnAfterTie", values: { tieNonce: state.tie.nonce, dice: showDice(state.tie.dice), nonce: roll.nonce, game: roll.game, player: roll.player } },
        roll,
      );
    }
    if (roll.player !== state.nextRoller) {
      return failed(
        state.turnRolls === 0
          ? {
              key: "failFirstTurnPlayer",
              values: { nonce: roll.nonce, game: roll.game, player: roll.player, opener: state.opener, startNonce: state.start.nonce, next: state.nextRoller },
            }
          : { key: "failTurnsAlternate", values: { nonce: roll.nonce, game: roll.game, player: roll.player, next: state.nextRoller } },
        roll,
      );
    }
    state = { ...state, nextRoller: opponentOf(roll.player), turnRolls: state.turnRolls + 1 };
  }
  if (matchOver && state.phase === "void-tie") {
    return failed(
      { key: "failLastTie", values: { nonce: state.tie.nonce, game, dice: showDice(state.tie.dice) } },
      state.tie,
    );
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
