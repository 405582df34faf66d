/**
 * fair-dice-v2, issue 46 item 3, in the match service alone (a real SQLite database, no sockets): what leaves the
 * server while an opening roll waits for its second salt — each published event, the command's answer, a snapshot —
 * holds no salt value, yet a client folding it knows whose salt is in; the stored event and the server's own view keep
 * the salt, which the roll then carries with the other one.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owesOpeningSalt } from "@/components/match/roll-payload";
import { describeFailure } from "@/lib/engine/types";
import { evolve, type MatchCommand, type Participant } from "@/lib/match";
import type { MatchEventMessage } from "@/lib/protocol";
import { openDb, type Db } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createUser } from "@/server/db/users";
import { createLogger } from "@/server/log";
import { MatchService } from "@/server/match/match-service";
import { Presence } from "@/server/match/presence";
import { snapshotFor } from "@/server/match/snapshot";
import { readStoredMatch } from "@/tests/support/match-checks";
import { RollService, Secret, SeedVault } from "@/server/vault";

const SALT_W = "0123456789abcdef0123456789abcdef";
const SALT_B = "fedcba9876543210fedcba9876543210";

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "fairgammon-salt-"));
  const url = `file:${path.join(dir, "test.db")}`;
  await migrateDatabase(url);
  db = openDb(url);
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function participant(name: string): Promise<Participant> {
  const created = await createUser(db, { username: `${name}${randomBytes(2).toString("hex")}`, passwordHash: null, role: "USER" });
  if (!created.ok) throw new Error(describeFailure(created));
  return { player: { id: created.value.id, name: created.value.username, isGuest: false }, kind: "registered" };
}

const roll = (salt: string, nonce: number): MatchCommand => ({ type: "play", play: { type: "roll", salt, nonce } });

describe("an opening salt as it leaves the server", () => {
  it("is published, answered and snapshotted without its value until the second salt makes the roll", async () => {
    const key = new Secret(new Uint8Array(randomBytes(32)));
    const published: MatchEventMessage[] = [];
    const service = new MatchService({ db, vault: new SeedVault(key), rolls: new RollService(key), logger: createLogger("silent"), publish: (message) => published.push(message) });
    const [alice, bob] = [await participant("alice"), await participant("bob")];
    const created = await service.create({ type: "create", matchLength: 1, visibility: "public", timeControl: null, rated: false, color: "white" }, { creator: alice });
    if (!created.ok) throw new Error(describeFailure(created));
    const { matchId } = created.live.view;
    const commitment = created.live.view.commitment;
    for (const [command, actor] of [
      [{ type: "join" }, bob],
      [{ type: "seed", clientSeed: "alice-seed", commitment }, alice],
      [{ type: "seed", clientSeed: "bob-seed", commitment }, bob],
    ] as const) {
      const reply = await service.command(matchId, command, actor);
      if (!reply.ok) throw new Error(`${reply.code}: ${reply.message}`);
    }
    // What a client holds so far: the view of the match's creation, folded with what was published since.
    const clientView = (messages: readonly MatchEventMessage[]) => messages.reduce((view, message) => evolve(view, message.event), created.live.view);

    const before = published.length;
    const answer = await service.command(matchId, roll(SALT_W, 0), alice, "alice-socket");
    if (!answer.ok) throw new Error(`${answer.code}: ${answer.message}`);
    const sent = published.slice(before);
    expect(sent.map((m) => m.event.type)).toEqual(["salt"]);
    // No value of the salt in what was published, nor in the answer (which goes to the sender's socket).
    expect(JSON.stringify(sent)).not.toContain(SALT_W);
    expect(JSON.stringify(answer)).not.toContain(SALT_W);
    expect(sent[0]?.event).toEqual({ type: "salt", color: "white", nonce: 0, commitment: createHash("sha256").update(SALT_W).digest("hex") });

    // A snapshot, for the opponent and for an anonymous spectator, holds no salt either.
    const live = await service.withMatch(matchId, (match) => match!);
    const presence = new Presence(0);
    for (const actor of [{ ...bob.player, role: "USER" as const }, null]) {
      const snapshot = snapshotFor(live, actor, presence, 60_000, 0);
      expect(JSON.stringify(snapshot)).not.toContain(SALT_W);
      expect(snapshot.view.pendingSalts).toEqual({ nonce: 0, from: ["white"], salts: {} });
    }

    // A client folding the published events knows whose salt is in: white owes none now, black still does.
    const folded = clientView(published);
    expect(folded).toEqual(snapshotFor(live, null, presence, 60_000, 0).view);
    expect([owesOpeningSalt(folded, "white"), owesOpeningSalt(folded, "black")]).toEqual([false, true]);

    // The server's own view, and the stored event, keep the salt: the roll is made from them.
    expect(live.view.pendingSalts).toEqual({ nonce: 0, from: ["white"], salts: { white: SALT_W } });
    const stored = await readStoredMatch(db, matchId);
    expect(stored.events.at(-1)?.event).toEqual({ type: "salt", color: "white", nonce: 0, salt: SALT_W });

    // The second salt makes the roll, published with both salts.
    const rolled = await service.command(matchId, roll(SALT_B, 0), bob, "bob-socket");
    if (!rolled.ok) throw new Error(`${rolled.code}: ${rolled.message}`);
    expect(rolled.events[0]?.event).toMatchObject({ type: "action", roll: { nonce: 0, kind: "opening", salts: { white: SALT_W, black: SALT_B } } });
    const after = clientView(published);
    expect(after.pendingSalts).toBeNull();
    expect(after.rolls[0]?.salts).toEqual({ white: SALT_W, black: SALT_B });
    service.close();
  });
});
