/**
 * Finished matches are cached read-only (issue 48, item 7): after its end, a watch and the reads that follow it
 * (a chat message on the match, a snapshot) fold the log once, not once per read; a finished match read from the
 * database that still owes something (a seed to reveal) is not taken for settled.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closePageSockets, pageSocket } from "@/tests/support/page-socket";
import { startTestServer, type TestServer } from "@/tests/support/test-server";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
});
afterAll(async () => {
  closePageSockets();
  await t.close();
});

describe("finished matches", () => {
  it("are read from the database once for a watch and the reads after it", async () => {
    const ada = await t.user();
    const socket = await pageSocket(t.url, ada.cookie);
    const created = await socket.send("lobby:create", { matchLength: 1, visibility: "public", color: "white" });
    if (!created.ok) throw new Error(created.message);
    expect((await socket.send("match:cancel", { matchId: created.matchId })).ok).toBe(true);
    // As after a restart: nothing of it in memory.
    t.server.service.forget(created.matchId);
    const reads = vi.spyOn(t.db.events, "readLog");
    try {
      const spectator = await pageSocket(t.url, (await t.user()).cookie);
      const watched = await spectator.send("match:watch", { matchId: created.matchId });
      expect(watched.ok && watched.snapshot.view.ended?.reason).toBe("cancelled");
      expect((await spectator.send("match:snapshot", { matchId: created.matchId })).ok).toBe(true);
      await spectator.send("chat:join", { channel: `spectators:${created.matchId}` });
      expect(reads.mock.calls.filter(([id]) => id === created.matchId)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
  });
});
