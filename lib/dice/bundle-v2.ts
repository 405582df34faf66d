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

const bundleSchema = z
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
    recordLines: z.array(z.string(expect("text")), expect("lines")).optional(),
    signature: z
      .object(
        {
          keyId: z.string(expect("text")).regex(/^fg-ed25519-[0-9a-f]{16}$/, "keyId" satisfies FieldProblem),
          value: z.string(expect("text")).regex(/^[0-9a-f]{128}$/, "hex128" satisfies FieldProblem),
        },
        expect("object"),
      )
      .optional(),
    rolls: z.array(
      z.object(
        {
          nonce: z.int(expect("wholeNumber")).min(0, "notNegative" satisfies FieldProblem),
          game: z.int(expect("gameNumber")).min(1, "firstGame" satisfies FieldProblem),
          kind: z.enum(["opening", "turn"], expect("rollKind")),
          player: color.nullable(),
          salts: z.strictObject({ white: z.string(expect("text")).optional(), black: z.string(expect("text")).optional() }, expect("salts")),
          dice: z.tuple([die, die], expect("twoDice")),
        },
        expect("object"),
      ),
      expect("rolls"),
    ),
  })
  .refine((bundle) => bundle.chainLength === 2 * bundle.matchLength - 1, { message: "chainLength" satisfies FieldProblem, path: ["chainLength"] })
  .refine((bundle) => Object.keys(bundle.gameSeeds).every((game) => Number(game) <= bundle.chainLength), {
    message: "gameSeedRange" satisfies FieldProblem,
    path: ["gameSeeds"],
  });

/** The bundle with unknown extra fields dropped, or the first bad field. */
export function parseBundleV2(input: unknown): Result<ParsedBundleV2, "ERR_BUNDLE_FORMAT"> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("ERR_BUNDLE_FORMAT", { reason: "notObject" });
  const parsed = bundleSchema.safeParse(input);
  if (!parsed.success) return err("ERR_BUNDLE_FORMAT", { reason: "field", ...fieldIssue("bundle", parsed.error.issues) });
  const { gameSeeds, rolls, computer, seats, end, recordDigest, recordLines: _lines, signature, ...rest } = parsed.data;
  return ok({
    ...rest,
    computer: computer ?? null,
    seats: seats ?? null,
    end,
    recordDigest: recordDigest ?? null,
    signature: signature ?? null,
    gameSeeds: new Map(Object.entries(gameSeeds).map(([game, seed]) => [Number(game), seed])),
    rolls: rolls.map((roll) => ({ ...roll, salts: { ...(roll.salts.white !== undefined && { white: roll.salts.white }), ...(roll.salts.black !== undefined && { black: roll.salts.black }) } })),
  });
}
