/**
 * Runtime shape checks for what a verifier reads from outside: the audit bundle (docs/fair-dice-v1.md, section 6)
 * and the game record of check 5. A malformed input is an expected failure: the result names the first bad field.
 *
 * @example
 *   const parsed = parseBundle(JSON.parse(text));
 *   if (!parsed.ok) console.log(parsed.message); // "rolls[3].dice: expected 2 dice, ..."
 */
import { z } from "zod";
import { err, ok, type Result } from "../engine/types";
import type { AuditBundle, RecordTurn } from "./types";

/** A field's error message, or "is missing" when the field is absent. */
export const fieldError = (text: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? "is missing" : text) });

const lowerHex64 = z.string(fieldError("must be text")).regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex characters");
const clientSeed = z
  .string(fieldError("must be text"))
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'");
const die = z.int(fieldError("must be a whole number from 1 to 6")).min(1, "must be a die from 1 to 6").max(6, "must be a die from 1 to 6");
const dice = z.tuple([die, die], fieldError("must be a list of two dice"));
const color = z.enum(["white", "black"], fieldError("must be \"white\" or \"black\""));
const game = z.int(fieldError("must be a whole game number")).min(1, "must be a game number from 1 up");

const bundleSchema = z.object({
  protocol: z.literal("fair-dice-v1", fieldError("must be \"fair-dice-v1\"")),
  matchId: z.string(fieldError("must be text")),
  commitment: lowerHex64,
  serverSeed: lowerHex64.nullable(),
  clientSeeds: z.object({ white: clientSeed, black: clientSeed }, fieldError("must be an object with \"white\" and \"black\" seeds")),
  rolls: z.array(
    z.object(
      {
        nonce: z.int(fieldError("must be a whole number")).min(0, "must be 0 or more"),
        game,
        kind: z.enum(["opening", "turn"], fieldError("must be \"opening\" or \"turn\"")),
        player: color.nullable(),
        dice,
      },
      fieldError("must be an object"),
    ),
    fieldError("must be a list of rolls"),
  ),
});

const recordSchema = z.array(z.object({ game, player: color, dice }, fieldError("must be an object")), fieldError("must be a list of turns"));


/** The bundle with unknown extra fields dropped, or the first bad field ("rolls[3].dice[1]: must be a die ..."). */
export function parseBundle(input: unknown): Result<AuditBundle, "ERR_BUNDLE_FORMAT"> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return err("ERR_BUNDLE_FORMAT", "The bundle must be a JSON object.");
  }
  const parsed = bundleSchema.safeParse(input);
  return parsed.success ? ok(parsed.data) : err("ERR_BUNDLE_FORMAT", describeIssue("bundle", parsed.error.issues));
}

/** A game record (a list of RecordTurn), or the first bad field ("record[2].player: ..."). */
export function parseRecord(input: unknown): Result<RecordTurn[], "ERR_RECORD_FORMAT"> {
  const parsed = recordSchema.safeParse(input);
  return parsed.success ? ok(parsed.data) : err("ERR_RECORD_FORMAT", describeIssue("record", parsed.error.issues));
}

/** The first issue as "root.path[3].field message (n more problems after this one)." */
export function describeIssue(root: string, issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (first === undefined) return `The ${root} is malformed.`;
  const path = first.path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : `${text}.${String(key)}`),
    root,
  );
  const more = issues.length > 1 ? ` (${issues.length - 1} more problem${issues.length > 2 ? "s" : ""} after this one)` : "";
  return `${path} ${first.message}${more}.`;
}
