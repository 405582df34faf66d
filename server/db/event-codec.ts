/**
 * Stored match events ↔ protocol events. The lobby events are stored under their own names with user ids
 * (match-created, player-joined, client-seed; the rows of every match since the first), the others as their own
 * payloads (`action`, `ended`, the rematch events). Decoding parses each payload with its zod schema — a row that does
 * not fit throws, naming the match and the sequence — and names the players from the user rows, so a rebuilt view
 * reads the same as the one built live.
 *
 * @example
 *   const row = encodeEvent({ type: "seed", color: "white", clientSeed: "w1" }, userId); // { type: "client-seed", … }
 *   decodeEvent(matchId, { ...row, sequence: 3, … }, lookup);                          // the seed event again
 */
import { z } from "zod";
import {
  actionEventSchema,
  endedEventSchema,
  chainCommittedEventSchema,
  gameSeedEventSchema,
  saltEventSchema,
  saltReceivedEventSchema,
  valueRevealedEventSchema,
  firstIssue,
  rematchDeclinedEventSchema,
  rematchMadeEventSchema,
  rematchOfferedEventSchema,
  seatColorSchema,
  timeControlSchema,
} from "@/lib/match";
import type { MatchEvent, MatchEventType, PlayerInfo } from "@/lib/match";
import type { EventRow, JsonValue, NewEvent } from "./types";

export type PlayerLookup = (userId: string) => PlayerInfo;

/** The stored `type` of each protocol event. */
export const STORED_EVENT_TYPES = {
  created: "match-created",
  joined: "player-joined",
  seed: "client-seed",
  action: "action",
  salt: "salt",
  "chain-committed": "chain-committed",
  "salt-received": "salt-received",
  "value-revealed": "value-revealed",
  "game-seed": "game-seed",
  ended: "ended",
  "rematch-offered": "rematch-offered",
  "rematch-declined": "rematch-declined",
  "rematch-made": "rematch-made",
} as const satisfies Record<MatchEventType, string>;

const createdPayload = z.object({
  creatorId: z.string(),
  color: seatColorSchema,
  matchLength: z.int().min(1),
  visibility: z.enum(["public", "private"]),
  commitment: z.string(),
  /** Absent in matches created before clocks existed: untimed. */
  timeControl: timeControlSchema.nullable().optional(),
  /** Written only for a rated match (older rows and unrated matches have none). */
  rated: z.literal(true).optional(),
  /** fair-dice-v2 and v3 matches only (earlier ones roll by fair-dice-v1). */
  dice: z.object({ protocol: z.enum(["fair-dice-v2", "fair-dice-v3"]), chainLength: z.int().min(1).max(49) }).optional(),
});
const joinedPayload = z.object({ userId: z.string(), color: seatColorSchema });
/** `at`: fair-dice-v3 matches' seeds only (the time their heads are due from). */
const seedPayload = z.object({ color: seatColorSchema, seed: z.string(), at: z.number().int().min(0).optional() });

/** The events stored as they are sent, under their own type, each read back with its schema. */
const STORED_AS_SENT: Readonly<Record<Exclude<MatchEventType, "created" | "joined" | "seed">, z.ZodType<MatchEvent>>> = {
  action: actionEventSchema,
  salt: saltEventSchema,
  "chain-committed": chainCommittedEventSchema,
  "salt-received": saltReceivedEventSchema,
  "value-revealed": valueRevealedEventSchema,
  "game-seed": gameSeedEventSchema,
  ended: endedEventSchema,
  "rematch-offered": rematchOfferedEventSchema,
  "rematch-declined": rematchDeclinedEventSchema,
  "rematch-made": rematchMadeEventSchema,
};

/** The row a protocol event is stored as; `actorId` is who caused it (null: the server by itself). */
export function encodeEvent(event: MatchEvent, actorId: string | null): NewEvent {
  switch (event.type) {
    case "created": {
      const { creator, creatorColor, matchLength, visibility, commitment } = event;
      const payload = { creatorId: creator.id, color: creatorColor, matchLength, visibility, commitment };
      // Untimed matches are stored as they were before clocks existed.
      return {
        type: STORED_EVENT_TYPES.created,
        payload: {
          ...payload,
          ...(event.timeControl ? { timeControl: { ...event.timeControl } } : {}),
          ...(event.rated ? { rated: true } : {}),
          ...(event.dice ? { dice: { ...event.dice } } : {}),
        },
        actorId,
      };
    }
    case "joined":
      return { type: STORED_EVENT_TYPES.joined, payload: { userId: event.player.id, color: event.color }, actorId };
    case "seed":
      return { type: STORED_EVENT_TYPES.seed, payload: { color: event.color, seed: event.clientSeed, ...(event.at !== undefined && { at: event.at }) }, actorId };
    case "action":
    case "salt":
    case "chain-committed":
    case "salt-received":
    case "value-revealed":
    case "game-seed":
    case "ended":
    case "rematch-offered":
    case "rematch-declined":
    case "rematch-made":
      // Plain JSON data (its interfaces only lack the index signature JsonValue asks for).
      return { type: event.type, payload: event as unknown as JsonValue, actorId };
  }
}

export function decodeEvent(matchId: string, row: EventRow, player: PlayerLookup): MatchEvent {
  switch (row.type) {
    case STORED_EVENT_TYPES.created: {
      const payload = parseStored(matchId, row, createdPayload);
      const { matchLength, visibility, commitment } = payload;
      const created = { type: "created", matchLength, visibility, commitment, creator: player(payload.creatorId), creatorColor: payload.color } as const;
      return {
        ...created,
        ...(payload.timeControl ? { timeControl: payload.timeControl } : {}),
        ...(payload.rated ? { rated: true } : {}),
        ...(payload.dice ? { dice: payload.dice } : {}),
      };
    }
    case STORED_EVENT_TYPES.joined: {
      const payload = parseStored(matchId, row, joinedPayload);
      return { type: "joined", color: payload.color, player: player(payload.userId) };
    }
    case STORED_EVENT_TYPES.seed: {
      const payload = parseStored(matchId, row, seedPayload);
      return { type: "seed", color: payload.color, clientSeed: payload.seed, ...(payload.at !== undefined && { at: payload.at }) };
    }
    default: {
      const schema = Object.hasOwn(STORED_AS_SENT, row.type) ? STORED_AS_SENT[row.type as keyof typeof STORED_AS_SENT] : undefined;
      if (schema) return parseStored<MatchEvent>(matchId, row, schema);
      throw new Error(`match ${matchId}: unknown stored event type "${row.type}" at sequence ${row.sequence}`);
    }
  }
}

function parseStored<T>(matchId: string, row: EventRow, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(row.payload);
  if (parsed.success) return parsed.data;
  throw new Error(`match ${matchId}: stored event ${row.sequence} ("${row.type}") is corrupt: ${firstIssue(parsed.error)}`);
}
