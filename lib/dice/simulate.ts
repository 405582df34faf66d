/**
 * A synthetic but protocol-true match from fixed seeds: opening rolls (ties voided and rolled again), then turn rolls
 * alternating from the opener's opponent, a fixed number of turns per game. Tests, the dice benchmark and the
 * player's guide use it to get bundles and game records that verify.
 *
 * @example
 *   const { bundle, record } = simulateMatch({ serverSeed, clientSeeds: { white: "a", black: "b" }, rolls: 100 });
 *   verify(bundle, record).verdict; // "verified"
 */
import { opponentOf } from "../engine/types";
import { combineClientSeeds } from "./client-seed";
import { commitmentOf } from "./commitment";
import { resolveOpening } from "./opening";
import { createRoller } from "./roll";
import type { AuditBundle, BundleRoll, RecordTurn, SeatColor } from "./types";

export interface SimulateOptions {
  readonly serverSeed: string;
  readonly clientSeeds: { readonly white: string; readonly black: string };
  readonly matchId?: string;
  /** At least this many rolls; a few more only when the last game would otherwise end on a voided tie. */
  readonly rolls: number;
  /** Turns per game after the opening move; default 40. */
  readonly turnsPerGame?: number;
  /** false gives the bundle as it looks while the match runs (serverSeed null); default true. */
  readonly revealed?: boolean;
}

export function simulateMatch(options: SimulateOptions): { bundle: AuditBundle; record: RecordTurn[] } {
  const { serverSeed, clientSeeds, rolls: target, turnsPerGame = 40 } = options;
  const roller = createRoller(serverSeed, combineClientSeeds(clientSeeds.white, clientSeeds.black));
  const rolls: BundleRoll[] = [];
  const record: RecordTurn[] = [];
  let game = 1;
  let onRoll: SeatColor | undefined;
  let turns = 0;
  let voidTie = false;
  while (rolls.length < target || voidTie) {
    const nonce = rolls.length;
    const dice = roller.roll(nonce);
    if (onRoll === undefined) {
      rolls.push({ nonce, game, kind: "opening", player: null, dice });
      const outcome = resolveOpening(dice[0], dice[1]);
      voidTie = "void" in outcome;
      if ("opener" in outcome) {
        record.push({ game, player: outcome.opener, dice });
        onRoll = opponentOf(outcome.opener);
      }
      continue;
    }
    rolls.push({ nonce, game, kind: "turn", player: onRoll, dice });
    record.push({ game, player: onRoll, dice });
    onRoll = opponentOf(onRoll);
    if (++turns === turnsPerGame) {
      game++;
      onRoll = undefined;
      turns = 0;
    }
  }
  const bundle: AuditBundle = {
    protocol: "fair-dice-v1",
    matchId: options.matchId ?? "simulated",
    commitment: commitmentOf(serverSeed),
    serverSeed: options.revealed === false ? null : serverSeed,
    clientSeeds: { white: clientSeeds.white, black: clientSeeds.black },
    rolls,
  };
  return { bundle, record };
}
