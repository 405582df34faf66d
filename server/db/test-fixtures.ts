/**
 * Rows for tests: users with unique names, a seed vault with a throwaway key, and matches in each stage (waiting,
 * seeded and ready to roll). Each helper fails the test loudly when a step it relies on does not succeed.
 *
 * @example
 *   const vault = testVault();
 *   const { match, seed, white, black } = await seededMatch(db, vault);
 */
import { randomBytes } from "node:crypto";
import { SeedVault, Secret } from "@/server/vault";
import type { StoredSeed } from "@/server/vault";
import { appendEvent } from "./append-event";
import type { Db } from "./client";
import { createMatch, joinMatch, recordClientSeed } from "./matches";
import type { MatchRow, Seat, UserRow, Visibility } from "./types";
import { createUser } from "./users";

export function testVault(): SeedVault {
  return new SeedVault(new Secret(Uint8Array.from(randomBytes(32))));
}

export async function newUser(db: Db, prefix = "player"): Promise<UserRow> {
  const created = await createUser(db, { username: `${prefix}-${randomBytes(6).toString("hex")}` });
  if (!created.ok) throw new Error(`newUser: ${created.code}`);
  return created.value;
}

export async function waitingMatch(
  db: Db,
  vault: SeedVault,
  options: { readonly creator?: UserRow; readonly color?: Seat; readonly visibility?: Visibility; readonly matchLength?: number } = {},
): Promise<{ match: MatchRow; seed: StoredSeed; creator: UserRow }> {
  const creator = options.creator ?? (await newUser(db, "creator"));
  const seed = vault.draw();
  const created = await createMatch(db, {
    creatorId: creator.id,
    color: options.color ?? "white",
    matchLength: options.matchLength ?? 5,
    visibility: options.visibility ?? "public",
    seed,
  });
  if (!created.ok) throw new Error(`waitingMatch: ${created.code}`);
  return { match: created.value.match, seed, creator };
}

/** A match with both players seated and both client seeds in; its version is 4 (created, joined, two seeds). */
export async function seededMatch(
  db: Db,
  vault: SeedVault,
  clientSeeds: { readonly white: string; readonly black: string } = { white: "w4h1t3seed", black: "Bl4ck_seed-9" },
  visibility: Visibility = "public",
): Promise<{ match: MatchRow; seed: StoredSeed; white: UserRow; black: UserRow; version: number }> {
  const { match, seed, creator: white } = await waitingMatch(db, vault, { color: "white", visibility });
  const black = await newUser(db, "joiner");
  const joined = await joinMatch(db, { matchId: match.id, userId: black.id, inviteToken: match.inviteToken ?? undefined });
  if (!joined.ok) throw new Error(`seededMatch: join ${joined.code}`);
  for (const color of ["white", "black"] as const) {
    const recorded = await recordClientSeed(db, { matchId: match.id, color, seed: clientSeeds[color], expectedCommitment: seed.commitment });
    if (!recorded.ok) throw new Error(`seededMatch: ${color} seed ${recorded.code}`);
  }
  return { match, seed, white, black, version: 4 };
}

/**
 * A seeded match whose opening roll (3-1) is stored with the update the match server makes with it (status "playing",
 * startedAt; match-service.ts matchUpdateFor); its version is 5.
 */
export async function playingMatch(db: Db, vault: SeedVault, visibility: Visibility = "public"): Promise<{ match: MatchRow; version: number }> {
  const seeded = await seededMatch(db, vault, undefined, visibility);
  const opened = await appendEvent(db, {
    matchId: seeded.match.id,
    expectedVersion: seeded.version,
    // The stored form of a match event (server/match/event-codec.ts), without the roll's verification record.
    event: { type: "action", payload: { type: "action", action: { type: "opening-roll", dice: [3, 1] } } },
    roll: { nonce: 0, game: 1, kind: "opening", player: null, die1: 3, die2: 1 },
    matchUpdate: { status: "playing", startedAt: new Date() },
  });
  if (!opened.ok) throw new Error(`playingMatch: ${opened.code}`);
  return { match: seeded.match, version: opened.value.version };
}
