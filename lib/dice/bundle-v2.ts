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
import { describeIssue, fieldError } from "./bundle-schema";
import { MAX_CHAIN_MATCH_LENGTH } from "./seed-chain";
import type { BundleRoll, RollSalts } from "./types";

export interface BundleRollV2 extends BundleRoll {
  readonly salts: RollSalts;
}

/** The bundle as served and published (JSON: game seeds keyed by game number in decimal). */
export type AuditBundleV2 = Omit<ParsedBundleV2, "gameSeeds"> & { readonly gameSeeds: Readonly<Record<string, string>> };

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
  readonly rolls: readonly BundleRollV2[];
}

const expect = fieldError;
const lowerHex64 = z.string(expect("must be text")).regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex characters");
const clientSeed = z.string(expect("must be text")).regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 characters from A-Z, a-z, 0-9, '_' and '-'");
const die = z.int(expect("must be a whole number from 1 to 6")).min(1, "must be a die from 1 to 6").max(6, "must be a die from 1 to 6");
const color = z.enum(["white", "black"], expect("must be \"white\" or \"black\""));

const bundleSchema = z
  .object({
    protocol: z.literal("fair-dice-v2", expect("must be \"fair-dice-v2\"")),
    matchId: z.string(expect("must be text")),
    matchLength: z.int(expect("must be a whole number")).min(1, "must be 1 or more").max(MAX_CHAIN_MATCH_LENGTH, `must be at most ${MAX_CHAIN_MATCH_LENGTH}`),
    chainLength: z.int(expect("must be a whole number")),
    commitment: lowerHex64,
    gameSeeds: z.record(z.string().regex(/^[1-9][0-9]{0,2}$/, "must be a game number"), lowerHex64, expect("must be an object of game seeds")),
    serverSeed: lowerHex64.nullable(),
    clientSeeds: z.object({ white: clientSeed, black: clientSeed }, expect("must be an object with \"white\" and \"black\" seeds")),
    rolls: z.array(
      z.object(
        {
          nonce: z.int(expect("must be a whole number")).min(0, "must be 0 or more"),
          game: z.int(expect("must be a whole game number")).min(1, "must be a game number from 1 up"),
          kind: z.enum(["opening", "turn"], expect("must be \"opening\" or \"turn\"")),
          player: color.nullable(),
          salts: z.strictObject({ white: z.string(expect("must be text")).optional(), black: z.string(expect("must be text")).optional() }, expect("must be an object of salts")),
          dice: z.tuple([die, die], expect("must be a list of two dice")),
        },
        expect("must be an object"),
      ),
      expect("must be a list of rolls"),
    ),
  })
  .refine((bundle) => bundle.chainLength === 2 * bundle.matchLength - 1, { message: "must be 2 × matchLength − 1", path: ["chainLength"] })
  .refine((bundle) => Object.keys(bundle.gameSeeds).every((game) => Number(game) <= bundle.chainLength), {
    message: "must name games 1 to chainLength only",
    path: ["gameSeeds"],
  });

/** The bundle with unknown extra fields dropped, or the first bad field. */
export function parseBundleV2(input: unknown): Result<ParsedBundleV2, "ERR_BUNDLE_FORMAT"> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("ERR_BUNDLE_FORMAT", "The bundle must be a JSON object.");
  const parsed = bundleSchema.safeParse(input);
  if (!parsed.success) return err("ERR_BUNDLE_FORMAT", describeIssue("bundle", parsed.error.issues));
  const { gameSeeds, rolls, ...rest } = parsed.data;
  return ok({
    ...rest,
    gameSeeds: new Map(Object.entries(gameSeeds).map(([game, seed]) => [Number(game), seed])),
    rolls: rolls.map((roll) => ({ ...roll, salts: { ...(roll.salts.white !== undefined && { white: roll.salts.white }), ...(roll.salts.black !== undefined && { black: roll.salts.black }) } })),
  });
}
