/**
 * The key the site signs match proofs with (docs/fair-dice-v2.md, section 5b): an Ed25519 private key, a deployment
 * secret like the seed key. It comes from PROOF_SIGNING_KEY (64 hex characters: the key's 32-byte seed), or — in a
 * local run only — from a key file generated once in the data directory; production without the variable refuses to
 * start. Only its public half and its key id ever leave this module (listed at /api/fairness/keys): the private half is
 * a Secret, which prints as "[redacted]" in any log or response.
 *
 * Rotating: set PROOF_SIGNING_KEY to a new key. Every key a deployment signed with stays listed (server/fairness/
 * proof-keys.ts keeps them in the database), so proofs signed before the rotation keep verifying.
 *
 * @example
 *   const key = loadProofKey({ env: process.env, dataDir: "data", production: false, logger: console });
 *   key.sign(bundle).signature; // { keyId: "fg-ed25519-…", value: "…" }
 */
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { keyIdOf, proofPublicKeyOf, signProof, signProofV3, type AuditBundleV2, type AuditBundleV3 } from "@/lib/dice";
import { signTreeHead, type SignedTreeHead, type TreeHead } from "@/lib/transparency";
import { parseEnv } from "@/server/config/env";
import { loadDeploymentKey, type DeploymentKeyOptions } from "./deployment-key";
import { SeedVaultError } from "./errors";
import { Secret } from "./secret";

export const PROOF_KEY_VARIABLE = "PROOF_SIGNING_KEY";
export const PROOF_KEY_FILE = "proof-signing.key";

export interface ProofSigningKey {
  readonly keyId: string;
  /** 64 lowercase hex characters. */
  readonly publicKey: string;
  /** The bundle with the site's signature over its statement. */
  sign(bundle: AuditBundleV2): AuditBundleV2;
  /** A fair-dice-v3 bundle with the same key's signature over its v3 statement (docs/fair-dice-v3.md, section 9b). */
  signV3(bundle: AuditBundleV3): AuditBundleV3;
  /** A transparency log's tree head, signed (docs/transparency-log.md, section 4: its own domain line). */
  signTreeHead(head: TreeHead): SignedTreeHead;
}

export type LoadProofKeyOptions = DeploymentKeyOptions;

/** The signing key of a 32-byte seed (tests make throwaway ones with it). */
export function proofKeyFromSeed(seed: Uint8Array): ProofSigningKey {
  return signingKey(new Secret(Uint8Array.from(seed)));
}

function signingKey(seed: Secret<Uint8Array>): ProofSigningKey {
  const publicKey = proofPublicKeyOf(seed.unwrap());
  return {
    keyId: keyIdOf(publicKey),
    publicKey,
    sign: (bundle) => signProof(bundle, seed.unwrap()),
    signV3: (bundle) => signProofV3(bundle, seed.unwrap()),
    signTreeHead: (head) => signTreeHead(head, seed.unwrap()),
  };
}

function decode(text: string): Uint8Array | undefined {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Uint8Array.from(Buffer.from(text, "hex")) : undefined;
}

/** The signing key from PROOF_SIGNING_KEY, else (not in production) from the local key file, made once. */
export function loadProofKey(options: LoadProofKeyOptions): ProofSigningKey {
  return loadDeploymentKey(options, {
    variable: PROOF_KEY_VARIABLE,
    decode: (text) => {
      const seed = decode(text);
      return seed === undefined ? undefined : signingKey(new Secret(seed));
    },
    invalid: (given) => new SeedVaultError("ERR_PROOF_KEY_INVALID", `${PROOF_KEY_VARIABLE} must be 64 hex characters (an Ed25519 key's 32-byte seed); the value given (${given} characters) is not.`),
    missing: () =>
      new SeedVaultError(
        "ERR_PROOF_KEY_MISSING",
        `${PROOF_KEY_VARIABLE} is required in production: set it to 64 hex characters, e.g. the output of \`openssl rand -hex 32\`, keep it outside the database, and publish its public key (npm run admin -- proof-keys).`,
      ),
    local: () => localProofKey(options.dataDir, options.logger),
  });
}

/** The local run's key file, made once (never overwritten), and the key it holds. */
function localProofKey(dataDir: string, logger: LoadProofKeyOptions["logger"]): ProofSigningKey {
  const file = join(dataDir, PROOF_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  // Written whole under another name, then linked into place: link fails if the file exists, so two processes starting
  // together (a local cluster) can neither overwrite each other's key nor read a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
    logger.warn(`${PROOF_KEY_VARIABLE} is not set: generated a local proof-signing key in ${file} (set the variable in production).`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  const key = readLocalProofKey(dataDir);
  if (key === null) throw new SeedVaultError("ERR_PROOF_KEY_FILE", `The proof-signing key file ${file} does not hold 64 hex characters; delete it to generate a new one.`);
  return key;
}

/** The local run's key, from its file in the data directory, if there is one that holds a key; never makes one. */
export function readLocalProofKey(dataDir: string): ProofSigningKey | null {
  const file = join(dataDir, PROOF_KEY_FILE);
  if (!existsSync(file)) return null;
  const seed = decode(readFileSync(file, "utf8").trim());
  return seed === undefined ? null : signingKey(new Secret(seed));
}

const processWide = globalThis as typeof globalThis & { __fairgammonProofKey?: ProofSigningKey };

/** The process's signing key, from its environment (the route handlers' way to it, like getDb). */
export function getProofKey(): ProofSigningKey {
  if (!processWide.__fairgammonProofKey) {
    const env = parseEnv(process.env);
    processWide.__fairgammonProofKey = loadProofKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: () => {} } });
  }
  return processWide.__fairgammonProofKey;
}
