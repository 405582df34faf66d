/**
 * A player's play settings, saved with their account (User.preferences, JSON text) and used by the match page: what
 * it does by itself (roll, forced plays, bear-offs, sending a finished play) and how it tells the player it is their
 * turn (a sound, a browser notification). The tab's title and icon always change; they need no setting.
 *
 * The defaults are the site as it was before the settings: every click is the player's, nothing makes a noise. Stored
 * text is read leniently (a setting it does not know is dropped, a missing one takes its default) so that settings
 * added or removed later never lock anyone out; a change sent by a client is read strictly.
 *
 * @example
 *   storedPreferences(user.preferences);                 // PlayPreferences: the account's choices over the defaults
 *   const change = parsePreferenceChange({ autoRoll: true }); // Result<Partial<PlayPreferences>, "ERR_BAD_REQUEST">
 *   if (change.ok) save(choicesAfter(user.preferences, change.value)); // '{"autoRoll":true}'
 */
import { err, ok, type Result } from "@/lib/engine/types";

export interface PlayPreferences {
  /** Roll by yourself when a double is not allowed (the cube is not yours, dead, at its limit, or Crawford). */
  readonly autoRoll: boolean;
  /** Make a play by yourself when the roll allows only one (one position it can lead to). */
  readonly autoPlayForced: boolean;
  /** In a race with every checker home, bear off by yourself when one checker comes off with every die. */
  readonly autoBearOff: boolean;
  /** Wait for Confirm after the last checker of a play (off: the play is sent as soon as it is complete). */
  readonly confirmPlays: boolean;
  /** A short sound when it becomes your turn. */
  readonly sound: boolean;
  /** A browser notification when it becomes your turn while the page is hidden (the browser asks permission). */
  readonly notify: boolean;
}

export type PreferenceName = keyof PlayPreferences;

export const DEFAULT_PLAY_PREFERENCES: PlayPreferences = Object.freeze({
  autoRoll: false,
  autoPlayForced: false,
  autoBearOff: false,
  confirmPlays: true,
  sound: false,
  notify: false,
});

/** In the order the settings form lists them. */
export const PREFERENCE_NAMES: readonly PreferenceName[] = Object.freeze(Object.keys(DEFAULT_PLAY_PREFERENCES) as PreferenceName[]);

function isPreferenceName(name: string): name is PreferenceName {
  return (PREFERENCE_NAMES as readonly string[]).includes(name);
}

/** The choices stored on an account: only the settings the player changed (null or unreadable text: none). */
export function storedChoices(text: string | null | undefined): Partial<PlayPreferences> {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const choices: Partial<Record<PreferenceName, boolean>> = {};
  for (const [name, setting] of Object.entries(value)) if (isPreferenceName(name) && typeof setting === "boolean") choices[name] = setting;
  return choices;
}

/** The settings in force for an account: its choices over the defaults. */
export function storedPreferences(text: string | null | undefined): PlayPreferences {
  return { ...DEFAULT_PLAY_PREFERENCES, ...storedChoices(text) };
}

/**
 * A change sent by a client: an object of one or more known settings, each true or false. Anything else is refused
 * whole (ERR_BAD_REQUEST), so a bad request changes nothing; the refusal does not echo what was sent.
 */
export function parsePreferenceChange(value: unknown): Result<Partial<PlayPreferences>, "ERR_BAD_REQUEST"> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return err("ERR_BAD_REQUEST", { reason: "preferences" });
  const entries = Object.entries(value);
  if (entries.length === 0) return err("ERR_BAD_REQUEST", { reason: "preferences" });
  const change: Partial<Record<PreferenceName, boolean>> = {};
  for (const [name, setting] of entries) {
    if (!isPreferenceName(name) || typeof setting !== "boolean") return err("ERR_BAD_REQUEST", { reason: "preferences" });
    change[name] = setting;
  }
  return ok(change);
}

/**
 * The text to store after a change: the earlier choices with the change over them. Only choices are kept, not the
 * defaults, so a setting the player never touched follows the site's default if that changes.
 */
export function choicesAfter(text: string | null | undefined, change: Partial<PlayPreferences>): string {
  const choices = { ...storedChoices(text), ...change };
  return JSON.stringify(Object.fromEntries(PREFERENCE_NAMES.filter((name) => choices[name] !== undefined).map((name) => [name, choices[name]])));
}
