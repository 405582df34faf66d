/**
 * Sealing a server seed at rest: AES-256-GCM over the seed's 32 bytes with a random 12-byte IV, and the seed's
 * commitment (and, for a fair-dice-v2 chain, its length) as additional authenticated data, so a sealed seed only
 * opens for the match whose commitment it was drawn with. Opening is internal to server/vault: the roll service and the reveal at match end are its only callers.
 *
 * @example
 *   const sealed = sealSeed(key, seedHex, commitment);
 *   openSealedSeed(key, { commitment, sealed }).unwrap(); // seedHex
 */
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import type { DiceProtocol } from "@/lib/match/dice-protocol";
import { SeedVaultError } from "./errors";
import { Secret } from "./secret";
import type { SeedKey } from "./seed-key";

/** Base64 strings, ready for a database row. */
export interface SealedSeed {
  readonly ciphertext: string;
  readonly iv: string;
  readonly tag: string;
}

/** What a match stores: the public commitment and the sealed seed behind it. */
export interface StoredSeed {
  readonly commitment: string;
  readonly sealed: SealedSeed;
  /**
   * fair-dice-v2: the seed chain's length (docs/fair-dice-v2.md, section 1) — the commitment is SHA-256 applied this
   * many times to the seed. Absent for a fair-dice-v1 match, whose commitment is the seed's SHA-256.
   */
  readonly chainLength?: number;
}

/** A seed's dice protocol by name, with the chain's length where it has one. */
export type SeedProtocol = { readonly protocol: Extract<DiceProtocol, "fair-dice-v1"> } | { readonly protocol: Extract<DiceProtocol, "fair-dice-v2">; readonly chainLength: number };

/**
 * Which protocol a stored seed serves: a sealed seed with a chain is fair-dice-v2's (and says how many game seeds the
 * chain holds), one without fair-dice-v1's. Every check of a seed's protocol asks this.
 *
 * @example
 *   protocolOfSeed(vault.drawChain(5)); // { protocol: "fair-dice-v2", chainLength: 9 }
 *   protocolOfSeed(vault.draw());       // { protocol: "fair-dice-v1" }
 */
export function protocolOfSeed(seed: { readonly chainLength?: number | undefined }): SeedProtocol {
  return seed.chainLength === undefined ? { protocol: "fair-dice-v1" } : { protocol: "fair-dice-v2", chainLength: seed.chainLength };
}

const CIPHER = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What the seal is bound to: the commitment and, for a chain, its length (a v1 seal stays as it was). */
function aad(commitment: string, seed: SeedProtocol): Buffer {
  const label = seed.protocol === "fair-dice-v1" ? "fair-dice-v1 server seed" : `fair-dice-v2 server seed, chain of ${seed.chainLength}`;
  return Buffer.from(`${label}, commitment ${commitment}`, "utf8");
}

export function sealSeed(key: SeedKey, serverSeed: Secret<string>, commitment: string, iv: Uint8Array, chainLength?: number): SealedSeed {
  const cipher = createCipheriv(CIPHER, key.unwrap(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(commitment, protocolOfSeed({ chainLength })));
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(serverSeed.unwrap(), "hex")), cipher.final()]);
  return {
    ciphertext: ciphertext.toString("base64"),
    iv: Buffer.from(iv).toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
  };
}

/** The seed, or SeedVaultError ERR_SEED_UNSEAL (wrong key, tampered data, or a seed that does not match). */
export function openSealedSeed(key: SeedKey, stored: StoredSeed): Secret<string> {
  let seed: string;
  try {
    const iv = Buffer.from(stored.sealed.iv, "base64");
    const tag = Buffer.from(stored.sealed.tag, "base64");
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("bad lengths");
    const decipher = createDecipheriv(CIPHER, key.unwrap(), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(stored.commitment, protocolOfSeed(stored)));
    decipher.setAuthTag(tag);
    seed = Buffer.concat([decipher.update(Buffer.from(stored.sealed.ciphertext, "base64")), decipher.final()]).toString("hex");
  } catch {
    // The cause is dropped on purpose: nothing of the sealed data or key may travel in the error.
    throw unsealError(stored.commitment, "wrong SEED_ENCRYPTION_KEY, or the sealed seed was altered");
  }
  if (hashTimes(seed, stored.chainLength ?? 1) !== stored.commitment) throw unsealError(stored.commitment, "the seed inside does not match the commitment");
  return new Secret(seed);
}

/**
 * Game `game`'s seed of the fair-dice-v2 chain sealed in `stored`: the chain's seed hashed chainLength − game times
 * (docs/fair-dice-v2.md, section 2). A RangeError naming `caller` for a game outside the chain, or with `v1Refusal`
 * for a fair-dice-v1 seed, which has no game seeds.
 */
export function openGameSeed(key: SeedKey, stored: StoredSeed, game: number, caller: string, v1Refusal: string): string {
  const seed = protocolOfSeed(stored);
  if (seed.protocol === "fair-dice-v1") throw new RangeError(`${caller}: ${v1Refusal}`);
  if (!Number.isSafeInteger(game) || game < 1 || game > seed.chainLength) throw new RangeError(`${caller}: game ${game} is outside 1..${seed.chainLength}`);
  return hashTimes(openSealedSeed(key, stored).unwrap(), seed.chainLength - game);
}

/**
 * lib/dice's `commitmentOf` (hex SHA-256 of the seed's ASCII string) with Node's hash: a seed is opened for every
 * roll, and the JavaScript hash was a third of a roll's cost. seed-vault.test.ts checks the two agree.
 */
export function commitmentOfSeed(seed: string): string {
  return createHash("sha256").update(seed, "utf8").digest("hex");
}

/** lib/dice's `hashTimes` (the seed chain of fair-dice-v2) with Node's hash, for the same reason. */
export function hashTimes(seed: string, times: number): string {
  let value = seed;
  for (let i = 0; i < times; i++) value = commitmentOfSeed(value);
  return value;
}

function unsealError(commitment: string, reason: string): SeedVaultError {
  const label = /^[0-9a-f]{64}$/.test(commitment) ? `commitment ${commitment.slice(0, 12)}…` : "a malformed commitment";
  return new SeedVaultError("ERR_SEED_UNSEAL", `Cannot open the sealed server seed for ${label}: ${reason}.`);
}
