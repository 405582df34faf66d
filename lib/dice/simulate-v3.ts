/**
 * A synthetic but protocol-true fair-dice-v3 match (docs/fair-dice-v3.md): v2's seed chain, each player's browser
 * with a hash chain per game (renewed past M contributions), every opening roll made of both players' next values,
 * every turn roll of the roller's salt and the opponent's next value, the computer's salts and values taken from the
 * game seeds — and what each browser kept (section 6), for the forwarded-salts check. Tests, the published vectors
 * and the benchmark use it; tails and salts come from functions so that a simulation repeats exactly.
 *
 * @example
 *   const simulated = simulateMatchV3({ serverSeed, clientSeeds: { white: "a", black: "b" }, matchLength: 5, games: 3 });
 *   verifyV3(signSimulatedV3(simulated, { privateKey }), simulated.record, { keys }).verdict; // "verified"
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { opponentOf } from "../engine/types";
import type { AuditBundleV2 } from "./bundle-v2";
import { PROTOCOL_V3, v2FieldsOf, type AuditBundleV3, type BundleRollV3, type GameHeads, type RollValues } from "./bundle-v3";
import { computerSalt } from "./computer-salt";
import { computerValue } from "./computer-value";
import { gameChains, type GameChains } from "./hash-chain";
import { resolveOpening, type OpeningOutcome } from "./opening";
import { recordFromRollLog } from "./record";
import { signProofV3 } from "./proof-sign-v3";
import { createRollerV3, type RollContributions } from "./roll-v3";
import { signSimulated, simulatedSalt, simulateMatchV2, simulationSeeds, type SignSimulatedOptions, type SimulateV2Options } from "./simulate-v2";
import type { RecordTurn, SeatColor } from "./types";
import type { BrowserKeptV3 } from "./verify-v3";

export interface SimulateV3Options extends SimulateV2Options {
  /** The tail `color`'s browser draws for chain `chain` (0, then each renewal) of game `game`; default a hash of the three. */
  readonly tailOf?: (game: number, color: SeatColor, chain: number) => string;
}

/** A reproducible tail for simulations: SHA-256("tail:game:color:chain") in hex. */
export function simulatedTail(game: number, color: SeatColor, chain: number): string {
  return bytesToHex(sha256(utf8ToBytes(`tail:${game}:${color}:${chain}`)));
}

/** What one person's browser kept through the match, with the tails it drew, by game. */
export interface SimulatedBrowser extends BrowserKeptV3 {
  readonly heads: ReadonlyMap<number, GameHeads>;
  readonly tails: ReadonlyMap<number, readonly string[]>;
}

export interface SimulatedV3 {
  readonly bundle: AuditBundleV3;
  readonly record: RecordTurn[];
  /** Each person's browser (none for the computer's seat). */
  readonly browsers: Partial<Record<SeatColor, SimulatedBrowser>>;
}

/** One seat in one game: where its contributions come from, and how many it has made. */
interface Contributor {
  readonly next: () => string;
  readonly heads: () => string[] | undefined;
  readonly tails: string[];
}

function contributor(game: number, color: SeatColor, gameSeed: string, options: SimulateV3Options): Contributor {
  let made = 0;
  if (color === options.computer) return { next: () => computerValue(gameSeed, ++made), heads: () => undefined, tails: [] };
  const tails: string[] = [];
  const chains: GameChains = gameChains((chain) => (tails[chain] ??= (options.tailOf ?? simulatedTail)(game, color, chain)));
  return { next: () => chains.value(++made), heads: () => chains.headsAfter(made), tails };
}

export function simulateMatchV3(options: SimulateV3Options): SimulatedV3 {
  const { games, turnsPerGame = 30, computer } = options;
  const { seeds, clientSeed } = simulationSeeds(options, "simulateMatchV3");
  const people = (["white", "black"] as const).filter((color) => color !== computer);
  const kept = new Map(people.map((color) => [color, { salts: new Map<number, string>(), shownSalts: new Map<number, string>(), heads: new Map<number, GameHeads>(), tails: new Map<number, string[]>() }]));
  const rolls: BundleRollV3[] = [];
  const chains: Record<string, GameHeads> = {};
  for (let game = 1; game <= games; game++) {
    const gameSeed = seeds[game - 1]!;
    const roller = createRollerV3(gameSeed, clientSeed);
    const seat = { white: contributor(game, "white", gameSeed, options), black: contributor(game, "black", gameSeed, options) };
    const roll = (kind: "opening" | "turn", player: SeatColor | null, salts: Partial<Record<SeatColor, string>>, values: RollValues, parts: RollContributions) => {
      const nonce = rolls.length;
      const dice = roller.roll(nonce, parts);
      rolls.push({ nonce, game, kind, player, salts, values, dice });
      return dice;
    };
    // Opening rolls until one is not a tie; its higher die opens and the opener's opponent rolls next.
    let opening: OpeningOutcome;
    do {
      const white = seat.white.next();
      const black = seat.black.next();
      const dice = roll("opening", null, {}, { white, black }, { kind: "opening", white, black });
      opening = resolveOpening(dice[0], dice[1]);
    } while ("void" in opening);
    let onRoll = opponentOf(opening.opener);
    for (let turn = 0; turn < turnsPerGame; turn++) {
      const nonce = rolls.length;
      const opponent = opponentOf(onRoll);
      const salt = onRoll === computer ? computerSalt(gameSeed, nonce) : (options.saltOf ?? simulatedSalt)(nonce, onRoll);
      const value = seat[opponent].next();
      kept.get(onRoll)?.salts.set(nonce, salt);
      kept.get(opponent)?.shownSalts.set(nonce, salt);
      roll("turn", onRoll, { [onRoll]: salt }, { [opponent]: value }, { kind: "turn", salt, value });
      onRoll = opponent;
    }
    const heads: GameHeads = Object.fromEntries(people.map((color) => [color, seat[color].heads()!]));
    chains[String(game)] = heads;
    for (const color of people) {
      kept.get(color)!.heads.set(game, heads);
      kept.get(color)!.tails.set(game, seat[color].tails);
    }
  }
  // The fields v3 shares with v2 (seeds, commitment, what is revealed) as v2's simulation makes them: one game with
  // no turn, which costs an opening roll or two.
  const { rolls: _v2Rolls, ...shared } = simulateMatchV2({ ...options, games: 1, turnsPerGame: 0, endedGames: options.endedGames ?? games }).bundle;
  return {
    bundle: { ...shared, protocol: PROTOCOL_V3, chains, rolls },
    record: recordFromRollLog(rolls).map(({ game, player, dice }) => ({ game, player: player!, dice })),
    browsers: Object.fromEntries([...kept].map(([player, browser]) => [player, { player, ...browser }])),
  };
}

/**
 * A simulated match as the site would serve it: v2's seats, end and stand-in record lines (signSimulated makes them,
 * so both protocols' simulations sit the same players), then signed as v3 (section 9b).
 */
export function signSimulatedV3({ bundle, record }: Pick<SimulatedV3, "bundle" | "record">, options: SignSimulatedOptions): AuditBundleV3 {
  const { seats, end, recordDigest, recordLines } = signSimulated({ bundle: v2FieldsOf(bundle) as AuditBundleV2, record }, options);
  return signProofV3({ ...bundle, computer: bundle.computer ?? null, seats, end, recordDigest, recordLines }, options.privateKey);
}
