/**
 * The match aggregate, decided without a server: every refusal with its code (and the sentence a client shows), and
 * every kind of event it makes. The hand-written match (fixtures/hand-match.ts) gives the views; the context is a
 * fixed clock, dice that fail the test if a decision draws them when it must not, and a seed only the end may ask for.
 */
import { describe, expect, it } from "vitest";
import { describeFailure, type Dice, type FailureValues } from "../engine/types";
import type { DecideContext, Decision, MatchCommand, Participant } from "./commands";
import { decide } from "./decide";
import type { MatchEvent } from "./events";
import { handMatch, opening } from "./fixtures/hand-match";
import { rematchCreation } from "./rematch";
import { emptyMatchView, evolve, type MatchView } from "./view";

const alice: Participant = { player: { id: "a", name: "alice", isGuest: false, kind: "registered" }, kind: "registered" };
const bob: Participant = { player: { id: "b", name: "bob", isGuest: false, kind: "registered" }, kind: "registered" };
const carol: Participant = { player: { id: "c", name: "carol", isGuest: true, kind: "guest" }, kind: "guest" };
const dave: Participant = { player: { id: "d", name: "dave", isGuest: false, kind: "registered" }, kind: "registered" };
const computer: Participant = { player: { id: "cpu", name: "Computer (easy)", isGuest: false, kind: "computer" }, kind: "computer" };

const NOW = 1_000_000;

function context(actor: Participant | null, overrides: Partial<DecideContext> = {}): DecideContext {
  return {
    now: NOW,
    actor,
    dice: () => {
      throw new Error("no dice may be drawn here");
    },
    serverSeed: () => "the-server-seed",
    gameSeed: (game) => `seed-of-game-${game}`,
    computerSalt: (game, nonce) => `${game}`.padStart(16, "0") + `${nonce}`.padStart(16, "0"),
    computerValue: (game, c) => `${game}`.padStart(32, "0") + `${c}`.padStart(32, "0"),
    awaySince: () => null,
    abandonAfterMs: 300_000,
    isComputer: (userId) => userId === computer.player.id,
    holdsInvite: (given) => given === "the-token",
    newMatchId: () => "rematch-of-m1",
    ...overrides,
  };
}

const withDice = (dice: Dice) => ({ dice: () => dice });

function fold(events: readonly MatchEvent[], matchId = "m1"): MatchView {
  return events.reduce(evolve, emptyMatchView(matchId));
}

function accepted(decision: Decision): Extract<Decision, { ok: true }> {
  if (!decision.ok) throw new Error(describeFailure(decision));
  // The view a decision returns is the fold of its events: the server stores events, and rebuilds views from them.
  return decision;
}

function expectFold(view: MatchView, decision: Extract<Decision, { ok: true }>): void {
  expect(decision.view).toEqual(decision.events.reduce(evolve, view));
}

const created = fold(opening.slice(0, 1)); // alice white, commitment "c"
const seated = fold(opening.slice(0, 2)); // bob black
const playing = fold(opening); // both seeds in; the opening roll is owed
const ended: MatchEvent = { type: "ended", reason: "cancelled", winner: null, serverSeed: "s" };
const finished = fold(handMatch); // white won the 3-point match
const create: Extract<MatchCommand, { type: "create" }> = { type: "create", matchLength: 5, visibility: "public", timeControl: null, rated: false, color: "white", commitment: "c0", chainLength: 9 };
/** The hand match's `created` as a fair-dice-v2 match's: the only kind decide seats players in (dice-protocol.ts). */
const createdV2 = (changes: Partial<Extract<MatchEvent, { type: "created" }>> = {}): MatchEvent => ({
  ...(opening[0] as Extract<MatchEvent, { type: "created" }>),
  dice: { protocol: "fair-dice-v2", chainLength: 5 },
  ...changes,
});

