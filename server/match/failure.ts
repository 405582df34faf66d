/** A command's refusal as its answer: a stable code and a sentence, nothing changed. */
import type { ErrorCode, Failure } from "@/lib/protocol";

export function fail(code: ErrorCode, message: string): Failure {
  return { ok: false, code, message };
}
