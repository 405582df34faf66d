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
import { CHECK_TITLES } from "./check-titles";
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
 * `matchOver` is true once the seed is revealed: then a final voided tie with no reroll is a failure. While the match
 * runs, the reroll after a tie may simply not be logged yet.
 */
export function checkOpeningResolution(rolls: readonly BundleRoll[], matchOver: boolean): CheckResult {
  let game = 0;
  let state: GameState = { phase: "awaiting-opening" };
  let ties = 0;
  for (const roll of rolls) {
    const at = `nonce ${roll.nonce} (game ${roll.game})`;
    if (roll.game !== game) {
      if (roll.game !== game + 1) {
        return failed(`Games must be numbered 1, 2, 3, ...: the roll at ${at} follows game ${game}.`, { key: "failGameNumber", values: { nonce: roll.nonce, game: roll.game, previous: game } }, roll);
      }
      if (state.phase === "void-tie") {
        return failed(
          `The opening roll at nonce ${state.tie.nonce} of game ${game} was a tie (${showDice(state.tie.dice)}), which is ` +
            `void, but game ${game} has no further opening roll: the next roll, at ${at}, is in game ${roll.game}.`,
          { key: "failTieNotRerolled", values: { tieNonce: state.tie.nonce, tieGame: game, dice: showDice(state.tie.dice), nonce: roll.nonce, game: roll.game } },
          roll,
        );
      }
      game = roll.game;
      state = { phase: "awaiting-opening" };
    }
    if (roll.kind === "opening") {
      if (roll.player !== null) {
        return failed(`The opening roll at ${at} names ${roll.player} as its roller; an opening roll belongs to both players.`, { key: "failOpeningPlayer", values: { nonce: roll.nonce, game: roll.game, player: roll.player } }, roll);
      }
      if (state.phase === "started") {
        return failed(
          `The roll at ${at} is an opening roll, but game ${game} already started at nonce ${state.start.nonce} ` +
            `(${showDice(state.start.dice)}, ${state.opener} to move).`,
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
    if (roll.player === null) return failed(`The turn roll at ${at} does not say which player rolled.`, { key: "failTurnNoPlayer", values: { nonce: roll.nonce, game: roll.game } }, roll);
    if (state.phase === "awaiting-opening") {
      return failed(`Game ${game} begins with a turn roll at ${at}; every game begins with an opening roll.`, { key: "failTurnFirst", values: { nonce: roll.nonce, game: roll.game } }, roll);
    }
    if (state.phase === "void-tie") {
      return failed(
        `The opening roll at nonce ${state.tie.nonce} was a tie (${showDice(state.tie.dice)}), which is void and must be ` +
          `rolled again, but the roll after it, at ${at}, is a turn roll by ${roll.player}.`,
        { key: "failTurnAfterTie", values: { tieNonce: state.tie.nonce, dice: showDice(state.tie.dice), nonce: roll.nonce, game: roll.game, player: roll.player } },
        roll,
      );
    }
    if (roll.player !== state.nextRoller) {
      return failed(
        state.turnRolls === 0
          ? `The first turn roll of game ${game}, at ${at}, is by ${roll.player}, but ${state.opener} won the opening ` +
              `roll at nonce ${state.start.nonce} and played it, so ${state.nextRoller} rolls next.`
          : `The turn roll at ${at} is by ${roll.player}, but it was ${state.nextRoller}'s turn: turn rolls alternate.`,
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
      `The last roll, at nonce ${state.tie.nonce} (game ${game}), is a voided opening tie (${showDice(state.tie.dice)}) ` +
        `with no opening roll after it, though the match is over.`,
      { key: "failLastTie", values: { nonce: state.tie.nonce, game, dice: showDice(state.tie.dice) } },
      state.tie,
    );
  }
  return {
    id: "opening-resolution",
    title: CHECK_TITLES["opening-resolution"],
    status: "passed",
    detail:
      rolls.length === 0
        ? "There are no rolls yet."
        : `${game} game${game === 1 ? "" : "s"}: every game opened with an opening roll, ${ties} tie${ties === 1 ? " was" : "s were"} ` +
          `voided, the higher die started each game, and turn rolls alternated from the opener's opponent.`,
    say: rolls.length === 0 ? { key: "noRolls", values: {} } : { key: "openings", values: { games: game, ties } },
  };
}

function failed(detail: string, say: CheckResult["say"], roll: BundleRoll): CheckResult {
  return { id: "opening-resolution", title: CHECK_TITLES["opening-resolution"], status: "failed", detail, say, nonce: roll.nonce, game: roll.game };
}