/** `values`: what the refusal's sentence is worded from (null: none; left out: not checked). */
type Case = readonly [label: string, view: MatchView, command: MatchCommand, context: DecideContext, code: string, values?: FailureValues | null];

const refusals: readonly Case[] = [
  // create (lib/match/seating.ts)
  ["a create without a session", emptyMatchView("n"), create, context(null), "ERR_UNAUTHENTICATED"],
  ["a rated match against the computer", emptyMatchView("n"), { ...create, rated: true, opponent: computer }, context(alice), "ERR_BAD_PAYLOAD", { reason: "ratedComputer" }],
  ["a rated match created by a guest", emptyMatchView("n"), { ...create, rated: true }, context(carol), "ERR_REGISTERED_ONLY", null],
  ["a rated match created by the computer", emptyMatchView("n"), { ...create, rated: true }, context(computer), "ERR_REGISTERED_ONLY"],
  ["a rated pairing with a guest", emptyMatchView("n"), { ...create, rated: true, opponent: carol }, context(alice), "ERR_REGISTERED_ONLY"],
  ["a match against oneself", emptyMatchView("n"), { ...create, opponent: alice }, context(alice), "ERR_ALREADY_SEATED"],
  // join
  ["a join without a session", created, { type: "join" }, context(null), "ERR_UNAUTHENTICATED"],
  ["the creator joining", created, { type: "join" }, context(alice), "ERR_ALREADY_SEATED", null],
  ["a full match", seated, { type: "join" }, context(carol), "ERR_SEAT_TAKEN", null],
  ["a private match without its token", fold([{ ...(opening[0] as Extract<MatchEvent, { type: "created" }>), visibility: "private" }]), { type: "join", inviteToken: "a-guess" }, context(carol), "ERR_FORBIDDEN", { reason: "privateJoin" }],
  ["a cancelled match", evolve(created, ended), { type: "join" }, context(carol), "ERR_WRONG_STATUS", { reason: "joinOver" }],
  ["a guest at a rated match", fold([{ ...(opening[0] as Extract<MatchEvent, { type: "created" }>), rated: true }]), { type: "join" }, context(carol), "ERR_REGISTERED_ONLY"],
  // client seeds
  ["a seed without a session", seated, { type: "seed", clientSeed: "ok", commitment: "c" }, context(null), "ERR_UNAUTHENTICATED"],
  ["a second seed", fold([...opening.slice(0, 2), { type: "seed", color: "black", clientSeed: "b" }]), { type: "seed", clientSeed: "again", commitment: "c" }, context(bob), "ERR_SEED_ALREADY_SUBMITTED", null],
  ["a seed with a space", seated, { type: "seed", clientSeed: "has space", commitment: "c" }, context(bob), "ERR_BAD_CLIENT_SEED", { reason: "chars" }],
  ["an empty seed", seated, { type: "seed", clientSeed: "", commitment: "c" }, context(bob), "ERR_BAD_CLIENT_SEED", { reason: "empty", max: 64 }],
  ["another commitment", seated, { type: "seed", clientSeed: "ok", commitment: "0".repeat(64) }, context(bob), "ERR_COMMITMENT_MISMATCH"],
  ["a stranger's seed", seated, { type: "seed", clientSeed: "ok", commitment: "c" }, context(carol), "ERR_NOT_A_PLAYER", { reason: "noSeat" }],
  ["a seed for an ended match", evolve(seated, ended), { type: "seed", clientSeed: "ok", commitment: "c" }, context(bob), "ERR_WRONG_STATUS", { reason: "over" }],
  ["a person's seed before the computer's", fold([opening[0]!, { type: "joined", color: "black", player: computer.player }]), { type: "seed", clientSeed: "ok", commitment: "c" }, context(alice), "ERR_WRONG_STATUS", { reason: "computerSeedFirst" }],
  // rules commands (lib/match/play.ts)
  ["a roll without a session", playing, { type: "play", play: { type: "roll" } }, context(null), "ERR_UNAUTHENTICATED"],
  ["a spectator's roll", playing, { type: "play", play: { type: "roll" } }, context(carol), "ERR_NOT_A_PLAYER"],
  ["a roll before the seeds", seated, { type: "play", play: { type: "roll" } }, context(alice), "ERR_WRONG_STATUS", { reason: "notStarted" }],
  ["a roll after the end", finished, { type: "play", play: { type: "roll" } }, context(alice), "ERR_WRONG_STATUS", { reason: "over" }],
  ["a command for another version", playing, { type: "play", play: { type: "roll" }, expectedVersion: 2 }, context(alice), "ERR_STALE_VERSION"],
  // The opening roll is owed: nobody may roll (the engine's refusal; the dice are never drawn).
  ["a roll during the opening", playing, { type: "play", play: { type: "roll" } }, context(alice), "ERR_WRONG_PHASE"],
  ["a double during the opening", playing, { type: "play", play: { type: "double" } }, context(bob), "ERR_WRONG_PHASE"],
  // cancel and claim (lib/match/leaving.ts)
  ["a cancel without a session", seated, { type: "cancel" }, context(null), "ERR_UNAUTHENTICATED"],
  ["a stranger's cancel", seated, { type: "cancel" }, context(carol), "ERR_NOT_A_PLAYER", { reason: "cancel" }],
  ["a cancel once play began", playing, { type: "cancel" }, context(alice), "ERR_WRONG_STATUS", { reason: "started" }],
  ["a cancel after the end", finished, { type: "cancel" }, context(alice), "ERR_WRONG_STATUS", { reason: "overAlready" }],
  ["a stale cancel", seated, { type: "cancel", expectedVersion: 1 }, context(alice), "ERR_STALE_VERSION"],
  ["a claim without a session", playing, { type: "claim-abandoned" }, context(null), "ERR_UNAUTHENTICATED"],
  ["a stranger's claim", playing, { type: "claim-abandoned" }, context(carol), "ERR_NOT_A_PLAYER"],
  ["a claim before play", seated, { type: "claim-abandoned" }, context(alice), "ERR_WRONG_STATUS", { reason: "claimNotPlaying" }],
  ["a claim on a connected opponent", playing, { type: "claim-abandoned" }, context(alice), "ERR_OPPONENT_CONNECTED", { reason: "connected", name: "bob" }],
  ["a claim too early", playing, { type: "claim-abandoned" }, context(alice, { awaySince: () => NOW - 60_000 }), "ERR_OPPONENT_CONNECTED", { reason: "away", name: "bob", away: 60, wait: 240 }],
  // rematch (lib/match/rematch.ts)
  ["a rematch without a session", finished, { type: "rematch-offer" }, context(null), "ERR_UNAUTHENTICATED"],
  ["a stranger's rematch", finished, { type: "rematch-offer" }, context(dave), "ERR_NOT_A_PLAYER", { reason: "rematch" }],
  ["a rematch in play", playing, { type: "rematch-offer" }, context(alice), "ERR_WRONG_STATUS", { reason: "rematchNotOver" }],
  ["a rematch of a cancelled match", evolve(seated, ended), { type: "rematch-offer" }, context(alice), "ERR_WRONG_STATUS", { reason: "cancelledNoRematch" }],
  ["an answer with no offer", finished, { type: "rematch-answer", accept: true }, context(bob), "ERR_WRONG_STATUS", { reason: "noRematchOffer" }],
  ["an answer to one's own offer", evolve(finished, { type: "rematch-offered", color: "white" }), { type: "rematch-answer", accept: true }, context(alice), "ERR_WRONG_STATUS"],
];

