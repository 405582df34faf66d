/**
 * What a person may write where others read it — a chat message (MAX_CHAT_LENGTH characters) and a tournament's name
 * (server/tournaments/tournament-commands.ts) — cleaned by the one function here, so every such text reads the same
 * way to everyone and cannot break the layout, spoof another line or read differently from what it shows. Cleaning
 * removes control and format characters (bidirectional overrides, zero-width characters, tag characters, the
 * invisible math operators) and the other default-ignorable ones (the Hangul fillers), turns blank-looking characters
 * (the braille blank) and every run of white space (new lines included) into one space, and keeps at most
 * MAX_MARKS_PER_CHARACTER combining marks on a character and none on nothing — "Zalgo" text stacks hundreds of marks
 * over the lines around it. A text with nothing visible left is refused like an empty one. The page renders it as
 * text, never as HTML: markup in a message is shown, not interpreted.
 *
 * @example
 *   cleanChatText("  gl\n hf  ");     // ok("gl hf")
 *   cleanChatText("\u202Eevil");      // ok("evil")
 *   cleanChatText("   ");             // err("ERR_CHAT", { reason: "empty" })
 *   cleanChatText("\u3164\u2800");    // err("ERR_CHAT", { reason: "empty" })
 *   cleanUserText("a" + "\u0301".repeat(6));  // "á" (composed) and the next four marks; the last one dropped
 */
import { err, ok, type Result } from "../engine/types";

export const MAX_CHAT_LENGTH = 280;
/** Enough for the scripts that stack marks (Vietnamese, Hebrew points, Tibetan) and for keycap emoji; not for Zalgo. */
export const MAX_MARKS_PER_CHARACTER = 4;

/**
 * Controls other than white space, format characters (Cf: bidi controls, zero-width characters, the BOM, soft
 * hyphen, tag characters), lone surrogates, and the default-ignorable code points Unicode says to render as nothing
 * (the Hangul fillers among them) — except the variation selectors, which are combining marks (Mn) and choose an
 * emoji's look ("❤️"): they are kept on a character like any mark.
 */
const INVISIBLE = /(?![\t-\r]|\p{Variation_Selector})[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** Shows as blank space without being white space to \s (the Hangul fillers look alike but are default-ignorable: gone already). */
const BLANK = /\u2800/g;
const SPACES = /\s+/g;
const MARK = /^\p{M}$/u;

export type ChatRefusalCode = "ERR_CHAT";

/** `raw` as others may read it (see above): "" when nothing visible is left. */
export function cleanUserText(raw: string): string {
  // Composed first (NFC), so "e" and a combining acute count as the one character "é" they are.
  const folded = raw.replace(INVISIBLE, "").normalize("NFC").replace(BLANK, " ").replace(SPACES, " ").trim();
  let text = "";
  let marks = 0;
  let onCharacter = false;
  for (const character of folded) {
    if (MARK.test(character)) {
      if (onCharacter && marks < MAX_MARKS_PER_CHARACTER) text += character;
      marks++;
      continue;
    }
    text += character;
    marks = 0;
    onCharacter = character !== " ";
  }
  return text.replace(SPACES, " ").trim();
}

export function cleanChatText(raw: string): Result<string, ChatRefusalCode> {
  const text = cleanUserText(raw);
  if (text.length === 0) return err("ERR_CHAT", { reason: "empty" });
  // Counted in code points, as a person counts characters (an emoji is one, not two UTF-16 units).
  const length = [...text].length;
  if (length > MAX_CHAT_LENGTH) return err("ERR_CHAT", { reason: "tooLong", max: MAX_CHAT_LENGTH, length });
  return ok(text);
}
