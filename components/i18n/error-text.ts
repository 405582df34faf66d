"use client";
/**
 * Server errors in the reader's language. The server answers with a stable code (`ERR_…`, docs/architecture.md) and
 * an English sentence for logs and scripts; the page shows `errors.<code>` from the message files, or, for a code
 * the files do not know yet, a generic sentence naming the code (tests/i18n/messages.test.ts lists every code the
 * server can send and fails when one has no text).
 *
 * @example
 *   const errorText = useErrorText();
 *   errorText("ERR_NOT_YOUR_TURN"); // "It is not your turn."  /  "Não é a sua vez."
 */
import { useTranslations } from "next-intl";
import { useCallback } from "react";

export type ErrorText = (code: string) => string;

export function useErrorText(): ErrorText {
  const t = useTranslations("errors");
  return useCallback((code: string) => (t.has(code) ? t(code) : t("unknown", { code })), [t]);
}
