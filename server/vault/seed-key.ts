/**
 * The key that encrypts server seeds at rest (AES-256-GCM, 32 bytes). It lives outside the database: in the
 * SEED_ENCRYPTION_KEY environment variable, or — in development only — in a key file generated once in the data
 * directory. Production without the variable refuses to start.
 *
 * @example
 *   const key = loadSeedKey({ env: process.env, dataDir: "data", production: process.env.NODE_ENV === "production", logger: console });
 *   const vault = new SeedVault(key);
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadDeploymentKey, type DeploymentKeyOptions } from "./deployment-key";
import { SeedVaultError } from "./errors";
import { Secret } from "./secret";

export const SEED_KEY_VARIABLE = "SEED_ENCRYPTION_KEY";
export const SEED_KEY_FILE = "seed-encryption.key";
export const SEED_KEY_BYTES = 32;

export type SeedKey = Secret<Uint8Array>;

export type LoadSeedKeyOptions = DeploymentKeyOptions;

/** The seed key from SEED_ENCRYPTION_KEY, else (not in production) from the development key file, made once. */
export function loadSeedKey(options: LoadSeedKeyOptions): SeedKey {
  return loadDeploymentKey(options, {
    variable: SEED_KEY_VARIABLE,
    decode: (text) => {
      const key = decodeSeedKey(text);
      return key === undefined ? undefined : new Secret(key);
    },
    invalid: (given) => new SeedVaultError("ERR_SEED_KEY_INVALID", `${SEED_KEY_VARIABLE} must be 64 hex characters or the base64 of 32 bytes; the value given (${given} characters) is neither.`),
    missing: () =>
      new SeedVaultError(
        "ERR_SEED_KEY_MISSING",
        `${SEED_KEY_VARIABLE} is required in production: set it to 64 hex characters, e.g. the output of ` +
          `\`openssl rand -hex 32\`, and keep it outside the database.`,
      ),
    local: () => developmentKey(options.dataDir, options.logger),
  });
}

/** 32 key bytes from 64 hex characters or standard base64 (padding optional), else undefined. */
export function decodeSeedKey(text: string): Uint8Array | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Uint8Array.from(Buffer.from(text, "hex"));
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text, "base64");
    if (bytes.length === SEED_KEY_BYTES) return Uint8Array.from(bytes);
  }
  return undefined;
}

function developmentKey(dataDir: string, logger: LoadSeedKeyOptions["logger"]): SeedKey {
  const file = join(dataDir, SEED_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx" fails if the file exists, so two processes starting together cannot overwrite each other's key.
    writeFileSync(file, `${randomBytes(SEED_KEY_BYTES).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    logger.warn(`${SEED_KEY_VARIABLE} is not set: generated a development seed key in ${file} (set the variable in production).`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    logger.warn(`${SEED_KEY_VARIABLE} is not set: using the development seed key in ${file}.`);
  }
  const key = decodeSeedKey(readFileSync(file, "utf8").trim());
  if (key === undefined) {
    throw new SeedVaultError(
      "ERR_SEED_KEY_FILE",
      `The development seed key file ${file} does not hold 64 hex characters; delete it to generate a new one ` +
        `(seeds sealed with the old key can then no longer be opened).`,
    );
  }
  return new Secret(key);
}
