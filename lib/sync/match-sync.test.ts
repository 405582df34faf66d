import { describe, expect, it } from "vitest";
import { action } from "@/lib/match/fixtures/hand-match";
import { HAND_MATCH_ID, handMessage, handSnapshotAt, handViewAt } from "./fixtures/hand-match-client";
import { MatchSync, type MatchSyncChange } from "./match-sync";
import type { MatchEventMessage } from "@/lib/protocol";
import type { MatchSnapshot } from "@/lib/protocol";

/** Lets the promises that are already settled run their continuations. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A MatchSync whose snapshot fetches wait until the test answers them, so a test decides what happens while one is
 * in flight.
 */
function harness(options: { online?: () => boolean; matchId?: string | null } = {}) {
  const fetches: { matchId: string; answer: (snapshot: MatchSnapshot | null) => void }[] = [];
  const changes: MatchSyncChange[] = [];
  const sync = new MatchSync({
    matchId: options.matchId === undefined ? HAND_MATCH_ID : options.matchId,
    fetchSnapshot: (matchId) => new Promise((resolve) => fetches.push({ matchId, answer: resolve })),
    onChange: (change) => changes.push(change),
    isOnline: options.online,
  });
  const answered = new Set<(typeof fetches)[number]>();
  /** Answers the oldest unanswered fetch and lets the sync act on it. */
  const answer = async (snapshot: MatchSnapshot | null) => {
    const pending = fetches.find((fetch) => !answered.has(fetch));
    if (!pending) throw new Error("no fetch in flight");
    answered.add(pending);
    pending.answer(snapshot);
    await settle();
  };
  return { sync, fetches, changes, answer };
}

describe("MatchSync applying events", () => {
  it("applies the next version and reports the view before and after", () => {
    const { sync, changes, fetches } = harness();
    sync.adopt(handSnapshotAt(4));
    expect(sync.receive(handMessage(5))).toBe("applied");
    expect(sync.view?.version).toBe(5);
    expect(sync.view).toEqual(handViewAt(5));
    const last = changes.at(-1);
    expect(last).toMatchObject({ kind: "event", message: handMessage(5) });
    expect(last?.kind === "event" && [last.before.version, last.view.version]).toEqual([4, 5]);
    expect(fetches).toHaveLength(0);
  });

  it("ignores duplicates and old versions without fetching anything", () => {
    const { sync, changes, fetches } = harness();
    sync.adopt(handSnapshotAt(4));
    sync.receive(handMessage(5));
    sync.receive(handMessage(6));
    const before = sync.view;
    const seen = changes.length;
    expect(sync.receive(handMessage(6))).toBe("ignored");
    expect(sync.receive(handMessage(5))).toBe("ignored");
    expect(sync.receive(handMessage(1))).toBe("ignored");
    expect(sync.view).toBe(before);
    expect(changes).toHaveLength(seen);
    expect(fetches).toHaveLength(0);
  });

  it("ignores events before the first snapshot and events of another match", () => {
    const { sync, fetches } = harness();
    expect(sync.receive(handMessage(1))).toBe("ignored");
    sync.adopt(handSnapshotAt(4));
    expect(sync.receive(handMessage(5, "other"))).toBe("ignored");
    expect(sync.view?.version).toBe(4);
    expect(fetches).toHaveLength(0);
  });

  it("fetches again when the first snapshot is older than an event heard before it came (read before, answered after)", async () => {
    const { sync, fetches, answer } = harness();
    void sync.resync(); // the watch, in flight
    expect(sync.receive(handMessage(7))).toBe("ignored"); // broadcast after the server read version 6
    await answer(handSnapshotAt(6));
    expect(sync.view?.version).toBe(6);
    expect(fetches).toHaveLength(2);
    await answer(handSnapshotAt(7));
    expect(sync.view).toEqual(handViewAt(7));
    expect(fetches).toHaveLength(2);
  });

  it("does not fetch again when the first snapshot already holds the event heard before it", async () => {
    const { sync, fetches, answer } = harness();
    void sync.resync();
    sync.receive(handMessage(5));
    await answer(handSnapshotAt(5));
    expect(sync.view?.version).toBe(5);
    expect(fetches).toHaveLength(1);
  });

  it("treats a version gap as missed events: exactly one resync, and the view waits for it", async () => {
    const { sync, fetches, answer } = harness();
    sync.adopt(handSnapshotAt(4));
    expect(sync.receive(handMessage(6))).toBe("gap");
    expect(sync.view?.version).toBe(4);
    expect(fetches.map((fetch) => fetch.matchId)).toEqual([HAND_MATCH_ID]);
    await answer(handSnapshotAt(7));
    expect(sync.view).toEqual(handViewAt(7));
    expect(fetches).toHaveLength(1);
    expect(sync.receive(handMessage(8))).toBe("applied");
  });

  it("treats an event that does not fit the view as a gap instead of throwing", () => {
    const { sync, fetches } = harness();
    sync.adopt(handSnapshotAt(6)); // white to move after the 3-1 opening: black cannot roll
    const misfit: MatchEventMessage = { matchId: HAND_MATCH_ID, version: 7, event: action({ type: "roll", player: "black", dice: [5, 6] }) };
    expect(sync.receive(misfit)).toBe("gap");
    expect(sync.view?.version).toBe(6);
    expect(fetches).toHaveLength(1);
  });

  it("recovers from reordered delivery (v+2 before v+1) and ends at the newest version", async () => {
    const { sync, fetches, answer } = harness();
    sync.adopt(handSnapshotAt(4));
    expect(sync.receive(handMessage(6))).toBe("gap");
    expect(sync.receive(handMessage(5))).toBe("applied");
    // The snapshot was read after both events were stored.
    await answer(handSnapshotAt(6));
    expect(sync.view).toEqual(handViewAt(6));
    expect(sync.receive(handMessage(6))).toBe("ignored");
    expect(sync.receive(handMessage(7))).toBe("applied");
    expect(fetches).toHaveLength(1);
  });
});

