/**
 * English sentences from messages/en.json, for what has no reader's language: the command-line tools, logs, tests,
 * and the `message` of the server's answers (for API users and scripts). lib/ returns codes and values (a message key
 * and its arguments); the words live in the message files only, and this formats them with the same ICU formatter
 * next-intl uses for the pages.
 *
 * @example
 *   english("verifyReport.detail.nonces", { last: 41 }); // "Nonces run 0 to 41 with no gap and no repeat."
 *   englishError("ERR_WRONG_STATUS", { reason: "over" }); // "The match is over."
 */
import { IntlMessageFormat } from "intl-messageformat";
import { wordingValues, type FailureValues } from "@/lib/engine/types";
import { MESSAGES } from "./messages";

type Tree = { readonly [key: string]: string | Tree };

const formats = new Map<string, IntlMessageFormat>();

function lookUp(key: string): string | undefined {
  let node: string | Tree | undefined = MESSAGES.en as unknown as Tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

function message(key: string): string {
  const found = lookUp(key);
  if (found === undefined) throw new Error(`messages/en.json has no message ${key}`);
  return found;
}

export function english(key: string, values: FailureValues = {}): string {
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(message(key), "en");
    formats.set(key, format);
  }
  return String(format.format(values));
}

/**
 * A failure's sentence: `errors.<code>` with its values. A code the message files lack (i18n/messages.test.ts fails
 * on one) gets the generic sentence naming it, as on the pages (components/i18n/error-text.ts).
 */
export function englishError(code: string, values?: FailureValues): string {
  return lookUp(`errors.${code}`) === undefined ? english("errors.unknown", { code }) : english(`errors.${code}`, wordingValues(values));
}
