import { describe, expect, it } from "vitest";
import type { MatchEvent, PlayerInfo } from "@/lib/match";
import { handMatch } from "@/lib/match/fixtures/hand-match";
import { decodeEvent, encodeEvent, STORED_EVENT_TYPES } from "./event-codec";
import type { EventRow } from "./types";

const players: Record<string, PlayerInfo> = { a: { id: "a", name: "alice", isGuest: false }, b: { id: "b", name: "bob", isGuest: false } };
const lookup = (id: string): PlayerInfo => players[id] ?? { id, name: "?", isGuest: false };

function row(sequence: number, type: string, payload: unknown): EventRow {
  // Through JSON text, as the database hands it back.
  return { sequence, type, payload: JSON.parse(JSON.stringify(payload)), actorId: null, createdAt: new Date(0) };
}

describe("the stored event codec", () => {
  it("stores every event of a match and reads it back the same, the lobby ones with user ids only", () => {
    const rows = handMatch.map((event, index) => {
      const stored = encodeEvent(event, null);
      return row(index + 1, stored.type, stored.payload);
    });
    expect(rows.slice(0, 4).map((r) => [r.type, r.payload])).toEqual([
      [STORED_EVENT_TYPES.created, { creatorId: "a", color: "white", matchLength: 3, visibility: "public", commitment: "c" }],
      [STORED_EVENT_TYPES.joined, { userId: "b", color: "black" }],
      [STORED_EVENT_TYPES.seed, { color: "white", seed: "w" }],
      [STORED_EVENT_TYPES.seed, { color: "black", seed: "b" }],
    ]);
    expect(rows.map((r) => decodeEvent("m1", r, lookup))).toEqual(handMatch);
  });

  it("keeps a roll's log entry with its action", () => {
    const event: MatchEvent = { type: "action", action: { type: "roll", player: "white", dice: [6, 5] }, roll: { nonce: 3, game: 1, kind: "turn", player: "white", dice: [6, 5] } };
    const stored = encodeEvent(event, "a");
    expect(decodeEvent("m1", row(9, stored.type, stored.payload), lookup)).toEqual(event);
  });

  // Each a payload that once stored could only come from a bug or a hand edit.
  it.each([
    ["action", { type: "action", action: { type: "roll", player: "white", dice: [7, 1] } }, /stored event 12 \("action"\) is corrupt: action\.dice\.0/],
    ["action", { type: "action", action: { type: "fly", player: "white" } }, /stored event 12 \("action"\) is corrupt: action\.type/],
    ["ended", { type: "ended", reason: "finished", winner: "white", detail: "x" }, /stored event 12 \("ended"\) is corrupt: serverSeed/],
    [STORED_EVENT_TYPES.joined, { userId: 7, color: "black" }, /stored event 12 \("player-joined"\) is corrupt: userId/],
    [STORED_EVENT_TYPES.seed, null, /stored event 12 \("client-seed"\) is corrupt: payload/],
    ["mystery", {}, /unknown stored event type "mystery" at sequence 12/],
  ])("refuses a corrupt %s row, naming the match and the sequence", (type, payload, message) => {
    expect(() => decodeEvent("m1", row(12, type, payload), lookup)).toThrow(/^match m1: /);
    expect(() => decodeEvent("m1", row(12, type, payload), lookup)).toThrow(message);
  });
});
