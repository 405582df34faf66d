/**
 * A synthetic but protocol-true fair-dice-v2 match (docs/fair-dice-v2.md): a seed chain from a fixed server seed,
 * every roll salted (opening rolls by both players, turn rolls by the roller), ties voided and rolled again with fresh
 * salts, turn rolls alternating from the opener's opponent, a fixed number of turns per game. Tests, the published
 * vectors and the benchmarks use it. Salts come from `saltOf` so that a simulation can be reproduced exactly.
 *
 * @example
 *   const { bundle, record } = simulateMatchV2({ serverSeed, clientSeeds: { white: "a", black: "b" }, matchLength: 5, games: 3 });
 *   verifyV2(bundle, record).verdict; // "verified"
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { opponentOf } from "../engine/types";
import type { AuditBundleV2, BundleRollV2, ProofEnd, ProofSeat } from "./bundle-v2";
import { signProof } from "./proof-sign";
import { recordDigest } from "./record-digest";
import { combineClientSeeds } from "./client-seed";
import { computerSalt } from "./computer-salt";
import { resolveOpening } from "./opening";
import { createSaltedRoller, type RollSalts } from "./salted-roll";
import { chainCommitment, chainLengthFor, gameSeedsOf } from "./seed-chain";
import type { RecordTurn, SeatColor } from "./types";

export interface SimulateV2Options {
  readonly serverSeed: string;
  readonly clientSeeds: { readonly white: string; readonly black: string };
  readonly matchId?: string;
  readonly matchLength: number;
  /** Games played (at most the chain length). */
  readonly games: number;
  /** Turns per game after the opening move; default 30. */
  readonly turnsPerGame?: number;
  /** Games that have ended, whose seeds are revealed; default all. The last game may be running. */
  readonly endedGames?: number;
  /** false gives the bundle while the match runs (serverSeed null); default true. */
  readonly revealed?: boolean;
  /** The salt `color` makes for roll `nonce`; default a hash of both, so that runs repeat. */
  readonly saltOf?: (nonce: number, color: SeatColor) => string;
  /** The seat the site's computer plays: its salts come from the game seeds (section 3a), and the bundle names it. */
  readonly computer?: SeatColor;
}

/** A reproducible salt for simulations: the first 32 hex digits of SHA-256("salt:nonce:color"). */
export function simulatedSalt(nonce: number, color: SeatColor): string {
  return bytesToHex(sha256(new TextEncoder().encode(`salt:${nonce}:${color}`))).slice(0, 32);
}

/** The bundle as the server serves it (a JSON object: game seeds keyed by game number), and the game record. */
export interface SimulatedV2 {
  readonly bundle: AuditBundleV2;
  readonly record: RecordTurn[];
}

/**
 * What a simulated match of either chained protocol (v2, v3) starts from: the chain's length, its game seeds and the
 * combined client seed — checking that the games asked for fit the match.
 */
export function simulationSeeds(options: Pick<SimulateV2Options, "serverSeed" | "clientSeeds" | "matchLength" | "games">, simulator: string): { chainLength: number; seeds: string[]; clientSeed: string } {
  const { serverSeed, clientSeeds, matchLength, games } = options;
  const chainLength = chainLengthFor(matchLength);
  if (games < 1 || games > chainLength) throw new RangeError(`${simulator}: ${games} games do not fit a ${matchLength}-point match`);
  return { chainLength, seeds: gameSeedsOf(serverSeed, chainLength), clientSeed: combineClientSeeds(clientSeeds.white, clientSeeds.black) };
}

