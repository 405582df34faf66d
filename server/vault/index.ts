/**
 * The seed vault (server side only): the seed key, drawing and sealing server seeds, rolling with a sealed seed, and
 * revealing it at the end of a match. The decryption itself (sealed-seed.ts) is deliberately not exported.
 *
 * @example
 *   import { loadSeedKey, RollService, SeedVault } from "@/server/vault";
 *   const key = loadSeedKey({ env: process.env, dataDir: "data", production, logger: console });
 *   const vault = new SeedVault(key);
 *   const rolls = new RollService(key);
 */
export { SeedVaultError, type SeedVaultErrorCode } from "./errors";
export { RollService } from "./roll-service";
export { protocolOfSeed, type SealedSeed, type SeedProtocol, type StoredSeed } from "./sealed-seed";
export { REDACTED, Secret } from "./secret";
export {
  SEED_KEY_BYTES,
  SEED_KEY_FILE,
  SEED_KEY_VARIABLE,
  decodeSeedKey,
  loadSeedKey,
  type LoadSeedKeyOptions,
  type SeedKey,
} from "./seed-key";
export { SeedVault } from "./seed-vault";
export { getProofKey, loadProofKey, proofKeyFromSeed, readLocalProofKey, PROOF_KEY_FILE, PROOF_KEY_VARIABLE, type LoadProofKeyOptions, type ProofSigningKey } from "./proof-key";
