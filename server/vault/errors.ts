/**
 * Errors of the seed vault. They carry a stable code and a message that names what to fix, and never contain a
 * key, a seed, a ciphertext or any bytes derived from them.
 *
 * @example
 *   try { vault.reveal(stored) } catch (e) { if (e instanceof SeedVaultError) log(e.code) } // "ERR_SEED_UNSEAL"
 */
export type SeedVaultErrorCode =
  | "ERR_SEED_KEY_MISSING"
  | "ERR_SEED_KEY_INVALID"
  | "ERR_SEED_KEY_FILE"
  | "ERR_SEED_UNSEAL"
  | "ERR_PROOF_KEY_MISSING"
  | "ERR_PROOF_KEY_INVALID"
  | "ERR_PROOF_KEY_FILE";

export class SeedVaultError extends Error {
  readonly code: SeedVaultErrorCode;

  constructor(code: SeedVaultErrorCode, message: string) {
    super(message);
    this.name = "SeedVaultError";
    this.code = code;
  }
}
