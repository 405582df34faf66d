/**
 * Administrator accounts from the command line — how the first admin comes to exist.
 *
 *   npm run admin -- create <username>   a new ADMIN account; its password is read from standard input when that is
 *                                        piped in, else generated and printed once
 *   npm run admin -- grant <username>    make an existing registered user ADMIN
 *   npm run admin -- proof-keys          print every key this site signs match proofs with, this node's included
 *                                        (a fairgammon-proof-keys-1 list: publish it as docs/proof-keys.json)
 *
 * Uses the server's database settings (DATABASE_URL, or the SQLite file in DATA_DIR) and migrates the database first.
 * Exit codes: 0 done; 1 refused (username taken or invalid, no such user, a guest account); 2 wrong arguments, or the
 * environment or the database is unusable.
 *
 * @example
 *   npm run admin -- create alice                            # prints "Password (shown only this once): …"
 *   printf '%s' "$ADMIN_PASSWORD" | npm run admin -- create alice
 *   DATABASE_URL=postgresql://… npm run admin -- grant bob
 */
import { randomBytes } from "node:crypto";
import { englishError } from "@/i18n/english";
import { createAdminAccount, grantAdmin } from "@/server/auth/accounts";
import { passwordCost } from "@/server/auth/password";
import { parseEnv } from "@/server/config/env";
import { openDb } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { proofKeyList, registerProofKey } from "@/server/fairness/proof-keys";
import { loadProofKey } from "@/server/vault/proof-key";

const USAGE = "usage: npm run admin -- create <username>\n       npm run admin -- grant <username>\n       npm run admin -- proof-keys";

class UsageError extends Error {}

/** The piped-in password (one trailing newline dropped), or null when stdin is a terminal or empty. */
async function passwordFromStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
  return text === "" ? null : text;
}

/** The key list, after listing this node's key (PROOF_SIGNING_KEY, or the local key file): public halves only. */
async function printProofKeys(): Promise<number> {
  const env = parseEnv(process.env);
  await migrateDatabase(env.databaseUrl);
  const db = openDb(env.databaseUrl);
  try {
    await registerProofKey(db, loadProofKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: (m) => process.stderr.write(`${m}\n`) } }));
    process.stdout.write(`${JSON.stringify(await proofKeyList(db), null, 2)}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

async function run(argv: readonly string[]): Promise<number> {
  if (argv[0] === "proof-keys") {
    if (argv.length > 1) throw new UsageError(USAGE);
    return printProofKeys();
  }
  const [command, username, ...rest] = argv;
  if ((command !== "create" && command !== "grant") || !username || rest.length > 0) throw new UsageError(USAGE);
  const env = parseEnv(process.env);
  await migrateDatabase(env.databaseUrl);
  const db = openDb(env.databaseUrl);
  try {
    if (command === "grant") {
      const granted = await grantAdmin(db, { username });
      if (!granted.ok) {
        process.stderr.write(`admin: ${englishError(granted.code, granted.values)}\n`);
        return 1;
      }
      const { user, changed } = granted.value;
      process.stdout.write(changed ? `"${user.username}" is now an administrator.\n` : `"${user.username}" was already an administrator.\n`);
      return 0;
    }
    const piped = await passwordFromStdin();
    const password = piped ?? randomBytes(18).toString("base64url");
    const created = await createAdminAccount({ db, passwordCost: passwordCost(env.NODE_ENV) }, { username, password });
    if (!created.ok) {
      process.stderr.write(`admin: ${englishError(created.code, created.values)}\n`);
      return 1;
    }
    process.stdout.write(`Created administrator "${created.value.username}".\n`);
    process.stdout.write(piped ? "Its password is the one read from standard input.\n" : `Password (shown only this once): ${password}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof UsageError ? `${message}\n` : `admin: ${message}\n`);
    process.exit(2);
  },
);
