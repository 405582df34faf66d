/**
 * What a username and a password must look like. Usernames are stored lower-cased, so "Ada" and "ada" are the same
 * account and the database's unique index enforces case-insensitive uniqueness by itself. The prefix "guest-" is
 * kept for generated guest names (a guest may keep its own when claiming the account).
 *
 * @example
 *   parseUsername("Ada_99");        // { ok: true, value: "ada_99" }
 *   parseUsername("guest-ada");     // { ok: false, code: "ERR_INVALID_USERNAME", values: { reason: "guestPrefix", prefix: "guest-" } }
 *   parsePassword("correct horse"); // { ok: true, value: "correct horse" }
 */
import { err, ok, type Result } from "@/lib/engine/types";

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const GUEST_PREFIX = "guest-";

/** The lookup key for a typed username: trimmed and lower-cased (also for input that breaks the rules). */
export function usernameKey(input: string): string {
  return input.trim().toLowerCase();
}

export function parseUsername(
  input: unknown,
  options: { readonly allowGuestPrefix?: boolean } = {},
): Result<string, "ERR_INVALID_USERNAME"> {
  if (typeof input !== "string") return err("ERR_INVALID_USERNAME", { reason: "missing" });
  const trimmed = input.trim();
  if (!USERNAME_PATTERN.test(trimmed)) return err("ERR_INVALID_USERNAME");
  const key = trimmed.toLowerCase();
  if (key.startsWith(GUEST_PREFIX) && !options.allowGuestPrefix) return err("ERR_INVALID_USERNAME", { reason: "guestPrefix", prefix: GUEST_PREFIX });
  return ok(key);
}

export function parsePassword(input: unknown): Result<string, "ERR_INVALID_PASSWORD"> {
  if (typeof input !== "string" || input.length < PASSWORD_MIN_LENGTH) return err("ERR_INVALID_PASSWORD", { reason: "tooShort", min: PASSWORD_MIN_LENGTH });
  if (input.length > PASSWORD_MAX_LENGTH) return err("ERR_INVALID_PASSWORD", { reason: "tooLong", max: PASSWORD_MAX_LENGTH });
  return ok(input);
}
