/**
 * Password hashing with bcrypt (bcryptjs, cost 12; 10 under NODE_ENV=test so the suite stays quick). bcrypt reads
 * only the first 72 bytes of its input, and passwords may have up to 200 characters, so the password is first
 * reduced to the base64 of its SHA-256 (44 ASCII characters): every character counts, and no NUL byte can reach
 * bcrypt. Clear passwords are never stored or logged.
 *
 * @example
 *   const hash = await hashPassword("correct horse", passwordCost("production")); // "$2b$12$…"
 *   await verifyPassword("correct horse", hash); // true
 */
import { createHash, randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";

export function passwordCost(nodeEnv: string | undefined): number {
  return nodeEnv === "test" ? 10 : 12;
}

function prehash(password: string): string {
  return createHash("sha256").update(password, "utf8").digest("base64");
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(prehash(password), cost);
}

/** False for a wrong password and for a malformed hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(prehash(password), hash);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the time of one real check, for a username that does not exist or has no password (a guest), so the answer
 * takes as long as for a wrong password and timing does not tell which usernames exist.
 */
export async function spendVerifyTime(password: string, cost: number): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString("hex"), cost);
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
