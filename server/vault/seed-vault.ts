/**
 * The seed vault: draws a fresh server seed for a match, hands back only its commitment and the sealed seed, and
 * reveals the plain seed when the match is over. `reveal` is the only function that returns a plain seed; rolls are
 * computed by RollService, which opens the seed only for the moment of the roll.
 *
 * @example
 *   const vault = new SeedVault(loadSeedKey({ env: process.env, dataDir, production, logger }));
 *   const stored = vault.draw();          // { commitment, sealed: { ciphertext, iv, tag } } — store and publish commitment
 *   const serverSeed = vault.reveal(stored); // only when the match has ended
 */
import { randomBytes } from "node:crypto";
import { chainLengthFor, commitmentOf } from "@/lib/dice";
import { hashTimes, openGameSeed, openSealedSeed, sealSeed, type StoredSeed } from "./sealed-seed";
import { Secret, Unprintable } from "./secret";
import { SEED_KEY_BYTES, type SeedKey } from "./seed-key";

const SEED_BYTES = 32;
const IV_BYTES = 12;

export class SeedVault extends Unprintable {
  readonly #key: SeedKey;

  constructor(key: SeedKey) {
    if (key.unwrap().length !== SEED_KEY_BYTES) throw new RangeError(`SeedVault: the key must be ${SEED_KEY_BYTES} bytes`);
    super("SeedVault [redacted]");
    this.#key = key;
  }

  /** A fresh fair-dice-v1 server seed (32 bytes from the CSPRNG), sealed; the caller sees only its commitment. */
  draw(): StoredSeed {
    const seed = new Secret(randomBytes(SEED_BYTES).toString("hex"));
    const commitment = commitmentOf(seed.unwrap());
    return { commitment, sealed: sealSeed(this.#key, seed, commitment, randomBytes(IV_BYTES)) };
  }

  /**
   * A fresh fair-dice-v2 server seed for an N-point match: the last of a chain of 2N − 1 game seeds
   * (docs/fair-dice-v2.md, section 1), sealed; the caller sees only the chain's commitment and length.
   */
  drawChain(matchLength: number): StoredSeed {
    const chainLength = chainLengthFor(matchLength);
    const seed = new Secret(randomBytes(SEED_BYTES).toString("hex"));
    const commitment = hashTimes(seed.unwrap(), chainLength);
    return { commitment, chainLength, sealed: sealSeed(this.#key, seed, commitment, randomBytes(IV_BYTES), chainLength) };
  }

  /**
   * The plain server seed, for the reveal at the end of a match (docs/fair-dice-v1.md, section 2, step 5; for a chain,
   * docs/fair-dice-v2.md, section 2, step 6).
   */
  reveal(stored: StoredSeed): string {
    return openSealedSeed(this.#key, stored).unwrap();
  }

  /** Game `game`'s seed of a fair-dice-v2 chain, for the reveal when that game ends (docs/fair-dice-v2.md, step 5). */
  revealGame(stored: StoredSeed, game: number): string {
    return openGameSeed(this.#key, stored, game, "revealGame", "a fair-dice-v1 match has one seed, revealed at its end");
  }
}