describe("decide refuses, storing nothing", () => {
  it.each(refusals.map((refusal) => [...refusal] as [string, MatchView, MatchCommand, DecideContext, string, FailureValues | null | undefined]))("%s", (_label, view, command, ctx, code, values) => {
    const decision = decide(view, command, ctx);
    expect(decision).toMatchObject({ ok: false, code });
    if (values !== undefined) expect(decision.ok ? null : (decision.values ?? null)).toEqual(values);
  });
});

describe("decide accepts", () => {
  it("creates a match, and seats an opponent in the same decision (computer, queue, rematch)", () => {
    const alone = accepted(decide(emptyMatchView("n"), { ...create, timeControl: { reserveMs: 60_000, delayMs: 5000 } }, context(alice)));
    expect(alone.events).toEqual([
      { type: "created", matchLength: 5, visibility: "public", commitment: "c0", creator: alice.player, creatorColor: "white", timeControl: { reserveMs: 60_000, delayMs: 5000 }, dice: { protocol: "fair-dice-v2", chainLength: 9 } },
    ]);
    expect(alone.view).toMatchObject({ status: "waiting", version: 1, commitment: "c0" });
    const paired = accepted(decide(emptyMatchView("n"), { ...create, rated: true, color: "black", opponent: bob }, context(alice)));
    expect(paired.events[1]).toEqual({ type: "joined", color: "white", player: bob.player });
    expect(paired.view).toMatchObject({ status: "seeding", version: 2, rated: true });
    expectFold(emptyMatchView("n"), paired);
  });

  it("seats a joiner in the free seat, and records each seat's seed once", () => {
    const joined = accepted(decide(fold([createdV2()]), { type: "join" }, context(carol)));
    expect(joined.events).toEqual([{ type: "joined", color: "black", player: carol.player }]);
    const privateMatch = fold([createdV2({ visibility: "private" })]);
    expect(accepted(decide(privateMatch, { type: "join", inviteToken: "the-token" }, context(carol))).events).toEqual([{ type: "joined", color: "black", player: carol.player }]);
    const seed = accepted(decide(seated, { type: "seed", clientSeed: "bob-seed_1", commitment: "c" }, context(bob)));
    expect(seed.events).toEqual([{ type: "seed", color: "black", clientSeed: "bob-seed_1" }]);
    // A seat may add its seed before the other seat is taken.
    expect(accepted(decide(created, { type: "seed", clientSeed: "alice", commitment: "c" }, context(alice))).events[0]).toMatchObject({ color: "white" });
  });

  it("settles what follows by itself: the opening roll with its roll-log entry, then nothing until a person acts", () => {
    const opened = accepted(decide(playing, { type: "settle" }, context(null, withDice([3, 1]))));
    expect(opened.events).toEqual([
      { type: "action", action: { type: "opening-roll", dice: [3, 1] }, roll: { nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 1] }, at: NOW },
    ]);
    expectFold(playing, opened);
    expect(accepted(decide(opened.view, { type: "settle" }, context(null))).events).toEqual([]);
    expect(accepted(decide(seated, { type: "settle" }, context(null))).events).toEqual([]);
  });

  it("checks a play with the engine once and stamps the server's time", () => {
    const opened = accepted(decide(playing, { type: "settle" }, context(null, withDice([3, 1])))).view;
    const moved = accepted(decide(opened, { type: "play", play: { type: "move", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] }, expectedVersion: opened.version }, context(alice)));
    expect(moved.events).toEqual([{ type: "action", action: { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] }, at: NOW }]);
    expectFold(opened, moved);
    expect(decide(opened, { type: "play", play: { type: "move", moves: [{ from: 24, to: 21 }] } }, context(alice))).toMatchObject({ ok: false, code: "ERR_ILLEGAL_PLAY" });
    expect(decide(opened, { type: "play", play: { type: "resign-accept" } }, context(alice))).toMatchObject({ ok: false, code: "ERR_NO_RESIGN_PENDING" });
    const rolled = accepted(decide(moved.view, { type: "play", play: { type: "roll" } }, context(bob, withDice([6, 6]))));
    expect(rolled.events[0]).toMatchObject({ action: { type: "roll", player: "black", dice: [6, 6] }, roll: { nonce: 1, game: 1, kind: "turn", player: "black", dice: [6, 6] } });
  });

  it("ends a match: cancelled, claimed, timed out, won — each revealing the seed", () => {
    expect(accepted(decide(seated, { type: "cancel" }, context(bob))).events).toEqual([
      { type: "ended", reason: "cancelled", winner: null, serverSeed: "the-server-seed", at: NOW },
    ]);
    const claimed = accepted(decide(playing, { type: "claim-abandoned" }, context(alice, { awaySince: () => NOW - 300_000 })));
    expect(claimed.events[0]).toEqual({ type: "ended", reason: "abandoned", winner: "white", serverSeed: "the-server-seed", at: NOW });
    const timed = fold([{ ...(opening[0] as Extract<MatchEvent, { type: "created" }>), timeControl: { reserveMs: 1000, delayMs: 0 } }, ...opening.slice(1)]);
    const openedTimed = accepted(decide(timed, { type: "settle" }, context(null, { ...withDice([3, 1]), now: 0 }))).view;
    const flag = accepted(decide(openedTimed, { type: "settle" }, context(null, { now: 1001 })));
    expect(flag.events[0]).toEqual({ type: "ended", reason: "timeout", winner: "black", serverSeed: "the-server-seed", at: 1001 });
    const won = fold(handMatch.slice(0, -1));
    // No sentence is stored: pages word the end from the reason, the winner and the score (match.ended.*).
    expect(accepted(decide(won, { type: "settle" }, context(null))).events[0]).toEqual({ type: "ended", reason: "finished", winner: "white", serverSeed: "the-server-seed", at: NOW });
  });

  it("offers, declines and makes a rematch; both asking is accepting; the computer accepts at once", () => {
    const offered = accepted(decide(finished, { type: "rematch-offer" }, context(alice)));
    expect(offered.events).toEqual([{ type: "rematch-offered", color: "white" }]);
    expect(accepted(decide(offered.view, { type: "rematch-offer" }, context(alice))).events).toEqual([]);
    const declined = accepted(decide(offered.view, { type: "rematch-answer", accept: false }, context(bob)));
    expect(declined.view.rematch).toEqual({ offeredBy: null, declinedBy: "black", matchId: null });
    const both = accepted(decide(offered.view, { type: "rematch-offer" }, context(bob)));
    expect(both.events).toEqual([{ type: "rematch-made", offeredBy: "white", matchId: "rematch-of-m1" }]);
    expect(accepted(decide(both.view, { type: "rematch-answer", accept: true }, context(bob))).events).toEqual([]);
    const versusComputer = fold([opening[0]!, { type: "joined", color: "black", player: computer.player }, ...handMatch.slice(2)]);
    expect(accepted(decide(versusComputer, { type: "rematch-offer" }, context(alice))).events).toEqual([{ type: "rematch-made", offeredBy: "white", matchId: "rematch-of-m1" }]);
  });

  it("knows the computer's seat by its player's kind, not by asking who the user is", () => {
    // A context that knows no computer: the seat's record says it (the server writes it from the user row).
    const nobody = { isComputer: () => false };
    const joined = fold([opening[0]!, { type: "joined", color: "black", player: computer.player }]);
    expect(decide(joined, { type: "seed", clientSeed: "ok", commitment: "c" }, context(alice, nobody))).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS", values: { reason: "computerSeedFirst" } });
    const versusComputer = fold([opening[0]!, { type: "joined", color: "black", player: computer.player }, ...handMatch.slice(2)]);
    const made = accepted(decide(versusComputer, { type: "rematch-offer" }, context(alice, nobody)));
    expect(made.events).toEqual([{ type: "rematch-made", offeredBy: "white", matchId: "rematch-of-m1" }]);
    // The rematch seats each player with their kind again.
    expect(rematchCreation(made.view)).toMatchObject({ creator: { player: alice.player, kind: "registered" }, command: { opponent: { player: computer.player, kind: "computer" } } });
  });
});
