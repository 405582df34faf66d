/**
 * The user updates accounts need and server/db/users.ts does not offer yet: turning a guest into a registered
 * user, changing a role, the language and the play settings. They belong with the data layer and should move to server/db/users.ts (the persistence
 * layer's owner was still writing it when accounts landed); until then they are the only Prisma calls in
 * server/auth.
 *
 * @example
 *   await convertGuest(db, { id, username: "ada", passwordHash }); // Result<UserRow, "ERR_NOT_GUEST" | "ERR_USERNAME_TAKEN">
 *   await setRole(db, id, "ADMIN");                                 // UserRow | null
 *   await changePreferences(db, id, { autoRoll: true });            // PlayPreferences | null
 */
import type { Locale } from "@/i18n/locales";
import { err, ok, type Result } from "@/lib/engine/types";
import { choicesAfter, storedPreferences, type PlayPreferences } from "@/lib/play/preferences";
import type { Db } from "@/server/db/client";
import { uniqueViolation } from "@/server/db/transaction";
import type { Role, UserRow } from "@/server/db/types";

/** Sets a guest's username and password hash and makes it a registered user, only if it is still a guest. */
export async function convertGuest(
  db: Db,
  change: { readonly id: string; readonly username: string; readonly passwordHash: string },
): Promise<Result<UserRow, "ERR_NOT_GUEST" | "ERR_USERNAME_TAKEN">> {
  try {
    // updateMany with isGuest in the filter: two concurrent claims cannot both succeed.
    const updated = await db.prisma.user.updateMany({
      where: { id: change.id, isGuest: true },
      data: { username: change.username, passwordHash: change.passwordHash, isGuest: false },
    });
    if (updated.count === 0) return err("ERR_NOT_GUEST");
  } catch (error) {
    if (uniqueViolation(error)) return err("ERR_USERNAME_TAKEN");
    throw error;
  }
  const user = await db.prisma.user.findUnique({ where: { id: change.id } });
  if (!user) return err("ERR_NOT_GUEST", { reason: "gone" });
  return ok(user);
}

/** The updated user, or null when no user has that id. */
export async function setRole(db: Db, id: string, role: Role): Promise<UserRow | null> {
  const updated = await db.prisma.user.updateMany({ where: { id }, data: { role } });
  return updated.count === 0 ? null : db.prisma.user.findUnique({ where: { id } });
}

/** Stores the user's language (i18n/locales.ts; null follows the browser again). False when no user has that id. */
export async function setLocale(db: Db, id: string, locale: Locale | null): Promise<boolean> {
  const updated = await db.prisma.user.updateMany({ where: { id }, data: { locale } });
  return updated.count === 1;
}

/**
 * Applies a change to the user's play settings (lib/play/preferences.ts) and returns the settings now in force, or
 * null when no user has that id. The write is conditional on the text it read, and read again if another tab changed
 * it in between, so two changes made at once both stay.
 */
export async function changePreferences(db: Db, id: string, change: Partial<PlayPreferences>): Promise<PlayPreferences | null> {
  for (;;) {
    const user = await db.prisma.user.findUnique({ where: { id }, select: { preferences: true } });
    if (!user) return null;
    const text = choicesAfter(user.preferences, change);
    const updated = await db.prisma.user.updateMany({ where: { id, preferences: user.preferences }, data: { preferences: text } });
    if (updated.count === 1) return storedPreferences(text);
  }
}
