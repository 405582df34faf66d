/**
 * The fair-dice-v3 audit bundle (docs/fair-dice-v3.md, section 9a): v2's bundle with `protocol` fair-dice-v3, each
 * game's chain heads (`chains`) and each roll's chain values (`values`) beside its salts. The fields v3 shares with
 * v2 are read by v2's own parser, so the two can never disagree on them; only what v3 adds is read here. As in v2 the
 * format check is loose about heads, salts and values (any text): whether a roll has the right contributions in the
 * right form is the `contributions` check and a game the right heads `chain-heads`, which name the roll or the game.
 *
 * @example
 *   const parsed = parseBundleV3(JSON.parse(text));
 *   if (parsed.ok) parsed.value.chains.get(1)?.white; // white's heads in game 1: ["<64 hex>"]
 */
import { z } from "zod";
import { err, ok, type Result } from "../engine/types";
import { fieldError, fieldIssue, type FieldProblem } from "./bundle-schema";
import { parseBundleV2Fully, wellFormedBundleV2, wellFormedRoll, type AuditBundleV2, type BundleRollV2, type ParsedBundleV2 } from "./bundle-v2";
import type { RollValues, SeatColor } from "./types";

export const PROTOCOL_V3 = "fair-dice-v3";

/** A roll's chain values: white's and black's for an opening roll, the roller's opponent's for a turn roll. */
export type { RollValues };

/** One game's heads, by player: the first chain's head, then one per renewal (absent for the computer's seat). */
export type GameHeads = Readonly<Partial<Record<SeatColor, readonly string[]>>>;

export interface BundleRollV3 extends BundleRollV2 {
  readonly values: RollValues;
}

/** The bundle as the verifier reads it, once its shape is checked. */
export interface ParsedBundleV3 extends Omit<ParsedBundleV2, "protocol" | "rolls"> {
  readonly protocol: typeof PROTOCOL_V3;
  /** The heads each game's players committed, by game number. */
  readonly chains: ReadonlyMap<number, GameHeads>;
  readonly rolls: readonly BundleRollV3[];
}

/** The bundle as served and published (JSON: game seeds and chains keyed by game number in decimal). */
export type AuditBundleV3 = Omit<AuditBundleV2, "protocol" | "rolls"> & {
  readonly protocol: typeof PROTOCOL_V3;
  readonly chains: Readonly<Record<string, GameHeads>>;
  readonly rolls: readonly BundleRollV3[];
};

const expect = fieldError;
const text = z.string(expect("text"));
const heads = z.array(text, expect("lines")).min(1, "lines" satisfies FieldProblem);
const chainsSchema = z.record(z.string().regex(/^[1-9][0-9]{0,2}$/, "gameKey" satisfies FieldProblem), z.strictObject({ white: heads.optional(), black: heads.optional() }, expect("object")), expect("object"));

/**
 * Each roll's `values`: an object whose only keys are `white` and `black`, each text, as zod's strictObject would
 * say — checked by hand because zod took 20 ms of a 10,000-roll verification for it. `rolls` itself (an array of
 * objects) was checked by v2's parser before.
 */
function rollValues(rolls: readonly object[]): Result<RollValues[], "ERR_BUNDLE_FORMAT"> {
  const values: RollValues[] = [];
  for (const [i, roll] of rolls.entries()) {
    const given: unknown = (roll as { values?: unknown }).values;
    const field = `bundle.rolls[${i}].values`;
    if (typeof given !== "object" || given === null || Array.isArray(given)) return err("ERR_BUNDLE_FORMAT", { reason: "field", field, problem: given === undefined ? "missing" : "salts", more: 0 });
    for (const [key, value] of Object.entries(given)) {
      if (key !== "white" && key !== "black") return err("ERR_BUNDLE_FORMAT", { reason: "field", field, problem: "salts", more: 0 });
      if (typeof value !== "string") return err("ERR_BUNDLE_FORMAT", { reason: "field", field: `${field}.${key}`, problem: "text", more: 0 });
    }
    values.push(present(given as RollValues));
  }
  return ok(values);
}

/** The seats `record` has a value for (made by assignment, not spreads: it runs for every roll's values). */
function present<T>(record: { readonly white?: T; readonly black?: T }): Partial<Record<SeatColor, T>> {
  const out: Partial<Record<SeatColor, T>> = {};
  if (record.white !== undefined) out.white = record.white;
  if (record.black !== undefined) out.black = record.black;
  return out;
}

