/**
 * What a chat message may say: plain text on one line, at most MAX_CHAT_LENGTH characters once cleaned. Cleaning
 * turns every run of white space (new lines included) into one space and removes control characters and the
 * invisible characters that reorder or hide text (bidirectional overrides, zero-width joiners), so a message cannot
 * break the layout, spoof another line or read differently from what it shows. The page renders it as text, never as
 * HTML: markup in a message is shown, not interpreted.
 *
 * @example
 *   cleanChatText("  gl\n hf  ");     // ok("gl hf")
 *   cleanChatText("\u202Eevil");      // ok("evil")
 *   cleanChatText("   ");             // err("ERR_CHAT", { reason: "empty" })
 */
import { err, ok, type Result } from "../engine/types";

export const MAX_CHAT_LENGTH = 280;

/** C0 and C1 controls, bidi embeddings/overrides/isolates, zero-width characters, the BOM, soft hyphen. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
const SPACES = /\s+/g;

export type ChatRefusalCode = "ERR_CHAT";

export function cleanChatText(raw: string): Result<string, ChatRefusalCode> {
  const text = raw.replace(INVISIBLE, "").replace(SPACES, " ").trim();
  if (text.length === 0) return err("ERR_CHAT", { reason: "empty" });
  // Counted in code points, as a person counts characters (an emoji is one, not two UTF-16 units).
  const length = [...text].length;
  if (length > MAX_CHAT_LENGTH) return err("ERR_CHAT", { reason: "tooLong", max: MAX_CHAT_LENGTH, length });
  return ok(text);
}
