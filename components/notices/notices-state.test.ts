// The notice center's state: what the server lists and pushes, what is dropped (answered, withdrawn, expired, the match
// opened), what counts in the badge; the time left; the tab title's count.
import { describe, expect, it } from "vitest";
import type { ChallengeView, TournamentMatchNotice } from "@/lib/protocol/meet";
import { EMPTY_NOTICES, matchOfPath, noticesReducer, timeLeft, titleWithCount, waitingCount, type NoticesAction, type NoticesState } from "./notices-state";

const challenge = (id: string, expiresAt = 10_000): ChallengeView => ({
  id,
  matchId: `m-${id}`,
  from: { id: "u1", name: "ann" },
  to: { id: "u2", name: "ben" },
  matchLength: 3,
  rated: false,
  timeControl: null,
  createdAt: 0,
  expiresAt,
});
const tournament: TournamentMatchNotice = { tournamentId: "t1", name: "Spring", round: 1, matchId: "tm1" };
const run = (...actions: NoticesAction[]): NoticesState => actions.reduce(noticesReducer, EMPTY_NOTICES);

describe("noticesReducer", () => {
  it("takes the server's list, adds what is pushed once, and counts what waits for the player", () => {
    const state = run(
      { type: "listed", notices: { received: [challenge("a")], sent: [challenge("s")], tournamentMatches: [] } },
      { type: "received", challenge: challenge("b") },
      { type: "received", challenge: challenge("b") },
      { type: "tournament-match", notice: tournament },
      { type: "tournament-match", notice: tournament },
    );
    expect(state.received.map((c) => c.id)).toEqual(["a", "b"]);
    expect(state.sent.map((c) => c.id)).toEqual(["s"]);
    // The player's own challenge waits for someone else: not counted.
    expect(waitingCount(state)).toBe(3);
  });

  it("drops a challenge closed, answered or expired, and a match once opened", () => {
    const listed = run({ type: "listed", notices: { received: [challenge("a"), challenge("late", 5_000)], sent: [challenge("s"), challenge("t")], tournamentMatches: [tournament] } });
    const state = [
      { type: "closed", closed: { challengeId: "a" } },
      { type: "answered", answer: { challengeId: "s", matchId: "m-s", accepted: true, by: "ben" }, opened: false },
      { type: "answered", answer: { challengeId: "t", matchId: "m-t", accepted: false, by: "ben" }, opened: false },
      { type: "tick", now: 5_000 },
    ].reduce((s, a) => noticesReducer(s, a as NoticesAction), listed);
    expect(state.received).toEqual([]);
    expect(state.sent).toEqual([]);
    expect(state.accepted.map((a) => a.matchId)).toEqual(["m-s"]);
    expect(state.lastAnswer).toMatchObject({ challengeId: "t", accepted: false });
    expect(waitingCount(state)).toBe(2);
    const opened = noticesReducer(noticesReducer(state, { type: "match-opened", matchId: "tm1" }), { type: "match-opened", matchId: "m-s" });
    expect(waitingCount(opened)).toBe(0);
    // Nothing to change: the same state, so React does not render again.
    expect(noticesReducer(opened, { type: "tick", now: 6_000 })).toBe(opened);
    expect(noticesReducer(opened, { type: "closed", closed: { challengeId: "zz" } })).toBe(opened);
  });

  it("keeps no accepted notice for a challenge this tab opened itself", () => {
    const state = run({ type: "sent", challenge: challenge("s") }, { type: "answered", answer: { challengeId: "s", matchId: "m-s", accepted: true, by: "ben" }, opened: true });
    expect(state.accepted).toEqual([]);
    expect(state.sent).toEqual([]);
  });
});

describe("timeLeft and matchOfPath", () => {
  it("shows minutes and seconds left, hours when there are, and 0:00 once past", () => {
    expect(timeLeft(245_000, 0)).toBe("4:05");
    expect(timeLeft(9_100, 0)).toBe("0:10");
    expect(timeLeft(3_725_000, 0)).toBe("1:02:05");
    expect(timeLeft(0, 5_000)).toBe("0:00");
  });

  it("reads a match page's id from its path", () => {
    expect(matchOfPath("/match/abc_123")).toBe("abc_123");
    expect(matchOfPath("/matches/abc_123")).toBeNull();
    expect(matchOfPath(null)).toBeNull();
  });
});

describe("titleWithCount", () => {
  it("puts the count in front, changes it, and takes it out, also from a title built on it", () => {
    const one = titleWithCount("Leaderboard", 1, null);
    expect(one).toEqual({ title: "(1) Leaderboard", mark: "(1) " });
    const two = titleWithCount(one.title, 2, one.mark);
    expect(two.title).toBe("(2) Leaderboard");
    // The match page's turn notice saved "(2) Match x" and wrote its own title around it.
    expect(titleWithCount("● Your turn — (2) Match x", 2, two.mark).title).toBe("(2) ● Your turn — Match x");
    expect(titleWithCount(two.title, 0, two.mark)).toEqual({ title: "Leaderboard", mark: null });
  });
});
