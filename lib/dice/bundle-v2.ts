/**
 * The fair-dice-v2 audit bundle (docs/fair-dice-v2.md, section 5): its shape and its runtime check. The bundle-format
 * check is deliberately loose about salts (any text under `white`/`black`): whether a roll has the right salts in
 * the right form is the `salts` check, which names the roll.
 *
 * @example
 *   const parsed = parseBundleV2(JSON.parse(text));
 *   if (parsed.ok) parsed.value.gameSeeds.get(2); // game 2's revealed seed, if game 2 has ended
 */
import { z } from "zod";
import { err, ok, type Result } from "../engine/types";
import { fieldError, fieldIssue, type FieldProblem } from "./bundle-schema";
import { MAX_CHAIN_MATCH_LENGTH } from "./seed-chain";
import type { BundleRoll, RollSalts } from "./types";

export interface BundleRollV2 extends BundleRoll {
  readonly salts: RollSalts;
}

/** Who sat in a seat (section 5a): a registered person, a guest, or the site's computer; `id` is the site's. */
export interface ProofSeat {
  readonly kind: "person" | "guest" | "computer";
  readonly id: string;
  readonly name: string;
}

/** How the match ended (section 5a): the reason, the winner, the score, and how many games and rolls it had. */
export interface ProofEnd {
  readonly reason: "finished" | "cancelled" | "abandoned" | "timeout";
  readonly winner: "white" | "black" | null;
  readonly score: { readonly white: number; readonly black: number };
  readonly games: number;
  readonly rolls: number;
}

/** The site's Ed25519 signature over the bundle's statement (section 5b), and the key that made it. */
export interface ProofSignature {
  readonly keyId: string;
  /** 128 lowercase hex characters. */
  readonly value: string;
}

/** The bundle as served and published (JSON: game seeds keyed by game number in decimal). */
export type AuditBundleV2 = Omit<ParsedBundleV2, "gameSeeds" | "computer" | "seats" | "end" | "recordDigest" | "signature"> & {
  readonly gameSeeds: Readonly<Record<string, string>>;
  /** Absent in bundles made before the field existed: read as null. */
  readonly computer?: "white" | "black" | null;
  /** The fields of a signed proof (section 5a), absent in bundles made before them. */
  readonly seats?: { readonly white: ProofSeat | null; readonly black: ProofSeat | null };
  readonly end?: ProofEnd | null;
  readonly recordDigest?: string;
  /** The game record as canonical lines (lib/record/record-lines.ts), whose digest is `recordDigest`. */
  readonly recordLines?: readonly string[];
  readonly signature?: ProofSignature;
};

/** The bundle as the verifier reads it, once its shape is checked. */
export interface ParsedBundleV2 {
  readonly protocol: "fair-dice-v2";
  readonly matchId: string;
  readonly matchLength: number;
  readonly chainLength: number;
  readonly commitment: string;
  /** The seeds of the games that have ended, by game number. */
  readonly gameSeeds: ReadonlyMap<number, string>;
  /** The last seed of the chain; null while the match is running. */
  readonly serverSeed: string | null;
  readonly clientSeeds: { readonly white: string; readonly black: string };
  /** The seat the site's computer plays, whose salts come from the game seeds (section 3a); null: two people. */
  readonly computer: "white" | "black" | null;
  readonly rolls: readonly BundleRollV2[];
  /** Section 5a; null in a bundle made before seats were named. */
  readonly seats: { readonly white: ProofSeat | null; readonly black: ProofSeat | null } | null;
  /** null while the match runs; undefined in a bundle made before ends were recorded. */
  readonly end: ProofEnd | null | undefined;
  readonly recordDigest: string | null;
  readonly signature: ProofSignature | null;
}

const expect = fieldError;
const lowerHex64 = z.string(expect("text")).regex(/^[0-9a-f]{64}$/, "hex64" satisfies FieldProblem);
const clientSeed = z.string(expect("text")).regex(/^[A-Za-z0-9_-]{1,64}$/, "clientSeed" satisfies FieldProblem);
const die = z.int(expect("dieNumber")).min(1, "die" satisfies FieldProblem).max(6, "die" satisfies FieldProblem);
const color = z.enum(["white", "black"], expect("color"));
const count = z.int(expect("wholeNumber")).min(0, "notNegative" satisfies FieldProblem);
const seat = z.object(
  {
    kind: z.enum(["person", "guest", "computer"], expect("seatKind")),
    id: z.string(expect("text")).regex(/^[A-Za-z0-9_-]{1,64}$/, "word" satisfies FieldProblem),
    name: z.string(expect("text")).min(1, "text" satisfies FieldProblem).max(200, "atMost" satisfies FieldProblem),
  },
  expect("object"),
);
const end = z.object(
  {
    reason: z.enum(["finished", "cancelled", "abandoned", "timeout"], expect("endReason")),
    winner: color.nullable(),
    score: z.object({ white: count, black: count }, expect("object")),
    games: count,
    rolls: count,
  },
  expect("object"),
);

