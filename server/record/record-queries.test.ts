/**
 * The public record's query functions against a real database: a public 1-point match played to the end by two bots
 * through the real match server, and by hand, through the data layer, a match in play and a private match waiting for
 * its opponent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { newUser, playingMatch, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { UserRow } from "@/server/db/types";
import { findUserById } from "@/server/db/users";
import { playFinishedMatch, type FinishedMatch } from "@/tests/support/finished-match";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { matchHistory } from "./match-history";
import { matExport, reviewableMatch } from "./match-review";

let t: TestServer;
let admin: UserRow;
let finished: FinishedMatch;
let running: string;
let privateMatch: { matchId: string; inviteToken: string; creator: UserRow };

beforeAll(async () => {
  t = await startTestServer();
  const created = await t.user("root-admin", "ADMIN");
  admin = (await findUserById(t.db, created.id)) as UserRow;
  finished = await playFinishedMatch(t, 202);
  const vault = testVault();
  running = (await playingMatch(t.db, vault)).match.id;
  const hidden = await waitingMatch(t.db, vault, { visibility: "private" });
  privateMatch = { matchId: hidden.match.id, inviteToken: hidden.match.inviteToken ?? "", creator: hidden.creator };
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe("matchHistory", () => {
  it("lists a player's matches from their side, filtered by status", async () => {
    const row = await t.db.prisma.match.findUnique({ where: { id: finished.matchId } });
    const history = await matchHistory(t.db, finished.black.id, { page: 1 });
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({
      id: finished.matchId,
      opponent: finished.white.name,
      color: "black",
      myScore: row?.scoreBlack,
      theirScore: row?.scoreWhite,
      result: row?.winner === "black" ? "won" : "lost",
    });
    expect((await matchHistory(t.db, finished.black.id, { page: 1, status: "playing" })).total).toBe(0);
  });
});

describe("reviewableMatch and matExport", () => {
  it("opens a public match to anyone and exports it once finished", async () => {
    const anonymous = await reviewableMatch(t.db, finished.matchId, null, undefined);
    expect(anonymous.ok && anonymous.value.view.status).toBe("finished");
    expect(anonymous.ok && anonymous.value.you).toBeNull();
    const mat = await matExport(t.db, finished.matchId, null, undefined);
    if (!mat.ok) throw new Error(describeFailure(mat));
    expect(mat.value.filename).toBe(`fairgammon-${finished.matchId}.mat`);
    expect(mat.value.text).toContain("1 point match");
    expect(mat.value.text).toContain(finished.white.name);
  });

  it("refuses the .mat of a running match", async () => {
    const found = await reviewableMatch(t.db, running, null, undefined);
    expect(found.ok && found.value.view.status).toBe("playing");
    const mat = await matExport(t.db, running, null, undefined);
    expect(mat.ok ? null : mat.code).toBe("ERR_NOT_FINISHED");
  });

  it("opens a private match only to its players, administrators and invite holders", async () => {
    const { matchId, inviteToken, creator } = privateMatch;
    const stranger = await newUser(t.db, "stranger");
    const outcome = async (viewer: UserRow | null, invite?: string) => {
      const found = await reviewableMatch(t.db, matchId, viewer, invite);
      return found.ok ? found.value.you ?? "seen" : found.code;
    };
    expect(await outcome(null)).toBe("ERR_NOT_FOUND");
    expect(await outcome(stranger)).toBe("ERR_NOT_FOUND");
    expect(await outcome(stranger, "wrong-token")).toBe("ERR_NOT_FOUND");
    expect(await outcome(stranger, inviteToken)).toBe("seen");
    expect(await outcome(admin)).toBe("seen");
    expect(await outcome(creator)).toBe("white");
    const mat = await matExport(t.db, matchId, null, undefined);
    expect(mat.ok ? null : mat.code).toBe("ERR_NOT_FOUND");
  });

  it("answers a malformed id like an unknown match", async () => {
    for (const id of ["nosuchmatch00", "<script>"]) {
      const found = await reviewableMatch(t.db, id, admin, undefined);
      expect(found.ok ? null : found.code).toBe("ERR_NOT_FOUND");
    }
  });
});
