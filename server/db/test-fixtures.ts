/**
 * Rows for tests: users with unique names, a seed vault with a throwaway key, and matches in each stage (waiting,
 * seeded and ready to roll), stored through the same decisions and writes as the match server's. Each helper fails
 * the test loudly when a step it relies on does not succeed. The matches are fair-dice-v1 unless asked for a chain:
 * the site no longer creates or seats v1 matches (lib/match/dice-protocol.ts), so their `created` and `joined`
 * events are written here as the server stored them before v2 — the old logs these tests read back.
 *
 * @example
 *   const vault = testVault();
 *   const { match, seed, white, black, view } = await seededMatch(db, vault);
 *   await takeSeat(db, (await waitingMatch(db, vault)).view, userId);
 */
import { randomBytes } from "node:crypto";
import { protocolOfSeed, SeedVault, Secret } from "@/server/vault";
import type { StoredSeed } from "@/server/vault";
import { decide, emptyMatchView, evolve, seatOf, type DecideContext, type MatchCommand, type MatchEvent, type MatchView, type Participant, type TimeControl } from "@/lib/match";
import { appendEvent } from "./append-event";
import type { Db } from "./client";
import { eventAppend } from "./event-rows";
import { createMatch, newInviteToken, newMatchId } from "./matches";
import type { MatchRow, Seat, UserRow, Visibility } from "./types";
import { createUser, findParticipant } from "./users";

export function testVault(): SeedVault {
  return new SeedVault(new Secret(Uint8Array.from(randomBytes(32))));
}

export async function newUser(db: Db, prefix = "player"): Promise<UserRow> {
  const created = await createUser(db, { username: `${prefix}-${randomBytes(6).toString("hex")}` });
  if (!created.ok) throw new Error(`newUser: ${created.code}`);
  return created.value;
}

/**
 * What `decide` is told in these fixtures: no dice and no seed are drawn here (rolls are stored as given), and every
 * joiner holds the invitation (as match:join seats an invited player).
 */
export function fixtureContext(actor: Participant | null): DecideContext {
  const none = (what: string) => () => {
    throw new Error(`test fixtures draw no ${what}`);
  };
  return { now: Date.now(), actor, dice: none("dice"), serverSeed: none("seed"), gameSeed: none("game seed"), computerSalt: none("computer salt"), computerValue: none("computer value"), awaySince: () => null, abandonAfterMs: 300_000, isComputer: () => false, holdsInvite: () => true, newMatchId };
}

/** The events `command` of `actor` decides on `view`; the test fails on a refusal. */
export function decided(view: MatchView, command: MatchCommand, actor: Participant | null): { readonly events: readonly MatchEvent[]; readonly view: MatchView } {
  const decision = decide(view, command, fixtureContext(actor));
  if (!decision.ok) throw new Error(`${command.type}: ${decision.code} ${JSON.stringify(decision.values)}`);
  return decision;
}

async function participant(db: Db, userId: string): Promise<Participant> {
  const found = await findParticipant(db, userId);
  if (!found) throw new Error(`no user ${userId}`);
  return found;
}

export async function waitingMatch(
  db: Db,
  vault: SeedVault,
  options: {
    readonly creator?: UserRow;
    readonly color?: Seat;
    readonly visibility?: Visibility;
    readonly matchLength?: number;
    readonly rated?: boolean;
    readonly timeControl?: TimeControl;
    /** A fair-dice-v2 seed chain (the default is a fair-dice-v1 seed, as the matches these tests read back were). */
    readonly chain?: boolean;
  } = {},
): Promise<{ match: MatchRow; seed: StoredSeed; creator: UserRow; view: MatchView }> {
  const creator = options.creator ?? (await newUser(db, "creator"));
  const seed = options.chain ? vault.drawChain(options.matchLength ?? 5) : vault.draw();
  const visibility = options.visibility ?? "public";
  const settings = { color: options.color ?? "white", matchLength: options.matchLength ?? 5, visibility, rated: options.rated === true, timeControl: options.timeControl ?? null } as const;
  const actor = await participant(db, creator.id);
  const empty = emptyMatchView(newMatchId());
  const dice = protocolOfSeed(seed);
  const { events, view } =
    dice.protocol === "fair-dice-v1" ? v1Created(empty, settings, seed.commitment, actor) : decided(empty, { type: "create", ...settings, commitment: seed.commitment, chainLength: dice.chainLength }, actor);
  const inviteToken = visibility === "private" ? newInviteToken() : null;
  const created = await createMatch(db, { view, events, creatorId: creator.id, seed, inviteToken });
  if (!created.ok) throw new Error(`waitingMatch: ${created.code}`);
  return { match: created.value, seed, creator, view };
}