const rollSchema = z.object(
  {
    nonce: z.int(expect("wholeNumber")).min(0, "notNegative" satisfies FieldProblem),
    game: z.int(expect("gameNumber")).min(1, "firstGame" satisfies FieldProblem),
    kind: z.enum(["opening", "turn"], expect("rollKind")),
    player: color.nullable(),
    salts: z.strictObject({ white: z.string(expect("text")).optional(), black: z.string(expect("text")).optional() }, expect("salts")),
    dice: z.tuple([die, die], expect("twoDice")),
  },
  expect("object"),
);

/** The bundle's schema with `rolls` and `recordLines` as given: every field's own, or a pass for ones checked by hand. */
function bundleSchemaWith<Rolls extends z.ZodType, Lines extends z.ZodType>(rolls: Rolls, recordLines: Lines) {
  return z
    .object({
      protocol: z.literal("fair-dice-v2", expect("protocolV2")),
      matchId: z.string(expect("text")),
      matchLength: z.int(expect("wholeNumber")).min(1, "positive" satisfies FieldProblem).max(MAX_CHAIN_MATCH_LENGTH, "atMost" satisfies FieldProblem),
      chainLength: z.int(expect("wholeNumber")),
      commitment: lowerHex64,
      gameSeeds: z.record(z.string().regex(/^[1-9][0-9]{0,2}$/, "gameKey" satisfies FieldProblem), lowerHex64, expect("gameSeeds")),
      serverSeed: lowerHex64.nullable(),
      clientSeeds: z.object({ white: clientSeed, black: clientSeed }, expect("clientSeeds")),
      computer: color.nullable().optional(),
      seats: z.object({ white: seat.nullable(), black: seat.nullable() }, expect("object")).optional(),
      end: end.nullable().optional(),
      recordDigest: lowerHex64.optional(),
      recordLines,
      signature: z
        .object(
          {
            keyId: z.string(expect("text")).regex(/^fg-ed25519-[0-9a-f]{16}$/, "keyId" satisfies FieldProblem),
            value: z.string(expect("text")).regex(/^[0-9a-f]{128}$/, "hex128" satisfies FieldProblem),
          },
          expect("object"),
        )
        .optional(),
      rolls,
    })
    .refine((bundle) => bundle.chainLength === 2 * bundle.matchLength - 1, { message: "chainLength" satisfies FieldProblem, path: ["chainLength"] })
    .refine((bundle) => Object.keys(bundle.gameSeeds).every((game) => Number(game) <= bundle.chainLength), {
      message: "gameSeedRange" satisfies FieldProblem,
      path: ["gameSeeds"],
    });
}

/** Every field by zod: what says exactly which field is bad (and how many more are), for a bundle the fast path refuses. */
const bundleSchema = bundleSchemaWith(z.array(rollSchema, expect("rolls")), z.array(z.string(expect("text")), expect("lines")).optional());

/**
 * The fields but the rolls and the record lines, for a bundle whose rolls and lines wellFormedRoll and
 * wellFormedLines took: those then add no issue, so this gives zod's verdict on the whole bundle at a fraction of
 * the cost (zod over 10,000 rolls was a third of a 10,000-roll verification).
 */
const headSchema = bundleSchemaWith(z.unknown(), z.unknown().optional());

const isDie = (value: unknown): value is 1 | 2 | 3 | 4 | 5 | 6 => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 6;

/**
 * One roll as rollSchema reads it, unknown fields dropped and the salts that are there, with `values` after them
 * when given (v3's) — or null when it is anything but plainly well formed, and zod is to say what is wrong. It takes
 * only what rollSchema takes: every field of that type and range, `salts` an object with no key but `white` and
 * `black` (as zod, counting inherited ones), each text or undefined, `dice` an array of two dice.
 */
