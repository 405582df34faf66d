import { describe, expect, it } from "vitest";
import { drawCommitment } from "./draw";
import { closeEvents, drawRecordOf, evolveTournament, finishEvent, foldTournament, forfeitWinner, leaveEvents, nextRoundEvents, nextSteps, registerEvent, startEvents, type TournamentEvent, type TournamentSettings, type TournamentView } from "./tournament";
import { verifyDraw } from "./verify-draw";

const SEED = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const settings = (format: "knockout" | "swiss", extra: Partial<TournamentSettings> = {}): TournamentSettings => ({
  name: "Club night",
  format,
  matchLength: 3,
  timeControl: { reserveMs: 300_000, delayMs: 10_000 },
  rated: false,
  maxPlayers: 8,
  closesAt: 1000,
  startsAt: 2000,
  swissRounds: format === "swiss" ? 3 : null,
  noShowMs: 60_000,
  ...extra,
});

function created(format: "knockout" | "swiss", players: number, extra: Partial<TournamentSettings> = {}): TournamentView {
  let view = foldTournament("t1", [{ type: "created", settings: settings(format, extra), commitment: drawCommitment(SEED), createdBy: { id: "admin", name: "admin" } }]);
  for (let i = 1; i <= players; i++) {
    view = evolveTournament(view, must(registerEvent(view, { id: `u${i}`, name: `player${i}` }, 500)));
  }
  return view;
}

/** A seeded coin (a small LCG: the tests only need repeatable winners). */
function coinOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function must<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

const apply = (view: TournamentView, events: readonly TournamentEvent[]) => events.reduce(evolveTournament, view);

/** Runs the tournament as the server's runner would, each match won by a seeded coin; returns the view at the end. */
function runToTheEnd(start: TournamentView, seed = 7, onRound?: (view: TournamentView) => TournamentView): TournamentView {
  const coin = coinOf(seed);
  let view = start;
  let now = 1000;
  for (let guard = 0; guard < 200; guard++) {
    const steps = nextSteps(view, now);
    if (steps.length === 0) {
      if (view.status === "finished" || view.status === "cancelled") return view;
      now += 1000;
      continue;
    }
    const step = steps[0]!;
    switch (step.kind) {
      case "close":
        view = apply(view, closeEvents(view));
        break;
      case "start":
        view = apply(view, startEvents(view, SEED));
        break;
      case "next-round":
        view = apply(view, nextRoundEvents(view));
        if (onRound) view = onRound(view);
        break;
      case "make-match":
        view = apply(view, [{ type: "match-made", round: step.round, index: step.index, matchId: `m${step.round}-${step.index}`, at: now }]);
        break;
      case "await-result": {
        const pairing = view.rounds[step.round - 1]!.pairings[step.index]!;
        view = apply(view, [{ type: "result", round: step.round, index: step.index, winner: coin() < 0.5 ? pairing.white : pairing.black!, reason: "played" }]);
        break;
      }
      case "finish":
        view = apply(view, [finishEvent(view)]);
        break;
    }
  }
  throw new Error("the tournament did not end");
}

describe("registration", () => {
  it("takes each player once, up to the limit, until it closes; leaving before the close unregisters", () => {
    const view = created("knockout", 2, { maxPlayers: 3 });
    expect(registerEvent(view, { id: "u1", name: "player1" }, 500)).toMatchObject({ ok: false, values: { reason: "registered" } });
    const third = apply(view, [must(registerEvent(view, { id: "u3", name: "p3" }, 500))]);
    expect(registerEvent(third, { id: "u4", name: "p4" }, 500)).toMatchObject({ ok: false, values: { reason: "full", max: 3 } });
    expect(registerEvent(view, { id: "u9", name: "late" }, 1000)).toMatchObject({ ok: false, values: { reason: "registrationClosed" } });
    const left = apply(view, must(leaveEvents(view, "u2", 600)));
    expect(left.registered).toEqual(["u1"]);
    expect(leaveEvents(left, "u2", 600)).toMatchObject({ ok: false, values: { reason: "notRegistered" } });
  });

  it("is cancelled at the close with fewer than two entrants", () => {
    const view = created("knockout", 1);
    expect(nextSteps(view, 999)).toEqual([]);
    expect(nextSteps(view, 1000)).toEqual([{ kind: "close" }]);
    expect(apply(view, closeEvents(view)).status).toBe("cancelled");
  });
});

