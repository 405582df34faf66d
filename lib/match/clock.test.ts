import { describe, expect, it } from "vitest";
import { advanceClock, describeTimeControl, flagFall, formatClock, readClock, startClock } from "./clock";
import { handMatch, opening } from "./fixtures/hand-match";
import type { MatchEvent } from "./events";
import { evolve, emptyMatchView, type MatchView } from "./view";

const S = 1000;
const control = { reserveMs: 60 * S, delayMs: 3 * S };

describe("advanceClock", () => {
  it("spends the turn's delay first and the reserve only after it", () => {
    let clock = advanceClock(startClock(control), 0, "white");
    clock = advanceClock(clock, 8 * S, "black");
    expect(clock.reserve).toEqual({ white: 55 * S, black: 60 * S });
    expect(clock.running).toEqual({ color: "black", since: 8 * S, delayLeft: 3 * S });
  });

  it("does not bank unused delay: a quick turn leaves the reserve as it was and the next turn has one delay", () => {
    let clock = advanceClock(startClock(control), 0, "white");
    clock = advanceClock(clock, 1 * S, "black");
    clock = advanceClock(clock, 2 * S, "white");
    expect(clock.reserve).toEqual({ white: 60 * S, black: 60 * S });
    expect(clock.running?.delayLeft).toBe(3 * S);
    expect(flagFall(clock)).toEqual({ color: "white", at: 2 * S + 3 * S + 60 * S });
  });

  it("continues one turn while the same player acts again (a roll, then the move): one delay for both", () => {
    let clock = advanceClock(startClock(control), 0, "white"); // white to roll
    clock = advanceClock(clock, 2 * S, "white"); // rolled after 2 s: 1 s of delay left for the move
    expect(clock.running).toEqual({ color: "white", since: 2 * S, delayLeft: 1 * S });
    clock = advanceClock(clock, 6 * S, "black"); // moved 4 s later: 1 s of delay, 3 s of reserve
    expect(clock.reserve.white).toBe(57 * S);
  });

  it("charges nobody while the match waits for nobody, and never takes a reserve below zero", () => {
    let clock = advanceClock(startClock(control), 0, null);
    clock = advanceClock(clock, 500 * S, "black");
    expect(clock.reserve).toEqual({ white: 60 * S, black: 60 * S });
    clock = advanceClock(clock, 1000 * S, null);
    expect(clock.reserve.black).toBe(0);
    expect(clock.running).toBeNull();
  });

  it("reads the running clock at any moment: delay, then reserve", () => {
    const clock = advanceClock(startClock(control), 10 * S, "black");
    expect(readClock(clock, 12 * S).black).toEqual({ reserve: 60 * S, delay: 1 * S, running: true });
    expect(readClock(clock, 20 * S).black).toEqual({ reserve: 53 * S, delay: 0, running: true });
    expect(readClock(clock, 20 * S).white).toEqual({ reserve: 60 * S, delay: 0, running: false });
    expect(readClock(clock, 999 * S).black.reserve).toBe(0);
  });

  it("formats clocks and time controls for people", () => {
    expect([formatClock(65_000), formatClock(4_001), formatClock(0), formatClock(-5), formatClock(3_725_000)]).toEqual(["1:05", "0:05", "0:00", "0:00", "1:02:05"]);
    expect(describeTimeControl({ reserveMs: 10 * 60 * S, delayMs: 8 * S })).toBe("10 min + 8 s delay");
    expect(describeTimeControl({ reserveMs: 5 * S, delayMs: 1 * S })).toBe("5 s + 1 s delay");
    expect(describeTimeControl(null)).toBe("untimed");
  });
});

/** The hand match, timed, with its actions and end stamped at the given seconds. */
function timedFold(events: readonly MatchEvent[], seconds: readonly number[]): MatchView {
  let next = 0;
  const stamped = events.map((event, index): MatchEvent => {
    if (index === 0 && event.type === "created") return { ...event, timeControl: control };
    if (event.type !== "action" && event.type !== "ended") return event;
    const at = seconds[next++];
    if (at === undefined) throw new Error("not enough times");
    return { ...event, at: at * S };
  });
  return stamped.reduce(evolve, emptyMatchView("m1"));
}

describe("the clock folded from the event log", () => {
  // Hand-checked, 60 s reserve and 3 s delay, each decision 10 s after the last event:
  //  t=10 tied opening (nobody) · t=20 white opens 3-1 · t=30 white moves: −7 (53) · t=40 black doubles: −7 (53)
  //  t=50 white takes: −7 (46) · t=60 black rolls: 3 s delay + 7 s (46) · t=70 black moves: no delay left, −10 (36)
  //  t=80 white offers to resign: −7 (39) · t=90 black declines: −7 (29) · t=100 white doubles: a new turn, −7 (32)
  //  t=110 black drops: −7 (22) · t=500 the server rolls game 2's opening: nobody was charged meanwhile
  //  t=510 black moves: −7 (15).
  const times = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 500, 510];
  const events = handMatch.slice(0, opening.length + times.length);

  it("charges the player the match waits for — the mover, the taker, the resignation's answerer — and never the other", () => {
    const after = (count: number) => timedFold(events.slice(0, opening.length + count), times).clock;
    expect(after(2)?.running).toEqual({ color: "white", since: 20 * S, delayLeft: 3 * S });
    expect(after(4)?.reserve).toEqual({ white: 53 * S, black: 53 * S });
    expect(after(4)?.running?.color).toBe("white"); // the double is white's to answer
    expect(after(5)?.reserve).toEqual({ white: 46 * S, black: 53 * S });
    expect(after(7)?.reserve).toEqual({ white: 46 * S, black: 36 * S });
    expect(after(8)?.running?.color).toBe("black"); // white's resignation is black's to answer
    expect(after(9)?.reserve).toEqual({ white: 39 * S, black: 29 * S });
    expect(after(11)?.reserve).toEqual({ white: 32 * S, black: 22 * S });
    expect(after(11)?.running).toBeNull(); // the game is over: the opening roll is the server's
    expect(after(13)?.reserve).toEqual({ white: 32 * S, black: 15 * S });
  });

  it("is the same however the view is rebuilt (a restart or a reconnection folds the same events)", () => {
    const whole = timedFold(events, times);
    const rebuilt = timedFold(events, times);
    expect(rebuilt.clock).toEqual(whole.clock);
    expect(whole.timeControl).toEqual(control);
  });

  it("charges the player who ran out up to the end, which the timeout event stamps", () => {
    const ended: MatchEvent = { type: "ended", reason: "timeout", winner: "white", serverSeed: "s" };
    const view = timedFold([...events, ended], [...times, 10_000]);
    expect(view.clock?.reserve.white).toBe(0);
    expect(view.clock?.running).toBeNull();
    expect(view.status).toBe("finished");
  });

  it("leaves an untimed match without a clock", () => {
    const view = handMatch.reduce(evolve, emptyMatchView("m1"));
    expect(view.clock).toBeNull();
    expect(view.timeControl).toBeNull();
  });
});
