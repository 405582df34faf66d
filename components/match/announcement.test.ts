import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/i18n/messages";
import type { MatchEvent } from "@/lib/match/events";
import { evolve, emptyMatchView, type MatchView } from "@/lib/match/view";
import { announcementParts } from "./announcement";
import type { MatchT } from "./event-text";
import type { LogLine } from "./match-store";

const translate = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "match" });
const t: MatchT = (key, values) => translate(key as never, values as never);

function logOf(events: readonly MatchEvent[]): LogLine[] {
  let view: MatchView = emptyMatchView("m1");
  return events.map((event, i) => {
    const after = evolve(view, event);
    const line = { version: i + 1, before: view, event, after };
    view = after;
    return line;
  });
}

const start: MatchEvent[] = [
  { type: "created", matchLength: 3, visibility: "public", commitment: "a".repeat(64), creator: { id: "u1", name: "ann", isGuest: false }, creatorColor: "white" },
  { type: "joined", color: "black", player: { id: "u2", name: "bob", isGuest: false } },
  { type: "seed", color: "white", clientSeed: "w" },
  { type: "seed", color: "black", clientSeed: "b" },
  { type: "action", action: { type: "opening-roll", dice: [3, 1] } },
  { type: "action", action: { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] } },
];

describe("what the live region says", () => {
  it("says every event since the viewer's own play — the opponent's roll is not cut by their play — and the play in the viewer's numbering", () => {
    const log = logOf([
      ...start,
      { type: "action", action: { type: "roll", player: "black", dice: [6, 4] } },
      { type: "action", action: { type: "move", player: "black", moves: [{ from: 24, to: 18 }, { from: 13, to: 9 }] } },
    ]);
    expect(announcementParts(t, log, "white")).toEqual(["Black rolls 6-4.", "Black plays 24/18 13/9. On your side: 1/7 12/16."]);
    // A spectator hears the same events in the mover's numbering only.
    expect(announcementParts(t, log, null)).toHaveLength(4);
  });

  it("says the viewer's own newest action (their dice), and nothing older of theirs", () => {
    const log = logOf([...start, { type: "action", action: { type: "roll", player: "black", dice: [6, 4] } }, { type: "action", action: { type: "move", player: "black", moves: [{ from: 24, to: 18 }, { from: 13, to: 9 }] } }, { type: "action", action: { type: "roll", player: "white", dice: [5, 2] } }]);
    expect(announcementParts(t, log, "white")).toEqual(["White rolls 5-2."]);
    expect(announcementParts(t, log.slice(0, 6), "white")).toEqual(["White plays 8/5 6/5."]);
  });
});
