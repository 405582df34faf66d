/**
 * Opening a match only reads it: a match that a stopped process left owing its opening roll (both seeds stored, the
 * roll not) or its reveal (the end stored, the seed not yet published) is not changed by match:watch or
 * match:snapshot. Recovery, or the match's next command, writes what it owes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView } from "@/lib/match";
import { loadMatch } from "@/server/db/match-read";
import { addClientSeed, storeEvent, takeSeat, waitingMatch } from "@/server/db/test-fixtures";
import { findUserById } from "@/server/db/users";
import { createLogger } from "@/server/log";
import { SeedVault } from "@/server/vault";
import { BotClient } from "@/scripts/bot/bot-client";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { recoverUnfinishedMatches } from "./recovery";

let t: TestServer;
const quiet = createLogger("error", () => undefined);

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

/** A match with both seeds stored and no opening roll, written to the database behind the server's back. */
async function seededBehindTheServer() {
  const [alice, bob] = [await t.user(), await t.user()];
  const creator = await findUserById(t.db, alice.id);
  if (!creator) throw new Error("no creator");
  const vault = new SeedVault(t.seedKey);
  const waiting = await waitingMatch(t.db, vault, { creator, color: "white" });
  let view: MatchView = await takeSeat(t.db, waiting.view, bob.id);
  view = await addClientSeed(t.db, view, alice.id, "alice-seed");
  view = await addClientSeed(t.db, view, bob.id, "bob-seed");
  return { matchId: view.matchId, view, vault, seed: waiting.seed, alice, bob };
}

async function stored(matchId: string) {
  const loaded = await loadMatch(t.db, matchId);
  if (!loaded) throw new Error(`no match ${matchId}`);
  return { version: loaded.match.version, rolls: loaded.rolls.length, revealed: loaded.seed.revealedSeed !== null };
}

describe("reading a match", () => {
  it("leaves a match owing its opening roll as it is; recovery rolls it, and the watcher hears of it", async () => {
    const { matchId } = await seededBehindTheServer();
    const spectator = new BotClient({ url: t.url, seed: 1, play: false });
    await spectator.connect();
    await spectator.watch(matchId);
    expect(await spectator.send("match:snapshot", { matchId })).toMatchObject({ ok: true, snapshot: { view: { version: 4 } } });
    expect(spectator.view?.version).toBe(4);
    expect(await stored(matchId)).toEqual({ version: 4, rolls: 0, revealed: false });

    expect(await recoverUnfinishedMatches(t.db, t.server.service, quiet)).toBeGreaterThan(0);
    expect((await stored(matchId)).rolls).toBeGreaterThan(0);
    // A doubles opening roll is void and rolled again, so the watcher waits for the roll that starts the game.
    const rolled = await spectator.until((view) => view.state.phase !== "opening", 10_000);
    expect(rolled.rolls.length).toBeGreaterThan(0);
    spectator.close();
  });

  it("lets the match's next command write what it owes before deciding it", async () => {
    const { matchId, alice } = await seededBehindTheServer();
    const white = new BotClient({ url: t.url, cookie: alice.cookie, seed: 2, play: false });
    await white.connect();
    await white.watch(matchId);
    expect(await stored(matchId)).toMatchObject({ version: 4, rolls: 0 });
    // Pinned to the version white saw: the opening roll comes first, so the command itself is refused as stale.
    const reply = await white.send("match:roll", { matchId, expectedVersion: 4 });
    expect(reply).toMatchObject({ ok: false, code: "ERR_STALE_VERSION" });
    expect((await stored(matchId)).rolls).toBeGreaterThan(0);
    await white.until((view) => view.rolls.length > 0, 10_000);
    white.close();
  });

  it("leaves an ended match's seed sealed until recovery reveals it", async () => {
    const { matchId, view, vault, seed, alice } = await seededBehindTheServer();
    const serverSeed = vault.reveal(seed);
    await storeEvent(t.db, view, { type: "ended", reason: "cancelled", winner: null, serverSeed }, alice.id);
    const spectator = new BotClient({ url: t.url, seed: 3, play: false });
    await spectator.connect();
    await spectator.watch(matchId);
    expect(spectator.view?.status).toBe("aborted");
    expect(await stored(matchId)).toEqual({ version: 5, rolls: 0, revealed: false });
    await recoverUnfinishedMatches(t.db, t.server.service, quiet);
    expect(await stored(matchId)).toEqual({ version: 5, rolls: 0, revealed: true });
    spectator.close();
  });
});
