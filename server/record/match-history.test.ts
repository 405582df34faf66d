import { describe, expect, it } from "vitest";
import type { MatchSummary } from "@/server/db/types";
import { historyLine, parseHistoryQuery } from "./match-history";

const ann = { id: "u-ann", username: "ann" };
const bob = { id: "u-bob", username: "bob" };
const created = new Date("2026-04-01T10:00:00Z");
const base: MatchSummary = {
  id: "m1",
  status: "finished",
  visibility: "public",
  rated: false,
  matchLength: 5,
  scoreWhite: 5,
  scoreBlack: 3,
  winner: "white",
  endReason: "finished",
  reserveMs: null,
  delayMs: null,
  creator: ann,
  white: ann,
  black: bob,
  createdAt: created,
  startedAt: created,
  finishedAt: new Date("2026-04-01T11:00:00Z"),
  updatedAt: created,
};

describe("historyLine", () => {
  // Each row: the match, whose history it is, and what that player should read (by the rules of the page).
  it.each([
    ["the winner", base, ann.id, { opponent: "bob", color: "white", myScore: 5, theirScore: 3, result: "won" }],
    ["the loser", base, bob.id, { opponent: "ann", color: "black", myScore: 3, theirScore: 5, result: "lost" }],
    ["a running match", { ...base, status: "playing", winner: null, finishedAt: null }, bob.id, { result: "in progress", date: created }],
    ["a match waiting for a seed", { ...base, status: "seeding", winner: null, finishedAt: null }, bob.id, { result: "in progress" }],
    ["an open challenge", { ...base, status: "waiting", black: null, winner: null, finishedAt: null }, ann.id, { opponent: null, result: "waiting for an opponent" }],
    ["a cancelled match", { ...base, status: "aborted", winner: null }, ann.id, { result: "cancelled" }],
    ["a finished match without a winner", { ...base, winner: null }, ann.id, { result: "ended without a winner" }],
  ] as const)("%s", (_name, match, userId, expected) => {
    expect(historyLine(match as MatchSummary, userId)).toMatchObject(expected);
  });

  it("dates a finished match by its end", () => {
    expect(historyLine(base, ann.id)).toMatchObject({ onTime: false, timeControl: null });
    expect(historyLine({ ...base, endReason: "timeout", reserveMs: 300_000, delayMs: 12_000 }, bob.id)).toMatchObject({
      result: "lost",
      onTime: true,
      timeControl: { reserveMs: 300_000, delayMs: 12_000 },
    });
    expect(historyLine(base, ann.id).date).toEqual(new Date("2026-04-01T11:00:00Z"));
  });
});

describe("parseHistoryQuery", () => {
  it.each([
    [{}, { page: 1 }],
    [{ status: "finished", page: "3" }, { status: "finished", page: 3 }],
    [{ status: "won", page: "-1" }, { page: 1 }],
    [{ status: ["playing"], page: "x" }, { page: 1 }],
  ])("%j → %j", (search, expected) => {
    expect(parseHistoryQuery(search)).toEqual(expected);
  });
});
