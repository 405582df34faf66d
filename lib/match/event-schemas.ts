/**
 * zod schemas of the match events that are stored as they are sent: a rules action (with the roll-log entry it was
 * drawn as) and the end of a match. The server parses every stored payload with them when it rebuilds a match, so a
 * corrupt or hand-edited row is named where it is read instead of surfacing later as a strange board.
 *
 * @example
 *   const parsed = actionEventSchema.safeParse(JSON.parse(row.payload));
 *   if (parsed.success) view = evolve(view, parsed.data);
 */
import { z } from "zod";
import type { BundleRoll } from "../dice/types";
import type { MatchAction } from "../engine/match-state";
import type { TimeControl } from "./clock";
import type { MatchEvent } from "./events";

/** A seat's colour. */
export const seatColorSchema = z.enum(["white", "black"]);

/** A time control as stored and as asked for at creation (ms): a reserve of 1 s to 10 h, a delay of up to 2 min. */
export const timeControlSchema = z.object({
  reserveMs: z.int().min(1000).max(36_000_000),
  delayMs: z.int().min(0).max(120_000),
}) satisfies z.ZodType<TimeControl>;

const die = z.literal([1, 2, 3, 4, 5, 6]);
const dice = z.tuple([die, die]);
/** A checker step in the mover's point numbers: 25 is the bar, 0 off the board. */
const step = z.object({ from: z.int().min(0).max(25), to: z.int().min(0).max(25) });

export const matchActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("opening-roll"), dice }),
  z.object({ type: z.literal("double"), player: seatColorSchema }),
  z.object({ type: z.literal("take"), player: seatColorSchema }),
  z.object({ type: z.literal("drop"), player: seatColorSchema }),
  z.object({ type: z.literal("roll"), player: seatColorSchema, dice }),
  z.object({ type: z.literal("move"), player: seatColorSchema, moves: z.array(step).max(4) }),
  z.object({ type: z.literal("resign-offer"), player: seatColorSchema, level: z.literal([1, 2, 3]) }),
  z.object({ type: z.literal("resign-accept"), player: seatColorSchema }),
  z.object({ type: z.literal("resign-decline"), player: seatColorSchema }),
]) satisfies z.ZodType<MatchAction>;

/** A fair-dice-v2 salt: 32 lowercase hex characters (docs/fair-dice-v2.md, section 1). */
export const saltSchema = z.string().regex(/^[0-9a-f]{32}$/);
const lowerHex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const bundleRollSchema = z.object({
  nonce: z.int().min(0),
  game: z.int().min(1),
  kind: z.enum(["opening", "turn"]),
  player: seatColorSchema.nullable(),
  dice,
  salts: z.strictObject({ white: saltSchema.optional(), black: saltSchema.optional() }).optional(),
  values: z.strictObject({ white: lowerHex64.optional(), black: lowerHex64.optional() }).optional(),
}) satisfies z.ZodType<BundleRoll>;

export const actionEventSchema = z.object({
  type: z.literal("action"),
  action: matchActionSchema,
  roll: bundleRollSchema.optional(),
  at: z.number().int().min(0).optional(),
}) satisfies z.ZodType<Extract<MatchEvent, { type: "action" }>>;

/**
 * An `ended` event stored before issue 28 also has `detail`, an English sentence: the log is append-only, so it is
 * accepted, and dropped (z.object leaves out keys it does not name; event-schemas.test.ts holds it to that).
 */
export const endedEventSchema = z.object({
  type: z.literal("ended"),
  reason: z.enum(["finished", "cancelled", "abandoned", "timeout"]),
  winner: seatColorSchema.nullable(),
  serverSeed: z.string(),
  at: z.number().int().min(0).optional(),
}) satisfies z.ZodType<Extract<MatchEvent, { type: "ended" }>>;

export const saltEventSchema = z.object({
  type: z.literal("salt"),
  color: seatColorSchema,
  nonce: z.int().min(0),
  salt: saltSchema,
}) satisfies z.ZodType<Extract<MatchEvent, { type: "salt" }>>;

/** What every fair-dice-v3 contribution event has: whose it is and when it was stored. */
const contribution = { color: seatColorSchema, at: z.number().int().min(0) };
const forRoll = { ...contribution, nonce: z.int().min(0) };

export const chainCommittedEventSchema = z.object({ type: z.literal("chain-committed"), ...contribution, game: z.int().min(1), head: lowerHex64 }) satisfies z.ZodType<
  Extract<MatchEvent, { type: "chain-committed" }>
>;
export const saltReceivedEventSchema = z.object({ type: z.literal("salt-received"), ...forRoll, salt: saltSchema }) satisfies z.ZodType<Extract<MatchEvent, { type: "salt-received" }>>;
export const valueRevealedEventSchema = z.object({ type: z.literal("value-revealed"), ...forRoll, value: lowerHex64 }) satisfies z.ZodType<Extract<MatchEvent, { type: "value-revealed" }>>;

export const gameSeedEventSchema = z.object({
  type: z.literal("game-seed"),
  game: z.int().min(1),
  seed: lowerHex64,
}) satisfies z.ZodType<Extract<MatchEvent, { type: "game-seed" }>>;

export const rematchOfferedEventSchema = z.object({ type: z.literal("rematch-offered"), color: seatColorSchema }) satisfies z.ZodType<Extract<MatchEvent, { type: "rematch-offered" }>>;
export const rematchDeclinedEventSchema = z.object({ type: z.literal("rematch-declined"), color: seatColorSchema }) satisfies z.ZodType<Extract<MatchEvent, { type: "rematch-declined" }>>;
export const rematchMadeEventSchema = z.object({
  type: z.literal("rematch-made"),
  offeredBy: seatColorSchema,
  matchId: z.string().regex(/^[A-Za-z0-9_-]{6,40}$/),
}) satisfies z.ZodType<Extract<MatchEvent, { type: "rematch-made" }>>;

/** The first problem zod found, as "path: message" (e.g. "action.dice.1: Invalid input"). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "malformed";
  return `${issue.path.length > 0 ? issue.path.join(".") : "payload"}: ${issue.message}`;
}
