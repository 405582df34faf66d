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
import { inspect } from "node:util";
import { commitmentOf } from "@/lib/dice";
import { openSealedSeed, sealSeed, type StoredSeed } from "./sealed-seed";
import { Secret } from "./secret";
import { SEED_KEY_BYTES, type SeedKey } from "./seed-key";

const SEED_BYTES = 32;
const IV_BYTES = 12;

export class SeedVault {
  readonly #key: SeedKey;

  constructor(key: SeedKey) {
    if (key.unwrap().length !== SEED_KEY_BYTES) throw new RangeError(`SeedVault: the key must be ${SEED_KEY_BYTES} bytes`);
    this.#key = key;
  }

  /** A fresh server seed (32 bytes from the CSPRNG), sealed; the caller sees only its commitment. */
  draw(): StoredSeed {
    const seed = new Secret(randomBytes(SEED_BYTES).toString("hex"));
    const commitment = commitmentOf(seed.unwrap());
    return { commitment, sealed: sealSeed(this.#key, seed, commitment, randomBytes(IV_BYTES)) };
  }

  /** The plain server seed, for the reveal at the end of a match (docs/fair-dice-v1.md, section 2, step 5). */
  reveal(stored: StoredSeed): string {
    return openSealedSeed(this.#key, stored).unwrap();
  }

  toString(): string {
    return "SeedVault [redacted]";
  }

  toJSON(): string {
    return "SeedVault [redacted]";
  }

  [inspect.custom](): string {
    return "SeedVault [redacted]";
  }
}
