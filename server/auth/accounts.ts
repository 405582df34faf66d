/**
 * Account operations behind the sign-in, registration, guest and claim routes and the admin command: each returns a
 * Result with a stable ERR_ code and the values of its sentence (`errors.<code>`), which a form shows in the reader's
 * language. A wrong username and a wrong password give the
 * same answer (ERR_INVALID_CREDENTIALS), in about the same time.
 *
 * @example
 *   const deps = { db, limiter: new AuthRateLimiter(), passwordCost: 12 };
 *   await registerAccount(deps, { username: "Ada", password: "correct horse", ip: "203.0.113.7" }); // ok: user "ada"
 *   await verifyCredentials(deps, { username: "ada", password: "wrong", ip }); // ERR_INVALID_CREDENTIALS
 *   const guest = await createGuestAccount(deps, { ip });                      // ok: "guest-amber-otter-42"
 *   await claimGuestAccount(deps, { userId: guest.value.id, password: "correct horse", ip }); // keeps its name
 */
import { randomInt as cryptoRandomInt } from "node:crypto";
import { err, ok, type Result } from "@/lib/engine/types";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/types";
import { createUser, findUserById, findUserByUsername } from "@/server/db/users";
import { PASSWORD_MAX_LENGTH, parsePassword, parseUsername, usernameKey } from "./account-rules";
import { fallbackGuestName, guestName, type RandomInt } from "./guest-name";
import { hashPassword, spendVerifyTime, verifyPassword } from "./password";
import type { AuthRateLimiter } from "./rate-limit";
import { convertGuest, setRole } from "./user-writes";

export interface AccountDeps {
  readonly db: Db;
  readonly limiter: AuthRateLimiter;
  /** bcrypt cost (see password.ts). */
  readonly passwordCost: number;
  readonly randomInt?: RandomInt;
}

/** Typed usernames are cut to this length before they become rate-limit keys, so junk input stays small. */
const MAX_KEY_LENGTH = 64;

function limitKey(username: unknown): string {
  return typeof username === "string" ? usernameKey(username).slice(0, MAX_KEY_LENGTH) : "";
}

export async function registerAccount(
  deps: AccountDeps,
  input: { readonly username: unknown; readonly password: unknown; readonly ip: string },
): Promise<Result<UserRow, "ERR_RATE_LIMITED" | "ERR_INVALID_USERNAME" | "ERR_INVALID_PASSWORD" | "ERR_USERNAME_TAKEN">> {
  const allowed = await deps.limiter.attempt("credentials", { ip: input.ip, username: limitKey(input.username) });
  if (!allowed.ok) return allowed;
  const username = parseUsername(input.username);
  if (!username.ok) return username;
  const password = parsePassword(input.password);
  if (!password.ok) return password;
  // Checked first to spare a bcrypt hash; the unique index still settles a race.
  if (await findUserByUsername(deps.db, username.value)) return err("ERR_USERNAME_TAKEN");
  const created = await createUser(deps.db, { username: username.value, passwordHash: await hashPassword(password.value, deps.passwordCost) });
  return created.ok ? created : err("ERR_USERNAME_TAKEN");
}

export async function verifyCredentials(
  deps: AccountDeps,
  input: { readonly username: unknown; readonly password: unknown; readonly ip: string },
): Promise<Result<UserRow, "ERR_RATE_LIMITED" | "ERR_INVALID_CREDENTIALS">> {
  const allowed = await deps.limiter.attempt("credentials", { ip: input.ip, username: limitKey(input.username) });
  if (!allowed.ok) return allowed;
  const username = parseUsername(input.username, { allowGuestPrefix: true });
  const password = typeof input.password === "string" ? input.password : "";
  // Input that breaks the rules cannot name an account; that says nothing about which accounts exist.
  if (!username.ok || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) return err("ERR_INVALID_CREDENTIALS");
  const user = await findUserByUsername(deps.db, username.value);
  const matches = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await spendVerifyTime(password, deps.passwordCost);
  if (!user || !matches) return err("ERR_INVALID_CREDENTIALS");
  return ok(user);
}