/**
 * The `created` event of a fair-dice-v1 match, as decide wrote it before v2 (no `dice`): built by hand, because
 * decide now refuses to create one (ERR_OUTDATED_PROTOCOL).
 */
function v1Created(
  empty: MatchView,
  settings: { readonly color: Seat; readonly matchLength: number; readonly visibility: Visibility; readonly rated: boolean; readonly timeControl: TimeControl | null },
  commitment: string,
  actor: Participant,
): { readonly events: readonly MatchEvent[]; readonly view: MatchView } {
  const created: MatchEvent = {
    type: "created",
    matchLength: settings.matchLength,
    visibility: settings.visibility,
    commitment,
    creator: actor.player,
    creatorColor: settings.color,
    ...(settings.timeControl ? { timeControl: settings.timeControl } : {}),
    ...(settings.rated ? { rated: true } : {}),
  };
  return { events: [created], view: evolve(empty, created) };
}

/** Stores `event` after `view` with the rows the match server writes with it (eventAppend); the view after it. */
export async function storeEvent(db: Db, view: MatchView, event: MatchEvent, actorId: string | null): Promise<MatchView> {
  const after = evolve(view, event);
  const stored = await appendEvent(db, eventAppend(view, after, event, actorId, new Date()));
  if (!stored.ok) throw new Error(`storeEvent ${event.type}: ${stored.code}`);
  return after;
}

/**
 * The user `userId` takes the free seat, as match:join seats an invited player. In a fair-dice-v1 match, which
 * match:join now refuses (ERR_OUTDATED_PROTOCOL), the `joined` event is written as it was before v2.
 */
export async function takeSeat(db: Db, view: MatchView, userId: string): Promise<MatchView> {
  const joiner = await participant(db, userId);
  const [event] =
    view.diceProtocol === "fair-dice-v1"
      ? [{ type: "joined", color: view.players.white === null ? "white" : "black", player: joiner.player } satisfies MatchEvent]
      : decided(view, { type: "join" }, joiner).events;
  if (!event) throw new Error("takeSeat: no event");
  return storeEvent(db, view, event, userId);
}

/** The client seed of the seat `userId` holds, as match:seed records it. */
export async function addClientSeed(db: Db, view: MatchView, userId: string, clientSeed: string): Promise<MatchView> {
  const seat = seatOf(view, userId);
  const player = seat ? view.players[seat] : null;
  if (!player) throw new Error(`addClientSeed: ${userId} has no seat`);
  const [event] = decided(view, { type: "seed", clientSeed, commitment: view.commitment }, { player, kind: "registered" }).events;
  if (!event) throw new Error("addClientSeed: no event");
  return storeEvent(db, view, event, userId);
}

/**
 * A match with both players seated and both client seeds in, its opening roll not yet stored; its version is 4
 * (created, joined, two seeds).
 */
export async function seededMatch(
  db: Db,
  vault: SeedVault,
  clientSeeds: { readonly white: string; readonly black: string } = { white: "w4h1t3seed", black: "Bl4ck_seed-9" },
  visibility: Visibility = "public",
): Promise<{ match: MatchRow; seed: StoredSeed; white: UserRow; black: UserRow; version: number; view: MatchView }> {
  const waiting = await waitingMatch(db, vault, { color: "white", visibility });
  const { match, seed, creator: white } = waiting;
  const black = await newUser(db, "joiner");
  let view = await takeSeat(db, waiting.view, black.id);
  view = await addClientSeed(db, view, white.id, clientSeeds.white);
  view = await addClientSeed(db, view, black.id, clientSeeds.black);
  return { match, seed, white, black, version: view.version, view };
}

/** A seeded match with its opening roll (3-1) stored as the match server stores it; its version is 5. */
export async function playingMatch(db: Db, vault: SeedVault, visibility: Visibility = "public"): Promise<{ match: MatchRow; version: number; view: MatchView }> {
  const seeded = await seededMatch(db, vault, undefined, visibility);
  const roll = { nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 1] } as const;
  const view = await storeEvent(db, seeded.view, { type: "action", action: { type: "opening-roll", dice: roll.dice }, roll }, null);
  return { match: seeded.match, version: view.version, view };
}
