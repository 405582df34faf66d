import { describe, expect, it } from "vitest";
import type { CheckerMove } from "@/lib/engine/types";
import { handMatch } from "@/lib/match/fixtures/hand-match";
import { HAND_MATCH_ID, handMessage, handSnapshotAt, handViewAt } from "@/lib/sync/fixtures/hand-match-client";
import type { Reply } from "@/components/socket/socket-client";
import { createMatchStore } from "./match-store";


const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A store whose match:watch requests wait for the test's answer. */
function harness() {
  const pending: ((reply: Reply<"match:watch">) => void)[] = [];
  let asked = 0;
  const store = createMatchStore(HAND_MATCH_ID, null, () => {
    asked += 1;
    return new Promise((resolve) => pending.push(resolve));
  });
  store.getState().setConnection("online");
  const answer = async (reply: Reply<"match:watch">) => {
    const next = pending.shift();
    if (!next) throw new Error("no match:watch in flight");
    next(reply);
    await settle();
  };
  return { store, answer, asked: () => asked };
}

// White's 3-1 at version 6: 8/5 6/5 is the play; the test builds its first step.
const eightToFive: CheckerMove = { from: 8, to: 5, die: 3, hit: false };

describe("the match store over MatchSync", () => {
  it("keeps the play being built when a snapshot brings the same version, and drops it when the version moves", async () => {
    const { store, answer } = harness();
    const state = store.getState;
    state().adopt(handSnapshotAt(6));
    state().step(eightToFive);
    void state().resync();
    await answer({ ok: true, snapshot: { ...handSnapshotAt(6), connected: { white: true, black: false } } });
    expect(state().steps).toEqual([eightToFive]);
    expect(state().connected.black).toBe(false);
    void state().resync();
    await answer({ ok: true, snapshot: handSnapshotAt(7) });
    expect(state().view?.version).toBe(7);
    expect(state().steps).toEqual([]);
  });

  it("applies an event: a log line, the play dropped, the invite link gone once the match stops waiting", () => {
    const { store } = harness();
    const state = store.getState;
    state().adopt(handSnapshotAt(1, { inviteToken: "invite-token" }));
    expect(state().inviteToken).toBe("invite-token");
    state().select(8);
    expect(state().receive(handMessage(2))).toBe("applied");
    expect(state().view?.status).toBe("seeding");
    expect(state().log.map((line) => line.version)).toEqual([2]);
    expect(state().selected).toBeNull();
    expect(state().inviteToken).toBeNull();
  });

  it("asks for one snapshot on a gap, once more if asked again meanwhile, and ignores a stale answer", async () => {
    const { store, answer, asked } = harness();
    const state = store.getState;
    state().adopt(handSnapshotAt(4));
    expect(state().receive(handMessage(6))).toBe("gap");
    expect(state().receive(handMessage(7))).toBe("gap");
    expect(asked()).toBe(1);
    expect(state().receive(handMessage(5))).toBe("applied");
    await answer({ ok: true, snapshot: handSnapshotAt(4) }); // older than the view: kept out
    expect(state().view?.version).toBe(5);
    expect(asked()).toBe(2);
    await answer({ ok: true, snapshot: handSnapshotAt(7) });
    expect(state().view?.version).toBe(7);
    expect(asked()).toBe(2);
  });

  it("shows a refused snapshot as the page's failure, but not a missing answer", async () => {
    const { store, answer } = harness();
    const state = store.getState;
    void state().resync();
    await answer({ ok: false, code: "ERR_NO_ANSWER" });
    expect(state().failure).toBeNull();
    void state().resync();
    await answer({ ok: false, code: "ERR_NOT_FOUND", values: { reason: "route" }, message: "There is no such page." });
    // The page keeps the code and the values to word them in the reader's language, not the server's English.
    expect(state().failure).toEqual({ code: "ERR_NOT_FOUND", values: { reason: "route" } });
    expect(state().view).toBeNull();
    void state().resync();
    await answer({ ok: true, snapshot: handSnapshotAt(4) });
    expect(state().failure).toBeNull();
    expect(state().view?.version).toBe(4);
  });

  it("shows the whole match to a page that opened late: the log's earlier events, then the live ones, each once", () => {
    const { store } = harness();
    const state = store.getState;
    state().adopt(handSnapshotAt(6));
    // A live event arrives before the history's answer.
    state().receive(handMessage(7));
    expect(state().log.map((line) => line.version)).toEqual([7]);
    state().history(handMatch.slice(0, 7).map((event, i) => ({ version: i + 1, event })));
    expect(state().log.map((line) => line.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Each line's views are the ones folding the log gives: the view after line 6 is the snapshot's.
    expect(state().log[5]?.after).toEqual(handViewAt(6));
    // Asked again (a second fetch), nothing doubles.
    state().history(handMatch.slice(0, 7).map((event, i) => ({ version: i + 1, event })));
    expect(state().log).toHaveLength(7);
  });
});