describe("a knockout of five", () => {
  it("closes, starts at its time with three byes, plays to one winner, and its draw verifies", () => {
    const view = created("knockout", 5);
    const closed = apply(view, closeEvents(view));
    expect(closed.entrants).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(nextSteps(closed, 1999)).toEqual([]);
    const started = apply(closed, startEvents(closed, SEED));
    expect(started.rounds[0]!.pairings).toHaveLength(4);
    expect(started.rounds[0]!.reasons.filter((r) => r === "bye")).toHaveLength(3);
    expect(nextSteps(started, 2000)).toEqual([expect.objectContaining({ kind: "make-match", round: 1 })]);
    const end = runToTheEnd(view);
    expect(end.status).toBe("finished");
    expect(end.rounds.map((r) => r.pairings.length)).toEqual([4, 2, 1]);
    expect(end.winner).toBe(end.rounds[2]!.winners[0]);
    expect(verifyDraw(drawRecordOf(end)).verdict).toBe("verified");
    // Tampering with one result changes the next round the verifier expects.
    const record = drawRecordOf(end);
    const tampered = { ...record, rounds: record.rounds.map((r, i) => (i === 0 ? { ...r, winners: r.winners.map((w, j) => (j === 1 && r.pairings[1]!.black ? (w === r.pairings[1]!.white ? r.pairings[1]!.black : r.pairings[1]!.white) : w)) } : r)) };
    expect(verifyDraw(tampered).verdict).toBe("failed");
  });

  it("before the start, the draw is committed but not revealed", () => {
    const view = created("knockout", 4);
    const closed = apply(view, closeEvents(view));
    expect(verifyDraw(drawRecordOf(closed)).verdict).toBe("not-yet-revealed");
  });
});

describe("a Swiss of five in three rounds", () => {
  it("plays three rounds without rematches, a bye each round, and ends with the standings' first", () => {
    const end = runToTheEnd(created("swiss", 5));
    expect(end.rounds).toHaveLength(3);
    for (const round of end.rounds) expect(round.pairings.filter((p) => p.black === null)).toHaveLength(1);
    const met = end.rounds.flatMap((r) => r.pairings.filter((p) => p.black !== null).map((p) => [p.white, p.black].sort().join("-")));
    expect(new Set(met).size).toBe(met.length);
    expect(verifyDraw(drawRecordOf(end)).verdict).toBe("verified");
  });

  it("a withdrawal loses the player's match in play and leaves them out of later rounds", () => {
    let withdrew = false;
    const end = runToTheEnd(created("swiss", 5), 3, (view) => {
      if (withdrew || view.rounds.length !== 2) return view;
      withdrew = true;
      const round = view.rounds[1]!;
      const index = round.pairings.findIndex((p) => p.black !== null);
      const leaver = round.pairings[index]!.black!;
      const after = apply(view, must(leaveEvents(view, leaver, 5000)));
      expect(after.rounds[1]!.winners[index]).toBe(round.pairings[index]!.white);
      expect(after.rounds[1]!.reasons[index]).toBe("withdrawal");
      return after;
    });
    const leaver = end.withdrawals[0]!.player;
    expect(end.withdrawals).toEqual([{ player: leaver, fromRound: 3 }]);
    expect(end.rounds[2]!.pairings.some((p) => p.white === leaver || p.black === leaver)).toBe(false);
    expect(verifyDraw(drawRecordOf(end)).verdict).toBe("verified");
  });
});

describe("forfeits", () => {
  it("go to the player who sent their seed; with neither, to white (the higher place), so nothing stalls", () => {
    const pairing = { white: "a", black: "b" };
    expect(forfeitWinner(pairing, { white: false, black: true })).toBe("b");
    expect(forfeitWinner(pairing, { white: true, black: false })).toBe("a");
    expect(forfeitWinner(pairing, { white: false, black: false })).toBe("a");
  });
});
