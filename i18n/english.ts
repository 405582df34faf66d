/**
 * English sentences from messages/en.json, for what has no reader's language: the command-line tools, logs and
 * tests. lib/ returns codes and values (a message key and its arguments); the words live in the message files only,
 * and this formats them with the same ICU formatter next-intl uses for the pages.
 *
 * @example
 *   english("verifyReport.detail.nonces", { last: 41 }); // "Nonces run 0 to 41 with no gap and no repeat."
 */
import { IntlMessageFormat } from "intl-messageformat";
import { MESSAGES } from "./messages";

type Tree = { readonly [key: string]: string | Tree };

const formats = new Map<string, IntlMessageFormat>();

function message(key: string): string {
  let node: string | Tree | undefined = MESSAGES.en as unknown as Tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`messages/en.json has no message ${key}`);
  return node;
}

export function english(key: string, values: Readonly<Record<string, string | number>> = {}): string {
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(message(key), "en");
    formats.set(key, format);
  }
  return String(format.format(values));
}
