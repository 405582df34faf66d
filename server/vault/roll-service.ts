/**
 * The roll service: the one place that opens a sealed seed during a match. It decrypts, computes the roll of
 * docs/fair-dice-v1.md section 3 and returns only the dice; the plain seed never leaves this function.
 *
 * The HMAC is Node's (OpenSSL) rather than lib/dice's JavaScript one: the bytes are the same — fair-dice-v1's stream,
 * HMAC-SHA256 keyed with the seed's ASCII string over lib/dice's `rollMessage`, read by lib/dice's
 * `diceFromByteStream` — but a roll here cost ~0.1 ms of the event loop in JavaScript, a tenth of the match server's
 * busy time at 2,000 matches (docs/benchmarks.md, "Sixth session"). seed-vault.test.ts checks it against the
 * protocol's vectors and against lib/dice over thousands of nonces.
 *
 * @example
 *   const rolls = new RollService(key);
 *   const dice = rolls.rollFor(match.seed, combineClientSeeds(white, black), nonce); // [3, 5]
 */
import { createHmac } from "node:crypto";
import { computerSalt, diceFromByteStream, rollMessage, saltedRollMessage, type RollSalts } from "@/lib/dice";
import { computerValueMessage } from "@/lib/dice/computer-value";
import { rollMessageV3, type RollContributions } from "@/lib/dice/roll-v3";
import type { RollValues } from "@/lib/dice/types";
import type { Dice } from "@/lib/engine/types";
import { openGameSeed, openSealedSeed, protocolOfSeed, type StoredSeed } from "./sealed-seed";
import { Unprintable } from "./secret";
import type { SeedKey } from "./seed-key";

/** Block 0, 1, 2, … of roll `nonce`'s byte stream, each computed only when the one before did not give two dice. */
export function* rollBlocks(serverSeed: string, clientSeed: string, nonce: number): Generator<Uint8Array, never, undefined> {
  for (let block = 0; ; block++) yield createHmac("sha256", serverSeed).update(rollMessage(clientSeed, nonce, block)).digest();
}

/** fair-dice-v2's block 0, 1, 2, … of roll `nonce` with `salts`, keyed with the game's seed. */
export function* saltedRollBlocks(gameSeed: string, clientSeed: string, nonce: number, salts: RollSalts): Generator<Uint8Array, never, undefined> {
  for (let block = 0; ; block++) yield createHmac("sha256", gameSeed).update(saltedRollMessage(clientSeed, nonce, salts, block)).digest();
}

/** fair-dice-v3's block 0, 1, 2, … of roll `nonce` with the browsers' contributions, keyed with the game's seed. */
export function* contributedRollBlocks(gameSeed: string, clientSeed: string, nonce: number, parts: RollContributions): Generator<Uint8Array, never, undefined> {
  for (let block = 0; ; block++) yield createHmac("sha256", gameSeed).update(rollMessageV3(clientSeed, nonce, parts, block)).digest();
}

/** A v3 roll's contributions in message order (docs/fair-dice-v3.md, section 3), from the roll's salts and values. */
function contributionsOf(salts: RollSalts, values: RollValues): RollContributions {
  const roller = salts.white !== undefined ? "white" : salts.black !== undefined ? "black" : null;
  if (roller === null) return { kind: "opening", white: values.white ?? "", black: values.black ?? "" };
  return { kind: "turn", salt: salts[roller] ?? "", value: values[roller === "white" ? "black" : "white"] ?? "" };
}

export class RollService extends Unprintable {
  readonly #key: SeedKey;

  constructor(key: SeedKey) {
    super("RollService [redacted]");
    this.#key = key;
  }

  /** The dice of roll `nonce` for the match whose seed is `stored`; `clientSeed` is white's and black's joined. */
  rollFor(stored: StoredSeed, clientSeed: string, nonce: number): Dice {
    if (protocolOfSeed(stored).protocol !== "fair-dice-v1") throw new RangeError("rollFor: a fair-dice-v2 roll needs its game and salts (saltedRollFor)");
    return diceFromByteStream(rollBlocks(openSealedSeed(this.#key, stored).unwrap(), clientSeed, nonce));
  }

  /**
   * The dice of fair-dice-v2 roll `nonce` of game `game` with the roll's `salts` (docs/fair-dice-v2.md, section 3):
   * the game's seed from the chain, then v1's stream over the salted message.
   */
  saltedRollFor(stored: StoredSeed, clientSeed: string, nonce: number, game: number, salts: RollSalts): Dice {
    const gameSeed = openGameSeed(this.#key, stored, game, "saltedRollFor", "a fair-dice-v1 match has no salts");
    return diceFromByteStream(saltedRollBlocks(gameSeed, clientSeed, nonce, salts));
  }

  /**
   * The dice of fair-dice-v3 roll `nonce` of game `game` (docs/fair-dice-v3.md, section 3): a turn roll with its
   * roller's salt and the opponent's chain value, an opening roll with both players' values.
   */
  contributedRollFor(stored: StoredSeed, clientSeed: string, nonce: number, game: number, salts: RollSalts, values: RollValues): Dice {
    const gameSeed = openGameSeed(this.#key, stored, game, "contributedRollFor", "a fair-dice-v1 match has no chain values");
    return diceFromByteStream(contributedRollBlocks(gameSeed, clientSeed, nonce, contributionsOf(salts, values)));
  }

  /**
   * fair-dice-v3: the computer's contribution `c` to game `game`'s rolls, hex HMAC(gameSeed(k), "computer-value:" c)
   * (docs/fair-dice-v3.md, section 1); only the value leaves this function.
   */
  computerValueFor(stored: StoredSeed, game: number, c: number): string {
    const gameSeed = openGameSeed(this.#key, stored, game, "computerValueFor", "a fair-dice-v1 match has no chain values");
    return createHmac("sha256", gameSeed).update(computerValueMessage(c)).digest("hex");
  }

  /**
   * fair-dice-v2: the computer's salt for roll `nonce` of game `game` (docs/fair-dice-v2.md, section 3a). The salt
   * goes into the roll log and the bundle; the game's seed it comes from does not leave this function.
   */
  computerSaltFor(stored: StoredSeed, game: number, nonce: number): string {
    return computerSalt(openGameSeed(this.#key, stored, game, "computerSaltFor", "a fair-dice-v1 match has no salts"), nonce);
  }
}