export function wellFormedRoll<V extends object | undefined = undefined>(input: unknown, values?: V): (BundleRollV2 & (V extends object ? { readonly values: V } : unknown)) | null {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const { nonce, game, kind, player, salts, dice } = input as Record<string, unknown>;
  if (!Number.isSafeInteger(nonce) || (nonce as number) < 0 || !Number.isSafeInteger(game) || (game as number) < 1) return null;
  if ((kind !== "opening" && kind !== "turn") || (player !== null && player !== "white" && player !== "black")) return null;
  if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) return null;
  if (typeof salts !== "object" || salts === null || Array.isArray(salts)) return null;
  for (const key in salts) if (key !== "white" && key !== "black") return null;
  const { white, black } = salts as Record<string, unknown>;
  if ((white !== undefined && typeof white !== "string") || (black !== undefined && typeof black !== "string")) return null;
  const present: { white?: string; black?: string } = {};
  if (white !== undefined) present.white = white;
  if (black !== undefined) present.black = black;
  const pair = [dice[0], dice[1]] as const;
  // One literal for each protocol's rolls, never a spread: V8 gave every roll made by `{ ...roll, values }` a hidden
  // class of its own, and every later read of a roll's field then cost some 200 ns instead of one.
  const roll =
    values === undefined
      ? { nonce: nonce as number, game: game as number, kind, player, salts: present as RollSalts, dice: pair }
      : { nonce: nonce as number, game: game as number, kind, player, salts: present as RollSalts, dice: pair, values };
  return roll as BundleRollV2 & (V extends object ? { readonly values: V } : unknown);
}

/** Whether `recordLines` is as the schema takes it: absent, or a list of text. */
function wellFormedLines(lines: unknown): boolean {
  if (lines === undefined) return true;
  if (!Array.isArray(lines)) return false;
  for (let i = 0; i < lines.length; i++) if (typeof lines[i] !== "string") return false;
  return true;
}

/** zod's output for the bundle's fields, whichever schema read them. */
type Fields = Omit<z.infer<typeof bundleSchema>, "rolls" | "recordLines"> & { readonly rolls?: unknown; readonly recordLines?: unknown };

/** The parsed bundle from zod's output for its fields and the rolls as read. */
function parsedFrom<R extends BundleRollV2>(data: Fields, rolls: readonly R[]): ParsedBundleV2 & { readonly rolls: readonly R[] } {
  const { gameSeeds, rolls: _rolls, computer, seats, end, recordDigest, recordLines: _lines, signature, ...rest } = data;
  return {
    ...rest,
    computer: computer ?? null,
    seats: seats ?? null,
    end,
    recordDigest: recordDigest ?? null,
    signature: signature ?? null,
    gameSeeds: new Map(Object.entries(gameSeeds).map(([game, seed]) => [Number(game), seed])),
    rolls,
  };
}

/**
 * The bundle (an object) whose rolls, as `readRoll` reads each, are all well formed, and whose other fields zod
 * takes — or null, when the caller is to run the full parse, which names the first bad field. v3's parser reads its
 * rolls' values in the same pass (bundle-v3.ts).
 */
export function wellFormedBundleV2<R extends BundleRollV2>(input: object, readRoll: (roll: unknown) => R | null): (ParsedBundleV2 & { readonly rolls: readonly R[] }) | null {
  const given = (input as { rolls?: unknown }).rolls;
  if (!Array.isArray(given) || !wellFormedLines((input as { recordLines?: unknown }).recordLines)) return null;
  const rolls: R[] = [];
  for (let i = 0; i < given.length; i++) {
    const roll = readRoll(given[i]);
    if (roll === null) return null;
    rolls.push(roll);
  }
  const head = headSchema.safeParse(input);
  return head.success ? parsedFrom(head.data, rolls) : null;
}

/** The bundle with unknown extra fields dropped, or the first bad field. */
export function parseBundleV2(input: unknown): Result<ParsedBundleV2, "ERR_BUNDLE_FORMAT"> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("ERR_BUNDLE_FORMAT", { reason: "notObject" });
  const fast = wellFormedBundleV2(input, wellFormedRoll);
  return fast ? ok(fast) : parseBundleV2Fully(input);
}

/** parseBundleV2 with every field read by zod: what it falls back to, and what tests hold its fast path to. */
export function parseBundleV2Fully(input: object): Result<ParsedBundleV2, "ERR_BUNDLE_FORMAT"> {
  const parsed = bundleSchema.safeParse(input);
  if (!parsed.success) return err("ERR_BUNDLE_FORMAT", { reason: "field", ...fieldIssue("bundle", parsed.error.issues) });
  // Each roll as the fast path makes it (wellFormedRoll), so that the two give the same rolls, of one shape.
  return ok(parsedFrom(parsed.data, parsed.data.rolls.map((roll) => wellFormedRoll(roll)!)));
}
