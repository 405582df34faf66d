"use client";
/**
 * Server errors in the reader's language. The server answers with a stable code (`ERR_…`, docs/architecture.md),
 * the values its sentence needs (a die, a name, a `reason` that tells one code's cases apart) and an English sentence
 * for scripts; the page shows `errors.<code>` from the message files worded with those values, or, for a code the
 * files do not know yet, a generic sentence naming the code (i18n/messages.test.ts checks that every code the server
 * and the rules can send, with every reason, has its words).
 *
 * @example
 *   const errorText = useErrorText();
 *   errorText("ERR_NOT_YOUR_TURN");                                      // "It is not your turn."  /  "Não é a sua vez."
 *   errorText("ERR_WRONG_STATUS", { reason: "over" });                   // "The match is over."
 *   const { code, values } = errorOfBody(await response.json());          // an HTTP error body's failure
 */
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { wordingValues, type FailureValues } from "@/lib/engine/types";

export type ErrorText = (code: string, values?: FailureValues) => string;

/** A failure as a page holds it to word it: its code and values (a socket Failure or an HTTP error body). */
export interface ShownError {
  readonly code: string;
  readonly values?: FailureValues;
}

/** The failure an HTTP error body names (`{ error, values, message }`, server/http/json.ts), or `fallback`. */
export function errorOfBody(body: unknown, fallback = "ERR_HTTP"): ShownError {
  const { error, values } = (typeof body === "object" && body !== null ? body : {}) as { error?: unknown; values?: unknown };
  if (typeof error !== "string") return { code: fallback };
  return typeof values === "object" && values !== null ? { code: error, values: values as FailureValues } : { code: error };
}

export function useErrorText(): ErrorText {
  const t = useTranslations("errors");
  return useCallback((code: string, values?: FailureValues) => (t.has(code) ? t(code, wordingValues(values)) : t("unknown", { code })), [t]);
}
