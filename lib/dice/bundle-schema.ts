/**
 * Runtime shape checks for what a verifier reads from outside: the audit bundle (docs/fair-dice-v1.md, section 6)
 * and the game record of check 5. A malformed input is an expected failure: its values name the first bad field and
 * what is wrong with it, as a key (`problem`) the verifier's report words (`verifyReport.detail.failBundle`).
 *
 * @example
 *   const parsed = parseBundle(JSON.parse(text));
 *   if (!parsed.ok) parsed.values; // { reason: "field", field: "bundle.rolls[3].dice[1]", problem: "die", more: 0 }
 */
import { z } from "zod";
import { err, ok, type FailureValues, type Result } from "../engine/types";
import type { AuditBundle, RecordTurn } from "./types";

/** What can be wrong with a field: zod's issue message for each schema below ("invalid" for zod's own checks). */
export type FieldProblem =
  | "missing"
  | "text"
  | "hex64"
  | "clientSeed"
  | "dieNumber"
  | "die"
  | "twoDice"
  | "color"
  | "gameNumber"
  | "firstGame"
  | "protocolV1"
  | "protocolV2"
  | "clientSeeds"
  | "wholeNumber"
  | "notNegative"
  | "positive"
  | "atMost"
  | "rollKind"
  | "object"
  | "rolls"
  | "turns"
  | "gameKey"
  | "gameSeeds"
  | "salts"
  | "chainLength"
  | "gameSeedRange"
  | "seatKind"
  | "word"
  | "endReason"
  | "lines"
  | "keyId"
  | "hex128"
  | "invalid";

const PROBLEMS: ReadonlySet<string> = new Set<FieldProblem>(["missing", "text", "hex64", "clientSeed", "dieNumber", "die", "twoDice", "color", "gameNumber", "firstGame", "protocolV1", "protocolV2", "clientSeeds", "wholeNumber", "notNegative", "positive", "atMost", "rollKind", "object", "rolls", "turns", "gameKey", "gameSeeds", "salts", "chainLength", "gameSeedRange", "seatKind", "word", "endReason", "lines", "keyId", "hex128", "invalid"]);

/** A field's problem as zod's error for a wrong type, or "missing" when the field is absent. */
export const fieldError = (problem: FieldProblem) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? "missing" : problem) });

const lowerHex64 = z.string(fieldError("text")).regex(/^[0-9a-f]{64}$/, "hex64" satisfies FieldProblem);
const clientSeed = z.string(fieldError("text")).regex(/^[A-Za-z0-9_-]{1,64}$/, "clientSeed" satisfies FieldProblem);
const die = z.int(fieldError("dieNumber")).min(1, "die" satisfies FieldProblem).max(6, "die" satisfies FieldProblem);
const dice = z.tuple([die, die], fieldError("twoDice"));
const color = z.enum(["white", "black"], fieldError("color"));
const game = z.int(fieldError("gameNumber")).min(1, "firstGame" satisfies FieldProblem);

const bundleSchema = z.object({
  protocol: z.literal("fair-dice-v1", fieldError("protocolV1")),
  matchId: z.string(fieldError("text")),
  commitment: lowerHex64,
  serverSeed: lowerHex64.nullable(),
  clientSeeds: z.object({ white: clientSeed, black: clientSeed }, fieldError("clientSeeds")),
  rolls: z.array(
    z.object(
      {
        nonce: z.int(fieldError("wholeNumber")).min(0, "notNegative" satisfies FieldProblem),
        game,
        kind: z.enum(["opening", "turn"], fieldError("rollKind")),
        player: color.nullable(),
        dice,
      },
      fieldError("object"),
    ),
    fieldError("rolls"),
  ),
});

const recordSchema = z.array(z.object({ game, player: color, dice }, fieldError("object")), fieldError("turns"));


/** The bundle with unknown extra fields dropped, or its first bad field (`fieldIssue`). */
export function parseBundle(input: unknown): Result<AuditBundle, "ERR_BUNDLE_FORMAT"> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("ERR_BUNDLE_FORMAT", { reason: "notObject" });
  const parsed = bundleSchema.safeParse(input);
  return parsed.success ? ok(parsed.data) : err("ERR_BUNDLE_FORMAT", { reason: "field", ...fieldIssue("bundle", parsed.error.issues) });
}

/** A game record (a list of RecordTurn), or its first bad field (`fieldIssue`). */
export function parseRecord(input: unknown): Result<RecordTurn[], "ERR_RECORD_FORMAT"> {
  const parsed = recordSchema.safeParse(input);
  return parsed.success ? ok(parsed.data) : err("ERR_RECORD_FORMAT", { reason: "field", ...fieldIssue("record", parsed.error.issues) });
}

/**
 * The first issue as a failure's values: `field` its path ("bundle.rolls[3].dice[1]"), `problem` a FieldProblem,
 * `more` how many other issues there are, and `limit` the bound of an "atMost".
 */
export function fieldIssue(root: string, issues: readonly z.core.$ZodIssue[]): FailureValues {
  const first = issues[0];
  if (first === undefined) return { field: root, problem: "invalid", more: 0 };
  const field = first.path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : `${text}.${String(key)}`), root);
  const problem = PROBLEMS.has(first.message) ? first.message : "invalid";
  const limit = first.code === "too_big" ? Number(first.maximum) : undefined;
  return { field, problem, more: issues.length - 1, ...(limit !== undefined && { limit }) };
}
