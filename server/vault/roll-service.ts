/**
 * The roll service: the one place that opens a sealed seed during a match. It decrypts, computes the roll with
 * lib/dice (docs/fair-dice-v1.md, section 3) and returns only the dice; the plain seed never leaves this function.
 *
 * @example
 *   const rolls = new RollService(key);
 *   const dice = rolls.rollFor(match.seed, combineClientSeeds(white, black), nonce); // [3, 5]
 */
import { inspect } from "node:util";
import { rollForNonce } from "@/lib/dice";
import type { Dice } from "@/lib/engine/types";
import { openSealedSeed, type StoredSeed } from "./sealed-seed";
import type { SeedKey } from "./seed-key";

export class RollService {
  readonly #key: SeedKey;

  constructor(key: SeedKey) {
    this.#key = key;
  }

  /** The dice of roll `nonce` for the match whose seed is `stored`; `clientSeed` is white's and black's joined. */
  rollFor(stored: StoredSeed, clientSeed: string, nonce: number): Dice {
    return rollForNonce(openSealedSeed(this.#key, stored).unwrap(), clientSeed, nonce);
  }

  toString(): string {
    return "RollService [redacted]";
  }

  toJSON(): string {
    return "RollService [redacted]";
  }

  [inspect.custom](): string {
    return "RollService [redacted]";
  }
}
