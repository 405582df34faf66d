/**
 * fair-dice-v2 in the match aggregate (docs/fair-dice-v2.md, section 2): rolls need the roller's salt, an opening roll
 * both players' (the first waits as a `salt` event), a salt sent again for the same roll changes nothing, and the end
 * of each game reveals that game's seed. The context's dice record the salts they were asked with.
 */
import { computerValue } from "../dice/computer-value";
import { describe, expect, it } from "vitest";
import { describeFailure, type Dice } from "../engine/types";
import { computerSalt } from "../dice/computer-salt";
import type { RollSalts } from "../dice/types";
import type { DecideContext, Decision, MatchCommand, Participant } from "./commands";
import { decide } from "./decide";
import type { MatchEvent } from "./events";
import { action } from "./fixtures/hand-match";
import { emptyMatchView, evolve } from "./view";

const alice: Participant = { player: { id: "a", name: "alice", isGuest: false, kind: "registered" }, kind: "registered" };
const bob: Participant = { player: { id: "b", name: "bob", isGuest: false, kind: "registered" }, kind: "registered" };
const carol: Participant = { player: { id: "c", name: "carol", isGuest: false, kind: "registered" }, kind: "registered" };
const SALT_A = "a".repeat(32);
const SALT_B = "b".repeat(32);

const v2opening: MatchEvent[] = [
  { type: "created", matchLength: 3, visibility: "public", commitment: "c", creator: alice.player, creatorColor: "white", dice: { protocol: "fair-dice-v2", chainLength: 5 } },
  { type: "joined", color: "black", player: bob.player },
  { type: "seed", color: "white", clientSeed: "w" },
  { type: "seed", color: "black", clientSeed: "b" },
];
const fold = (events: readonly MatchEvent[]) => events.reduce(evolve, emptyMatchView("m1"));
/** The opening roll 3-1 as stored: with its roll-log entry and both salts (nonce 0). */
const opened31: MatchEvent = {
  type: "action",
  action: { type: "opening-roll", dice: [3, 1] },
  roll: { nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 1], salts: { white: SALT_A, black: SALT_B } },
};
const playing = fold(v2opening);
/** Game 1 up to black's double, its rolls without their roll-log entries: white opens 3-1 and plays 8/5 6/5. */
const toBlacksDouble: MatchEvent[] = [
  action({ type: "opening-roll", dice: [3, 1] }),
  action({ type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] }),
  action({ type: "double", player: "black" }),
];

/** A context whose dice are `dice` and which records the salts each draw was asked with. */
function context(actor: Participant | null, dice: Dice = [3, 1]): DecideContext & { readonly asked: (RollSalts | undefined)[] } {
  const asked: (RollSalts | undefined)[] = [];
  return {
    asked,
    now: 1_000_000,
    actor,
    dice: (salts) => {
      asked.push(salts);
      return dice;
    },
    serverSeed: () => "the-server-seed",
    gameSeed: (game) => `${String(game).padStart(2, "0")}${"e".repeat(62)}`,
    computerSalt: (game, nonce) => computerSalt(`${String(game).padStart(2, "0")}${"e".repeat(62)}`, nonce),
    computerValue: (game, c) => computerValue(`${String(game).padStart(2, "0")}${"e".repeat(62)}`, c),
    awaySince: () => null,
    abandonAfterMs: 300_000,
    isComputer: () => false,
    holdsInvite: () => true,
    newMatchId: () => "m2",
  };
}

const roll = (salt?: string, nonce?: number): MatchCommand => ({ type: "play", play: { type: "roll", ...(salt !== undefined && { salt }), ...(nonce !== undefined && { nonce }) } });

function accepted(decision: Decision): Extract<Decision, { ok: true }> {
  if (!decision.ok) throw new Error(`${describeFailure(decision)}`);
  return decision;
}