/**
 * The bundle read as v2 would read it: every field v3 shares with v2 has v2's form (docs/fair-dice-v3.md, section
 * 9a), so v2's parser and checks run on this view unchanged. Its salts are the v3 roll's own.
 */
export function v2FieldsOf(input: object): object {
  return { ...input, protocol: "fair-dice-v2" };
}

/** A parsed v3 bundle as v2's checks and statement read it: the fields the two share, which have v2's meaning. */
export function sharedV2View(b: ParsedBundleV3): ParsedBundleV2 {
  return { ...b, protocol: "fair-dice-v2" };
}

/**
 * A roll's `values` as rollValues takes them, or null: an object whose every key (inherited ones too, so that its
 * own are as rollValues wants) is `white` or `black` with text.
 */
function wellFormedValues(given: unknown): RollValues | null {
  if (typeof given !== "object" || given === null || Array.isArray(given)) return null;
  for (const key in given) {
    if ((key !== "white" && key !== "black") || typeof (given as Record<string, unknown>)[key] !== "string") return null;
  }
  return present(given as RollValues);
}

/** A roll as v2's parser reads it, with its values: null if either is not plainly well formed. */
function wellFormedRollV3(input: unknown): BundleRollV3 | null {
  const values = wellFormedValues((input as { values?: unknown } | null | undefined)?.values);
  return values === null ? null : wellFormedRoll(input, values);
}

/** The bundle with unknown extra fields dropped, or its first bad field (as bundle-schema.ts's `fieldIssue`). */
export function parseBundleV3(input: unknown): Result<ParsedBundleV3, "ERR_BUNDLE_FORMAT"> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("ERR_BUNDLE_FORMAT", { reason: "notObject" });
  const protocol = (input as { protocol?: unknown }).protocol;
  if (protocol !== PROTOCOL_V3) return err("ERR_BUNDLE_FORMAT", { reason: "field", field: "bundle.protocol", problem: protocol === undefined ? "missing" : "protocolV3", more: 0 });
  // One pass over the rolls reads v2's fields and the values as v2's parser and rollValues would take them; a bundle
  // it does not vouch for is read step by step, and the first step that refuses it names its first bad field.
  const fast = wellFormedBundleV2(v2FieldsOf(input), wellFormedRollV3);
  return fast ? withChains(input, fast) : parseBundleV3Stepwise(input);
}

/**
 * parseBundleV3 after its protocol check, step by step — v2's fields by v2's parser, then the chains, then the
 * values — each step naming the first bad field it finds: what it falls back to, and what tests hold it to.
 */
export function parseBundleV3Stepwise(input: object): Result<ParsedBundleV3, "ERR_BUNDLE_FORMAT"> {
  const shared = parseBundleV2Fully(v2FieldsOf(input));
  if (!shared.ok) return shared;
  const chains = chainsOf(input);
  if (!chains.ok) return chains;
  const values = rollValues((input as { rolls: object[] }).rolls);
  if (!values.ok) return values;
  return withChains(input, { ...shared.value, rolls: shared.value.rolls.map((roll, i) => wellFormedRoll(roll, values.value[i]!)!) });
}

/** The bundle's `chains` by game, or their first bad field. */
function chainsOf(input: object): Result<Map<number, GameHeads>, "ERR_BUNDLE_FORMAT"> {
  const added = chainsSchema.safeParse((input as { chains?: unknown }).chains);
  if (!added.success) return err("ERR_BUNDLE_FORMAT", { reason: "field", ...fieldIssue("bundle.chains", added.error.issues) });
  return ok(new Map(Object.entries(added.data).map(([game, byPlayer]) => [Number(game), present(byPlayer)] as const)));
}

/** The v3 bundle of v2's fields and rolls with their values, once its chains are read and within the chain. */
function withChains(input: object, b: ParsedBundleV2 & { readonly rolls: readonly BundleRollV3[] }): Result<ParsedBundleV3, "ERR_BUNDLE_FORMAT"> {
  const chains = chainsOf(input);
  if (!chains.ok) return chains;
  const beyond = [...chains.value.keys()].find((game) => game > b.chainLength);
  if (beyond !== undefined) return err("ERR_BUNDLE_FORMAT", { reason: "field", field: `bundle.chains.${beyond}`, problem: "gameSeedRange", more: 0 });
  return ok({ ...b, protocol: PROTOCOL_V3, chains: chains.value });
}
