/**
 * Where a deployment secret (the seed key, the proof-signing key) comes from: its environment variable; else, outside
 * production, a key file in the data directory that the first run makes; production without the variable refuses to
 * start. Each key says how its variable's text decodes, what its errors say, and how its local file is made and read.
 *
 * @example
 *   loadDeploymentKey(options, { variable: "SEED_ENCRYPTION_KEY", decode, invalid, missing, local: () => fileKey(options.dataDir) });
 */
import type { SeedVaultError } from "./errors";

export interface DeploymentKeyOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where a local run's key file is kept (created if missing). */
  readonly dataDir: string;
  readonly production: boolean;
  readonly logger: { warn(message: string): void };
}

export interface DeploymentKeySource<K> {
  readonly variable: string;
  /** The key the variable's (trimmed) text holds, or undefined when it holds none. */
  decode(text: string): K | undefined;
  /** The error for a variable set to something that is not a key (`given` characters long). */
  invalid(given: number): SeedVaultError;
  /** The error for production without the variable. */
  missing(): SeedVaultError;
  /** The key of the local run's file, made first if there is none. */
  local(): K;
}

/** The key from `source.variable`, else (not in production) from the local key file. */
export function loadDeploymentKey<K>(options: DeploymentKeyOptions, source: DeploymentKeySource<K>): K {
  const fromEnv = options.env[source.variable]?.trim();
  if (fromEnv) {
    const key = source.decode(fromEnv);
    if (key === undefined) throw source.invalid(fromEnv.length);
    return key;
  }
  if (options.production) throw source.missing();
  return source.local();
}
