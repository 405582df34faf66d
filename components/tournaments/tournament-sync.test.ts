// The tournament page's copy: events in version order, the ones ahead of a gap kept until it is filled, a fresh view
// taken unless it is older, and the same result as folding every event.
import { describe, expect, it } from "vitest";
import type { TournamentEventMessage } from "@/lib/protocol/protocol";
import { evolveTournament, foldTournament, type TournamentEvent, type TournamentSettings } from "@/lib/tournament/tournament";
import { adoptView, receiveEvent, startSync } from "./tournament-sync";

const settings: TournamentSettings = {
  name: "Spring",
  format: "knockout",
  matchLength: 3,
  timeControl: { reserveMs: 600_000, delayMs: 0 },
  rated: false,
  maxPlayers: 8,
  closesAt: 1_000,
  startsAt: 1_000,
  swissRounds: null,
  noShowMs: 300_000,
};
const events: TournamentEvent[] = [
  { type: "created", settings, commitment: "c".repeat(64), createdBy: { id: "admin", name: "admin" } },
  { type: "registered", player: { id: "u1", name: "ann" } },
  { type: "registered", player: { id: "u2", name: "ben" } },
  { type: "unregistered", playerId: "u1" },
  { type: "registered", player: { id: "u3", name: "carl" } },
];
const message = (version: number): TournamentEventMessage => ({ tournamentId: "t1", version, event: events[version - 1]! });
const first = foldTournament("t1", events.slice(0, 1));

describe("tournament sync", () => {
  it("applies events in order, ignores what it has, and waits at a gap until it is filled", () => {
    let step = receiveEvent(startSync(first), message(2));
    expect(step.gap).toBe(false);
    expect(step.synced.view.registered).toEqual(["u1"]);
    step = receiveEvent(step.synced, message(2));
    expect(step.synced.view.version).toBe(2);
    step = receiveEvent(step.synced, message(4));
    expect(step.gap).toBe(true);
    expect(step.synced.view.version).toBe(2);
    step = receiveEvent(step.synced, message(5));
    step = receiveEvent(step.synced, message(3));
    expect(step.gap).toBe(false);
    expect(step.synced.view).toEqual(foldTournament("t1", events));
  });

  it("takes a fresh view unless older, and applies what came ahead of it", () => {
    const fresh = foldTournament("t1", events.slice(0, 3));
    let step = receiveEvent(startSync(first), message(4));
    expect(step.gap).toBe(true);
    step = adoptView(step.synced, fresh);
    expect(step.gap).toBe(false);
    expect(step.synced.view).toEqual(foldTournament("t1", events.slice(0, 4)));
    // An answer overtaken by events is not taken.
    expect(adoptView(step.synced, fresh).synced.view.version).toBe(4);
  });

  it("ignores another tournament's events", () => {
    const other = { ...message(2), tournamentId: "t2" };
    expect(receiveEvent(startSync(first), other).synced.view).toBe(first);
    expect(evolveTournament(first, events[1]!).version).toBe(2);
  });
});
