/**
 * Stored match events ↔ protocol events. The data layer writes the lobby events itself (match-created,
 * player-joined, client-seed: server/db/matches.ts) with user ids; play events are stored as the protocol's own
 * `action` and `ended` payloads. Decoding names the players from the user rows, so a rebuilt view reads the same as
 * the one built live.
 */
import type { MatchEvent, PlayerInfo } from "@/lib/record";
import { DATA_LAYER_EVENTS } from "@/server/db/matches";
import type { EventRow, JsonValue, NewEvent } from "@/server/db/types";

export type PlayerLookup = (userId: string) => PlayerInfo;

type Payload = Record<string, JsonValue>;

/** The stored form of a play event (lobby events are written by the data layer, never through here). */
export function encodePlayEvent(event: Extract<MatchEvent, { type: "action" | "ended" }>, actorId: string | null): NewEvent {
  return { type: event.type, payload: event as unknown as JsonValue, actorId };
}

export function decodeEvent(row: EventRow, player: PlayerLookup): MatchEvent {
  const payload = row.payload as Payload;
  switch (row.type) {
    case DATA_LAYER_EVENTS.created:
      return {
        type: "created",
        matchLength: payload.matchLength as number,
        visibility: payload.visibility as "public" | "private",
        commitment: payload.commitment as string,
        creator: player(payload.creatorId as string),
        creatorColor: payload.color as "white" | "black",
      };
    case DATA_LAYER_EVENTS.joined:
      return { type: "joined", color: payload.color as "white" | "black", player: player(payload.userId as string) };
    case DATA_LAYER_EVENTS.clientSeed:
      return { type: "seed", color: payload.color as "white" | "black", clientSeed: payload.seed as string };
    case "action":
    case "ended":
      return row.payload as unknown as MatchEvent;
    default:
      throw new Error(`unknown stored event type "${row.type}" at sequence ${row.sequence}`);
  }
}
