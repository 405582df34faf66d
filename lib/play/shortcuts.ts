/**
 * The match page's keyboard shortcuts: one key (or two) per action, so a turn by keyboard is R (or B when the dice are
 * already in), two Enters per checker and Enter on Confirm instead of a Tab walk through the page (issue 47: ~27 keys, 20 Tabs).
 * The keys are the same in every language (like gnubg's), and a key typed into a field, or pressed with Ctrl, Alt or
 * Meta, is never a shortcut. Enter confirms only where it would do nothing else: not on a button, link or checker.
 *
 * @example
 *   shortcutFor({ key: "r", target: { tagName: "BODY" } });           // "roll"
 *   shortcutFor({ key: "r", target: { tagName: "INPUT" } });          // null: typing in the chat
 *   ariaKeyShortcuts("confirm");                                      // "C Enter"
 */

export type Shortcut = "roll" | "double" | "take" | "drop" | "confirm" | "undo" | "board" | "next" | "help";

/** In the order the help lists them; a letter stands for its upper and lower case. */
export const SHORTCUT_KEYS: Readonly<Record<Shortcut, readonly string[]>> = {
  roll: ["R"],
  double: ["D"],
  take: ["T"],
  drop: ["P"],
  confirm: ["C", "Enter"],
  undo: ["U", "Backspace"],
  /** To the board: the first checker to move (after the opening roll there is no Roll to press). */
  board: ["B"],
  next: ["N"],
  help: ["?"],
};

/** What a key press looks like to the page: the key, the modifiers, and where the focus was. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
  readonly target: {
    readonly tagName: string;
    readonly isContentEditable?: boolean;
    /** A role the element claims ("button" on the board's checkers and points). */
    readonly role?: string | null;
  } | null;
}

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
/** Where Enter already does something: pressing it there is that, not Confirm. */
const ENTER_ACTS = new Set(["BUTTON", "A", "SUMMARY"]);

function typing(target: KeyPress["target"]): boolean {
  return target !== null && (target.isContentEditable === true || TYPING.has(target.tagName.toUpperCase()));
}

export function shortcutFor(press: KeyPress): Shortcut | null {
  if (press.ctrlKey || press.altKey || press.metaKey || typing(press.target)) return null;
  const key = press.key.length === 1 ? press.key.toUpperCase() : press.key;
  if (key === "Enter" && press.target && (ENTER_ACTS.has(press.target.tagName.toUpperCase()) || press.target.role === "button")) return null;
  for (const [shortcut, keys] of Object.entries(SHORTCUT_KEYS) as [Shortcut, readonly string[]][]) if (keys.includes(key)) return shortcut;
  return null;
}

/** The action's keys in aria-keyshortcuts' form ("C Enter"). */
export function ariaKeyShortcuts(shortcut: Shortcut): string {
  return SHORTCUT_KEYS[shortcut].join(" ");
}
