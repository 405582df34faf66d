/**
 * The audit route's answers (its route handler and the test servers both send `auditResponse`): status codes,
 * headers and bodies for each case, on a database written through the data layer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { newUser, playingMatch, seededMatch, testVault, waitingMatch } from "@/server/db/test-fixtures";
import type { Viewer } from "@/server/match/visibility";
import { throwawayProofKey } from "@/tests/support/proof-keys";
import { auditResponse } from "./audit-response";

const key = throwawayProofKey();

let handle: TestDatabase;
let running: { id: string; seat: string };
let hidden: { id: string; token: string; player: string };
let waiting: string;
const vault = testVault();

beforeAll(async () => {
  handle = await openTestDatabase("sqlite");
  const { db } = handle;
  const live = await playingMatch(db, vault);
  running = { id: live.match.id, seat: live.match.whiteId ?? "" };
  const secret = await seededMatch(db, vault, undefined, "private");
  hidden = { id: secret.match.id, token: secret.match.inviteToken ?? "", player: secret.black.id };
  waiting = (await waitingMatch(db, vault)).match.id;
});
afterAll(() => handle?.dispose());

const nobody = async (): Promise<Viewer | null> => null;
const as = (id: string, role: Viewer["role"] = "USER") => async (): Promise<Viewer | null> => ({ id, role });

async function answer(response: Response) {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: (await response.json()) as Record<string, unknown> };
}

describe("auditResponse", () => {
  it("serves a running match's document inline as JSON, never cached, without the server seed", async () => {
    const { status, headers, body } = await answer(await auditResponse(handle.db, key, running.id, undefined, nobody));
    expect(status).toBe(200);
    expect(headers).toEqual({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "content-disposition": `inline; filename="fairgammon-${running.id}-audit.json"`,
    });
    expect(body).toMatchObject({ protocol: "fair-dice-v1", matchId: running.id, serverSeed: null, status: "playing", matchLength: 5 });
    expect(body.rolls).toEqual([{ nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 1] }]);
    // The record's dice come from the rules actions: the opening 3-1 (white's die the 3) is white's first turn.
    expect(body.record).toEqual([{ game: 1, player: "white", dice: [3, 1] }]);
  });

  it("answers a malformed id with 400 without asking who is asking", async () => {
    let asked = false;
    const response = await auditResponse(handle.db, key, "<script>", undefined, async () => {
      asked = true;
      return null;
    });
    expect(await answer(response)).toEqual({
      status: 400,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      body: { error: "ERR_BAD_REQUEST", values: { reason: "matchId" }, message: "That is not a match id." },
    });
    expect(asked).toBe(false);
  });

  it("answers an unknown match and a private one the viewer may not see alike, with 404", async () => {
    const notFound = { error: "ERR_NOT_FOUND", message: "This match does not exist, or it is private: a private match needs its invite link." };
    const stranger = (await newUser(handle.db, "stranger")).id;
    for (const [id, viewer, invite] of [
      ["nosuchmatch00", nobody, undefined],
      [hidden.id, nobody, undefined],
      [hidden.id, as(stranger), undefined],
      [hidden.id, as(stranger), "not-the-token"],
    ] as const) {
      const { status, body } = await answer(await auditResponse(handle.db, key, id, invite, viewer));
      expect([status, body]).toEqual([404, notFound]);
    }
  });

  it("serves a private match to its players, administrators and invite holders", async () => {
    for (const [viewer, invite] of [
      [as(hidden.player), undefined],
      [as("u-root", "ADMIN"), undefined],
      [nobody, hidden.token],
    ] as const) {
      expect((await auditResponse(handle.db, key, hidden.id, invite, viewer)).status).toBe(200);
    }
  });

  it("answers 409 while the match waits for its client seeds (no dice rolled yet)", async () => {
    const { status, body } = await answer(await auditResponse(handle.db, key, waiting, undefined, nobody));
    expect(status).toBe(409);
    expect(body.error).toBe("ERR_NOT_STARTED");
  });
});
