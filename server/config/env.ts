/**
 * The process environment, parsed once at boot. A missing or malformed variable stops the server with a message
 * that names it, instead of failing later somewhere deep in a request.
 *
 * @example
 *   const env = parseEnv(process.env); // throws EnvError("PORT: must be a port number (1-65535)")
 */
import path from "node:path";
import { z } from "zod";

/** A whole number from `min` to `max` (digits in the variable), `fallback` when it is unset. */
const wholeNumber = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * "production" on a real deployment: secrets (NEXTAUTH_SECRET, SEED_ENCRYPTION_KEY, PROOF_SIGNING_KEY) must then be set, never
   * generated. "local" lets a person try the site with `npm start` (which runs the production build) without
   * configuring anything. Unset, it follows NODE_ENV as the operator gave it.
   */
  DEPLOYMENT: z.enum(["local", "production"]).optional(),
  PORT: wholeNumber(0, 65535, 3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: (SQLite) or postgresql:// (PostgreSQL)")
    .optional(),
  SEED_ENCRYPTION_KEY: z.string().min(1).optional(),
  /** The Ed25519 key match proofs are signed with (server/vault/proof-key.ts): 64 hex characters; required in production. */
  PROOF_SIGNING_KEY: z.string().min(1).optional(),
  NEXTAUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** The site's public URL (e.g. https://fairgammon.example); unset, next-auth derives it from each request's Host. */
  NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** "true" behind a reverse proxy: take the client's address from X-Forwarded-For (rate limits are per address). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /**
   * Origins besides NEXTAUTH_URL's whose pages may open a socket or call a state-changing route, comma-separated
   * (e.g. "https://www.fairgammon.example"). Locally, the host a request was sent to counts too (server/http/site-origin.ts).
   */
  ALLOWED_ORIGINS: z.string().optional(),
  /** Set on every node of a scaled-out deployment: Socket.IO events and presence then travel through this Redis. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must start with redis:// or rediss://").optional(),
  /** Prefix of every Redis key and stream of this deployment: two deployments sharing one Redis need different ones. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, "letters, digits and _ . : - only").default("fairgammon"),
  /** Sockets one signed-in user may hold open at once, over every node (several tabs, a phone). */
  SOCKETS_PER_USER: wholeNumber(1, 100_000, 10),
  /** Sockets one client address may hold open at once (a household or an office shares one). */
  SOCKETS_PER_ADDRESS: wholeNumber(1, 1_000_000, 60),
  /** Commands one user may send per second over all their sockets (bursts of twice that are allowed). */
  COMMANDS_PER_USER_PER_SECOND: wholeNumber(1, 100_000, 20),
  /** Matches one user may have waiting for an opponent at once. */
  WAITING_MATCHES_PER_USER: wholeNumber(1, 10_000, 3),
  /** New analysis jobs (the review's "Analyse") one user may start per hour. */
  ANALYSES_PER_USER_PER_HOUR: wholeNumber(1, 100_000, 10),
  /** How long a player may be away from a match in play before the opponent can claim it. */
  ABANDON_AFTER_SECONDS: wholeNumber(1, 86_400, 300),
  /**
   * The dice protocol of new matches: fair-dice-v3 (the default; docs/fair-dice-v3.md: the opponent's browser in every
   * roll too) or fair-dice-v2 (docs/fair-dice-v2.md: the roller's salt alone), for a deployment that must keep it.
   */
  DICE_PROTOCOL: z.enum(["fair-dice-v2", "fair-dice-v3"]).default("fair-dice-v3"),
  /** Guest accounts one client address may create per hour (sign-in and registration have their own limits). */
  GUESTS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000, 20),
  /** Sign-ins and registrations from one client address per 15 minutes (any usernames), over every node. */
  SIGN_INS_PER_ADDRESS_PER_15_MIN: wholeNumber(1, 100_000, 30),
  /**
   * After SIGTERM, how long the node keeps serving while /api/ready answers 503, so that a load balancer checking it
   * stops sending new players here first. 0 (the default) closes at once; behind a balancer use about two of its
   * check intervals.
   */
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(0, 600, 0),
  /** After the drain, how long closing may take before the process exits anyway (so a supervisor can restart it). */
  SHUTDOWN_LIMIT_SECONDS: wholeNumber(1, 600, 10),
  /**
   * How often each node of a cluster reports its connected users to the others (server/match/presence-link.ts); a node
   * silent for three periods is taken as gone and its matches recovered elsewhere.
   */
  PRESENCE_REPORT_MS: wholeNumber(100, 60_000, 5000),
  /**
   * How often each node sweeps the tournaments not over to arm their clocks (server/tournaments/tournament-clock.ts):
   * picks up tournaments another node created or moved, and retries a step that failed. Each due moment has a timer.
   */
  TOURNAMENT_TICK_MS: wholeNumber(50, 600_000, 30_000),
  /** Whether registered players (not only administrators) may create tournaments. */
  PLAYER_TOURNAMENTS: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  /** Worker threads for the engine (the computer players' thinking), off the event loop. */
  ENGINE_WORKERS: wholeNumber(1, 16, 1),
  /**
   * Worker threads of their own for analyses (the review's jobs and the analysis board), so that a long analysis never
   * holds a worker a computer player waits for.
   */
  ANALYSIS_WORKERS: wholeNumber(1, 16, 1),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema> & {
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** Secrets must come from the environment (a production deployment), never be generated into DATA_DIR. */
  readonly requireSecrets: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * A deployment's session cookie must be Secure, and next-auth marks it so only when it knows the site is served over
 * https: from an https NEXTAUTH_URL, or — behind a trusted proxy with no NEXTAUTH_URL — from each request's
 * X-Forwarded-Proto (which the server passes on only with TRUST_PROXY). Anything else would hand out cookies a
 * network attacker can read, so it stops the server.
 */
function requireSecureSiteUrl(env: { NEXTAUTH_URL?: string; TRUST_PROXY: boolean }): void {
  if (env.NEXTAUTH_URL?.startsWith("https://")) return;
  if (env.NEXTAUTH_URL) throw new EnvError("Bad environment: NEXTAUTH_URL: must be an https:// URL in production (session cookies are sent only over https)");
  if (!env.TRUST_PROXY) {
    throw new EnvError(
      "Bad environment: NEXTAUTH_URL: required in production (the site's https:// URL), unless TRUST_PROXY=true and the proxy sends X-Forwarded-Proto: https",
    );
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings come from shells and .env files meaning "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Bad environment: ${problems.join("; ")}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const databaseUrl = parsed.data.DATABASE_URL ?? `file:${path.join(dataDir, "fairgammon.db")}`;
  const requireSecrets = (parsed.data.DEPLOYMENT ?? (parsed.data.NODE_ENV === "production" ? "production" : "local")) === "production";
  if (requireSecrets) requireSecureSiteUrl(parsed.data);
  return { ...parsed.data, dataDir, databaseUrl, requireSecrets };
}
