/**
 * A command's refusal as its answer, nothing changed: the code and the values of its sentence for the page, and that
 * sentence in English (`message`, from messages/en.json) for scripts and logs — the one place the socket's answers are
 * worded.
 *
 * @example
 *   fail("ERR_NOT_FOUND");                             // { ok: false, code: "ERR_NOT_FOUND", message: "This match does not exist, …" }
 *   answer(refuse("ERR_WRONG_STATUS", { reason: "over" })); // { ok: false, code, values: { reason: "over" }, message: "The match is over." }
 *   next(refusedConnection("ERR_PROTOCOL_VERSION"));         // a handshake refused: "ERR_PROTOCOL_VERSION: This page is out of date: reload it."
 */
import type { FailureValues } from "@/lib/engine/types";
import type { ErrorCode, Failure } from "@/lib/protocol";
import { englishError } from "@/i18n/english";

export function fail(code: ErrorCode, values?: FailureValues): Failure {
  const message = englishError(code, values);
  return values === undefined ? { ok: false, code, message } : { ok: false, code, values, message };
}

/** A refusal of the match aggregate (lib/match: a code and values) as the command's answer. */
export function answer(refusal: { readonly code: ErrorCode; readonly values?: FailureValues }): Failure {
  return fail(refusal.code, refusal.values);
}

/**
 * A refused socket connection, for Socket.IO's `next(error)`: a connect error carries only its message and `data`, so
 * the message starts with the code ("ERR_PROTOCOL_VERSION: This page is out of date: reload it.") and `data` holds
 * the code and values for a page to word.
 */
export function refusedConnection(code: string, values?: FailureValues): Error & { data: { code: string; values?: FailureValues } } {
  return Object.assign(new Error(`${code}: ${englishError(code, values)}`), { data: values === undefined ? { code } : { code, values } });
}