/** Tries readable names first; after a few collisions, a random hex name (see guest-name.ts). */
export async function createGuestAccount(deps: AccountDeps, input: { readonly ip: string }): Promise<Result<UserRow, "ERR_RATE_LIMITED">> {
  const allowed = await deps.limiter.attempt("guest", { ip: input.ip });
  if (!allowed.ok) return allowed;
  const randomInt = deps.randomInt ?? ((max: number) => cryptoRandomInt(max));
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const username = attempt < 5 ? guestName(randomInt) : fallbackGuestName(randomInt);
    const created = await createUser(deps.db, { username, isGuest: true });
    if (created.ok) return created;
  }
  throw new Error("createGuestAccount: eight random guest names in a row were taken; the random source is broken");
}

/**
 * Turns the signed-in guest `userId` into a registered user with a password, under a new username or (when
 * `username` is left out or empty) the guest name it already has.
 */
export async function claimGuestAccount(
  deps: AccountDeps,
  input: { readonly userId: string; readonly username?: unknown; readonly password: unknown; readonly ip: string },
): Promise<
  Result<UserRow, "ERR_RATE_LIMITED" | "ERR_NOT_FOUND" | "ERR_NOT_GUEST" | "ERR_INVALID_USERNAME" | "ERR_INVALID_PASSWORD" | "ERR_USERNAME_TAKEN">
> {
  const user = await findUserById(deps.db, input.userId);
  if (!user) return err("ERR_NOT_FOUND", { reason: "account" });
  const wanted = typeof input.username === "string" && input.username.trim() !== "" ? input.username : user.username;
  const allowed = await deps.limiter.attempt("credentials", { ip: input.ip, username: limitKey(wanted) });
  if (!allowed.ok) return allowed;
  if (!user.isGuest) return err("ERR_NOT_GUEST", { reason: "registered" });
  // A guest may keep its own generated name; any other name follows the registration rules.
  const username = usernameKey(wanted) === user.username ? ok(user.username) : parseUsername(wanted);
  if (!username.ok) return username;
  const password = parsePassword(input.password);
  if (!password.ok) return password;
  return convertGuest(deps.db, { id: user.id, username: username.value, passwordHash: await hashPassword(password.value, deps.passwordCost) });
}

/** The admin command's `create`: a new ADMIN account with a password. */
export async function createAdminAccount(
  deps: Pick<AccountDeps, "db" | "passwordCost">,
  input: { readonly username: unknown; readonly password: unknown },
): Promise<Result<UserRow, "ERR_INVALID_USERNAME" | "ERR_INVALID_PASSWORD" | "ERR_USERNAME_TAKEN">> {
  const username = parseUsername(input.username);
  if (!username.ok) return username;
  const password = parsePassword(input.password);
  if (!password.ok) return password;
  const created = await createUser(deps.db, {
    username: username.value,
    passwordHash: await hashPassword(password.value, deps.passwordCost),
    role: "ADMIN",
  });
  return created.ok ? created : err("ERR_USERNAME_TAKEN", { reason: "named", name: username.value });
}

/** The admin command's `grant`: makes an existing registered user ADMIN (a guest must claim its account first). */
export async function grantAdmin(db: Db, input: { readonly username: string }): Promise<Result<{ user: UserRow; changed: boolean }, "ERR_USER_NOT_FOUND" | "ERR_GUEST">> {
  const user = await findUserByUsername(db, usernameKey(input.username));
  if (!user) return err("ERR_USER_NOT_FOUND", { reason: "named", name: usernameKey(input.username) });
  if (user.isGuest) return err("ERR_GUEST", { reason: "admin", name: user.username });
  if (user.role === "ADMIN") return ok({ user, changed: false });
  const updated = await setRole(db, user.id, "ADMIN");
  if (!updated) return err("ERR_USER_NOT_FOUND", { reason: "named", name: user.username });
  return ok({ user: updated, changed: true });
}