describe("MatchSync resyncing", () => {
  it("fetches exactly once more when asked again, however often, while a fetch is in flight", async () => {
    const { sync, fetches, answer } = harness();
    sync.adopt(handSnapshotAt(4));
    expect(sync.receive(handMessage(7))).toBe("gap");
    expect(sync.receive(handMessage(8))).toBe("gap");
    void sync.resync();
    void sync.resync();
    expect(fetches).toHaveLength(1);
    await answer(handSnapshotAt(6));
    // The answer may already be behind what the later requests were about: one more fetch, not three.
    expect(fetches).toHaveLength(2);
    await answer(handSnapshotAt(8));
    expect(fetches).toHaveLength(2);
    expect(sync.view?.version).toBe(8);
    // Done: the next gap starts a new fetch.
    sync.receive(handMessage(10));
    expect(fetches).toHaveLength(3);
  });

  it("does not fetch again after the one in flight while offline (the reconnect resyncs)", async () => {
    let online = true;
    const { sync, fetches, answer } = harness({ online: () => online });
    sync.adopt(handSnapshotAt(4));
    sync.receive(handMessage(6));
    sync.receive(handMessage(7));
    online = false;
    await answer(null);
    expect(fetches).toHaveLength(1);
    online = true;
    void sync.resync();
    expect(fetches).toHaveLength(2);
  });

  it("does not adopt a snapshot older than the view, from a resync or handed in", async () => {
    const { sync, changes, answer } = harness();
    sync.adopt(handSnapshotAt(4));
    sync.receive(handMessage(6)); // gap: fetch in flight
    sync.receive(handMessage(5));
    sync.receive(handMessage(6));
    sync.receive(handMessage(7));
    const seen = changes.length;
    await answer(handSnapshotAt(5)); // read before the events that reached the client meanwhile
    expect(sync.view).toEqual(handViewAt(7));
    expect(sync.adopt(handSnapshotAt(3))).toBe(false);
    expect(sync.view?.version).toBe(7);
    expect(changes).toHaveLength(seen);
  });

  it("adopts a snapshot of the version held, saying so (the store keeps the play being built)", () => {
    const { sync, changes } = harness();
    sync.adopt(handSnapshotAt(6));
    expect(changes.at(-1)).toMatchObject({ kind: "snapshot", sameVersion: false, before: null });
    const again = { ...handSnapshotAt(6), connected: { white: true, black: false } };
    expect(sync.adopt(again)).toBe(true);
    expect(changes.at(-1)).toMatchObject({ kind: "snapshot", sameVersion: true, snapshot: again });
    expect(sync.adopt(handSnapshotAt(7))).toBe(true);
    expect(changes.at(-1)).toMatchObject({ kind: "snapshot", sameVersion: false });
  });

  it("takes another match's snapshot whatever its version, and resyncs that match from then on", async () => {
    const { sync, fetches, changes } = harness();
    sync.adopt(handSnapshotAt(8));
    expect(sync.adopt(handSnapshotAt(2, { matchId: "m2" }))).toBe(true);
    expect(changes.at(-1)).toMatchObject({ kind: "snapshot", sameVersion: false });
    expect(sync.matchId).toBe("m2");
    expect(sync.receive(handMessage(9))).toBe("ignored"); // the old match's event
    void sync.resync();
    expect(fetches.map((fetch) => fetch.matchId)).toEqual(["m2"]);
  });

  it("resyncs nothing before it knows a match, and the match it was told to follow after", () => {
    const { sync, fetches } = harness({ matchId: null });
    void sync.resync();
    expect(fetches).toHaveLength(0);
    sync.follow("m3");
    void sync.resync();
    expect(fetches.map((fetch) => fetch.matchId)).toEqual(["m3"]);
  });
});
