/**
 * A player's name, linking to their profile when they have one: registered people do, guests and the computer
 * players ("Computer (easy)", a name no account can take) do not, and their names stay plain text.
 *
 * @example
 *   <PlayerLink name="ada" isGuest={false} />   // <a href="/players/ada">ada</a>
 */
/** The usernames registered accounts may have (server/auth/account-rules.ts USERNAME_PATTERN). */
const PROFILE_NAME = /^[A-Za-z0-9_-]{3,20}$/;
const GUEST_PREFIX = "guest-";

export function hasProfile(name: string, isGuest = false): boolean {
  return !isGuest && PROFILE_NAME.test(name) && !name.toLowerCase().startsWith(GUEST_PREFIX);
}

export function PlayerLink({ name, isGuest = false }: { readonly name: string; readonly isGuest?: boolean }) {
  return hasProfile(name, isGuest) ? <a href={`/players/${encodeURIComponent(name)}`}>{name}</a> : <>{name}</>;
}