describe("a fair-dice-v2 match", () => {
  it("is created with its chain length, and settles no opening roll by itself", () => {
    const decision = accepted(decide(emptyMatchView("n"), { type: "create", matchLength: 3, visibility: "public", timeControl: null, rated: false, color: "white", commitment: "c", chainLength: 5 }, context(alice)));
    expect(decision.events[0]).toMatchObject({ type: "created", dice: { protocol: "fair-dice-v2", chainLength: 5 } });
    expect(decision.view.chainLength).toBe(5);
    expect(playing.status).toBe("playing");
    const settle = context(null);
    expect(accepted(decide(playing, { type: "settle" }, settle)).events).toEqual([]);
    expect(settle.asked).toEqual([]);
  });

  it("rolls the opening with both players' salts, white's first, once the second arrives", () => {
    const first = context(bob);
    const waiting = accepted(decide(playing, roll(SALT_B, 0), first));
    expect(waiting.events).toEqual([{ type: "salt", color: "black", nonce: 0, salt: SALT_B }]);
    expect(first.asked).toEqual([]);
    expect(waiting.view.pendingSalts).toEqual({ nonce: 0, from: ["black"], salts: { black: SALT_B } });
    // The same salt again (a reconnection) changes nothing; another one is refused.
    expect(accepted(decide(waiting.view, roll(SALT_B, 0), context(bob))).events).toEqual([]);
    expect(decide(waiting.view, roll(SALT_A, 0), context(bob))).toMatchObject({ ok: false, code: "ERR_SALT_ALREADY_SENT" });
    const second = context(alice, [3, 1]);
    const rolled = accepted(decide(waiting.view, roll(SALT_A, 0), second));
    expect(second.asked).toEqual([{ white: SALT_A, black: SALT_B }]);
    expect(rolled.events).toMatchObject([
      { type: "action", action: { type: "opening-roll", dice: [3, 1] }, roll: { nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 1], salts: { white: SALT_A, black: SALT_B } } },
    ]);
    expect(rolled.view.pendingSalts).toBeNull();
    expect(rolled.view).toEqual(rolled.events.reduce(evolve, waiting.view));
  });

  it("refuses a roll without a salt, with a malformed one, for another nonce, or from a spectator, drawing no dice", () => {
    const cases: [MatchCommand, Participant | null, string][] = [
      [roll(), alice, "ERR_BAD_SALT"],
      [roll("A".repeat(32), 0), alice, "ERR_BAD_SALT"],
      [roll("a".repeat(31), 0), alice, "ERR_BAD_SALT"],
      [roll(SALT_A, 1), alice, "ERR_STALE_VERSION"],
      [roll(SALT_A, 0), carol, "ERR_NOT_A_PLAYER"],
      [roll(SALT_A, 0), null, "ERR_UNAUTHENTICATED"],
    ];
    for (const [command, actor, code] of cases) {
      const ctx = context(actor);
      expect(decide(playing, command, ctx), code).toMatchObject({ ok: false, code });
      expect(ctx.asked).toEqual([]);
    }
  });

  it("takes the computer's salts from the game seed (section 3a), and refuses any other salt for its seat", () => {
    // Black played by the computer: the same seat, sent as the computer (the server's driver).
    const cpu: Participant = { ...bob, kind: "computer" };
    const due = computerSalt(`01${"e".repeat(62)}`, 0);
    expect(accepted(decide(playing, roll(undefined, 0), context(cpu))).events).toEqual([{ type: "salt", color: "black", nonce: 0, salt: due }]);
    expect(accepted(decide(playing, roll(due, 0), context(cpu))).events).toEqual([{ type: "salt", color: "black", nonce: 0, salt: due }]);
    const chosen = context(cpu);
    expect(decide(playing, roll(SALT_B, 0), chosen)).toMatchObject({ ok: false, code: "ERR_BAD_SALT", values: { reason: "computer" } });
    expect(chosen.asked).toEqual([]);
    // The person's salt stays the person's: white's opening salt, then the computer's makes the roll with both.
    const waiting = accepted(decide(playing, roll(SALT_A, 0), context(alice)));
    const ctx = context(cpu, [3, 1]);
    accepted(decide(waiting.view, roll(undefined, 0), ctx));
    expect(ctx.asked).toEqual([{ white: SALT_A, black: due }]);
    // The computer's turn roll: the salt of its nonce in game 1.
    const opened = fold([...v2opening, opened31, action({ type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] })]);
    const turn = context(cpu, [6, 6]);
    expect(accepted(decide(opened, roll(undefined, 1), turn)).events).toMatchObject([{ type: "action", roll: { nonce: 1, salts: { black: computerSalt(`01${"e".repeat(62)}`, 1) } } }]);
  });

  it("rolls a turn with the roller's salt only, and refuses the player not on roll", () => {
    const opened = fold([...v2opening, opened31, action({ type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] })]);
    expect(decide(opened, roll(SALT_A, 1), context(alice))).toMatchObject({ ok: false, code: "ERR_NOT_YOUR_TURN" });
    const ctx = context(bob, [6, 6]);
    const rolled = accepted(decide(opened, roll(SALT_B, 1), ctx));
    expect(ctx.asked).toEqual([{ black: SALT_B }]);
    expect(rolled.events).toMatchObject([{ type: "action", roll: { nonce: 1, kind: "turn", player: "black", dice: [6, 6], salts: { black: SALT_B } } }]);
  });

  it("reveals a game's seed when the game ends, and the view keeps it", () => {
    const doubled = fold([...v2opening, ...toBlacksDouble]);
    const dropped = accepted(decide(doubled, { type: "play", play: { type: "drop" } }, context(alice)));
    expect(dropped.events).toMatchObject([{ type: "action", action: { type: "drop" } }, { type: "game-seed", game: 1, seed: `01${"e".repeat(62)}` }]);
    expect(dropped.view.gameSeeds).toEqual({ 1: `01${"e".repeat(62)}` });
    expect(dropped.view).toEqual(dropped.events.reduce(evolve, doubled));
    // A fair-dice-v1 match reveals no game seed.
    const v1 = fold([{ ...v2opening[0]!, dice: undefined } as MatchEvent, ...v2opening.slice(1), ...toBlacksDouble]);
    expect(accepted(decide(v1, { type: "play", play: { type: "drop" } }, context(alice))).events).toHaveLength(1);
  });

  it("reveals an ended game's seed that a stopped server did not write, before anything else it owes", () => {
    // The drop was stored, then the server was killed before the game-seed event after it (each event is its own append).
    const droppedOnly = fold([...v2opening, ...toBlacksDouble, action({ type: "drop", player: "white" })]);
    expect(droppedOnly.gameSeeds).toEqual({});
    const settled = accepted(decide(droppedOnly, { type: "settle" }, context(null)));
    expect(settled.events).toEqual([{ type: "game-seed", game: 1, seed: `01${"e".repeat(62)}` }]);
    // Once revealed, nothing more is owed for it.
    expect(accepted(decide(settled.view, { type: "settle" }, context(null))).events.some((e) => e.type === "game-seed")).toBe(false);
  });

  it("asks for fresh salts after a tied opening roll", () => {
    const first = accepted(decide(playing, roll(SALT_A, 0), context(alice)));
    const tied = accepted(decide(first.view, roll(SALT_B, 0), context(bob, [4, 4])));
    expect(tied.view.state.phase).toBe("opening");
    expect(tied.view.pendingSalts).toBeNull();
    const again = accepted(decide(tied.view, roll(SALT_B, 1), context(bob)));
    expect(again.events).toEqual([{ type: "salt", color: "black", nonce: 1, salt: SALT_B }]);
  });
});