export function simulateMatchV2(options: SimulateV2Options): SimulatedV2 {
  const { serverSeed, clientSeeds, matchLength, games, turnsPerGame = 30, computer } = options;
  const { chainLength, seeds, clientSeed } = simulationSeeds(options, "simulateMatchV2");
  const rolls: BundleRollV2[] = [];
  const record: RecordTurn[] = [];
  for (let game = 1; game <= games; game++) {
    const gameSeed = seeds[game - 1]!;
    const roller = createSaltedRoller(gameSeed, clientSeed);
    const saltOf = (nonce: number, color: SeatColor) => (color === computer ? computerSalt(gameSeed, nonce) : (options.saltOf ?? simulatedSalt)(nonce, color));
    const roll = (kind: "opening" | "turn", player: SeatColor | null, salts: RollSalts) => {
      const nonce = rolls.length;
      const dice = roller.roll(nonce, salts);
      rolls.push({ nonce, game, kind, player, salts, dice });
      return dice;
    };
    let opener: SeatColor | undefined;
    while (opener === undefined) {
      const nonce = rolls.length;
      const dice = roll("opening", null, { white: saltOf(nonce, "white"), black: saltOf(nonce, "black") });
      const outcome = resolveOpening(dice[0], dice[1]);
      if ("opener" in outcome) {
        opener = outcome.opener;
        record.push({ game, player: opener, dice });
      }
    }
    let onRoll = opponentOf(opener);
    for (let turn = 0; turn < turnsPerGame; turn++) {
      const dice = roll("turn", onRoll, { [onRoll]: saltOf(rolls.length, onRoll) });
      record.push({ game, player: onRoll, dice });
      onRoll = opponentOf(onRoll);
    }
  }
  const ended = options.endedGames ?? games;
  const gameSeeds: Record<string, string> = {};
  for (let game = 1; game <= ended; game++) gameSeeds[String(game)] = seeds[game - 1]!;
  return {
    bundle: {
      protocol: "fair-dice-v2",
      matchId: options.matchId ?? "simulated",
      matchLength,
      chainLength,
      commitment: chainCommitment(serverSeed, chainLength),
      gameSeeds,
      serverSeed: options.revealed === false ? null : serverSeed,
      clientSeeds: { white: clientSeeds.white, black: clientSeeds.black },
      ...(computer !== undefined && { computer }),
      rolls,
    },
    record,
  };
}

/** Stand-in record lines for a simulated match: each game's start, then each roll with its dice (higher first) and no moves. */
export function standInRecordLines(record: readonly RecordTurn[]): string[] {
  const lines: string[] = [];
  let game = 0;
  for (const turn of record) {
    if (turn.game !== game) lines.push(`game ${(game = turn.game)}`);
    const [a, b] = turn.dice;
    lines.push(`${turn.player} ${Math.max(a, b)}${Math.min(a, b)} -`);
  }
  return lines;
}

export interface SignSimulatedOptions {
  /** How the match ended; null while it runs. Default: finished, won by white at the match length to 0. */
  readonly end?: ProofEnd | null;
  readonly privateKey: Uint8Array;
  /** Default: a registered player as white, a guest as black, the computer in the bundle's computer seat. */
  readonly seats?: { readonly white: ProofSeat | null; readonly black: ProofSeat | null };
}

/**
 * A simulated match as the site serves it (docs/fair-dice-v2.md, sections 5a and 5b): seats, end, stand-in record
 * lines (a verifier digests the lines; it does not replay them) and their digest, signed with `privateKey`.
 */
export function signSimulated({ bundle, record }: SimulatedV2, options: SignSimulatedOptions): AuditBundleV2 {
  const computer = bundle.computer ?? null;
  const seat = (color: SeatColor): ProofSeat =>
    computer === color ? { kind: "computer", id: "computer-2ply", name: "Computer (2-ply)" } : color === "white" ? { kind: "person", id: "u-white", name: "Zoë" } : { kind: "guest", id: "u-black", name: "guest-amber-otter-42" };
  const end =
    options.end !== undefined
      ? options.end
      : { reason: "finished" as const, winner: "white" as const, score: { white: bundle.matchLength, black: 0 }, games: bundle.rolls.at(-1)?.game ?? 0, rolls: bundle.rolls.length };
  const recordLines = standInRecordLines(record);
  return signProof({ ...bundle, computer, seats: options.seats ?? { white: seat("white"), black: seat("black") }, end, recordDigest: recordDigest(recordLines), recordLines }, options.privateKey);
}
