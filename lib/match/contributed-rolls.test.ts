/**
 * fair-dice-v3 in the match aggregate (docs/fair-dice-v3.md, sections 2 to 5): each game starts with both people's
 * chain heads; an opening roll takes both players' values, a turn roll the roller's recorded salt and then the
 * opponent's next value; what a browser sent once never changes; nothing comes between a salt and its reveal; a
 * withheld contribution costs the match; the computer's values and salts come from the game's seed. Every roll of a
 * match played through `decide` recomputes from what the log holds, and every value hashes back to its head.
 */
import { describe, expect, it } from "vitest";
import { computerSalt } from "../dice/computer-salt";
import { computerValue } from "../dice/computer-value";
import { followReveals } from "../dice/hash-chain";
import { createRollerV3 } from "../dice/roll-v3";
import { opponentOf, type Color } from "../engine/types";
import type { DecideContext, MatchCommand, Participant } from "./commands";
import { owedContributions, pendingTurnRoll } from "./contributions";
import { decide } from "./decide";
import { ALICE, BOB, CLIENT_SEEDS, COMPUTER, playV3, v3Chains, v3Context, v3GameSeed, v3Salt } from "./fixtures/v3-match";
import { emptyMatchView, evolve, type MatchView } from "./view";

const fold = (events: Parameters<typeof evolve>[1][]): MatchView => events.reduce(evolve, emptyMatchView("m1"));
const actorOf = (color: Color, computer = false): Participant => (color === "white" ? ALICE : computer ? COMPUTER : BOB);
const play = (view: MatchView, color: Color, request: Extract<MatchCommand, { type: "play" }>["play"], overrides: Partial<DecideContext> = {}, computer = false) =>
  decide(view, { type: "play", play: request }, v3Context(view, actorOf(color, computer), (view.lastAt ?? 0) + 10, overrides));

/** The view after `rolls` rolls, stopped where the match waits for a turn roll's salt (the roller on roll). */
function before(rolls: number, computer = false): MatchView {
  const played = playV3({ rolls, computer });
  expect(played.refused).toEqual([]);
  return played.view;
}

/** A view where white's turn-roll salt is in and the roll waits for black's value. */
function waitingForBlack(): MatchView {
  for (let rolls = 1; rolls < 12; rolls++) {
    const view = before(rolls);
    if (view.state.turn !== "white" || view.state.phase !== "turn-start") continue;
    const decision = play(view, "white", { type: "roll", salt: v3Salt("white", view.rolls.length), nonce: view.rolls.length });
    if (!decision.ok) throw new Error(decision.code);
    return decision.view;
  }
  throw new Error("no white turn roll within 12 rolls");
}

describe("a fair-dice-v3 match played through decide", () => {
  it("logs every roll with the contributions it mixed, and each recomputes and hashes back to its head", () => {
    for (const computer of [false, true]) {
      const { view, events } = playV3({ rolls: 40, computer });
      expect(view.rolls.length).toBe(40);
      expect(events.filter((event) => event.type === "chain-committed").map((event) => event.color)).toEqual(computer ? ["white"] : ["white", "black"]);
      const followers = new Map<Color, ReturnType<typeof followReveals>>();
      for (const color of ["white", "black"] as const) if (!(computer && color === "black")) followers.set(color, followReveals(view.chains[1]![color]!));
      const counted = { white: 0, black: 0 };
      for (const roll of view.rolls) {
        const dice = createRollerV3(v3GameSeed(roll.game), `${CLIENT_SEEDS.white}:${CLIENT_SEEDS.black}`);
        if (roll.kind === "opening") {
          expect(roll.salts).toEqual({});
          expect(dice.roll(roll.nonce, { kind: "opening", white: roll.values!.white!, black: roll.values!.black! })).toEqual(roll.dice);
        } else {
          const opponent = opponentOf(roll.player!);
          expect(Object.keys(roll.salts!)).toEqual([roll.player]);
          expect(Object.keys(roll.values!)).toEqual([opponent]);
          expect(dice.roll(roll.nonce, { kind: "turn", salt: roll.salts![roll.player!]!, value: roll.values![opponent]! })).toEqual(roll.dice);
        }
        for (const [color, value] of Object.entries(roll.values!) as [Color, string][]) {
          counted[color]++;
          // A person's value is the next on the committed chain; the computer's is the game seed's (section 1).
          if (followers.has(color)) expect(followers.get(color)!.accept(value)).toBeNull();
          else expect(value).toBe(computerValue(v3GameSeed(roll.game), counted[color]));
        }
        if (computer && roll.player === "black") expect(roll.salts!.black).toBe(computerSalt(v3GameSeed(roll.game), roll.nonce));
      }
      // Folding the stored events again gives the same view: nothing of it lives only in a decision.
      expect(fold([...events])).toEqual(view);
    }
  });

  it("waits for both heads, then both opening values; the first value is stored by itself and the second rolls", () => {
    const played = playV3({ rolls: 0 });
    const view = played.view;
    expect(owedContributions(view)).toEqual([
      { color: "white", kind: "head", game: 1 },
      { color: "black", kind: "head", game: 1 },
    ]);
    const whiteHead = v3Chains("white", 1).headsAfter(0)[0]!;
    expect(play(view, "white", { type: "reveal", nonce: 0, value: v3Chains("white", 1).value(1) })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS", values: { reason: "headsPending" } });
    expect(play(view, "white", { type: "roll", salt: v3Salt("white", 0), nonce: 0 })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS", values: { reason: "openingTakesValues" } });
    const one = play(view, "white", { type: "commit-chain", game: 1, head: whiteHead });
    if (!one.ok) throw new Error(one.code);
    expect(one.events).toEqual([{ type: "chain-committed", color: "white", game: 1, head: whiteHead, at: expect.any(Number) }]);
    // The same head again is a repeat; another is refused: a chain, once committed, is the game's.
    expect(play(one.view, "white", { type: "commit-chain", game: 1, head: whiteHead })).toMatchObject({ ok: true, events: [] });
    expect(play(one.view, "white", { type: "commit-chain", game: 1, head: "0".repeat(64) })).toMatchObject({ ok: false, code: "ERR_CONTRIBUTION_SENT", values: { reason: "head" } });
    expect(play(one.view, "white", { type: "commit-chain", game: 2, head: whiteHead })).toMatchObject({ ok: false, code: "ERR_STALE_VERSION", values: { reason: "chainGame" } });
    expect(play(one.view, "black", { type: "commit-chain", game: 1, head: "not hex" })).toMatchObject({ ok: false, code: "ERR_BAD_CONTRIBUTION", values: { reason: "head" } });
    const two = play(one.view, "black", { type: "commit-chain", game: 1, head: v3Chains("black", 1).headsAfter(0)[0]! });
    if (!two.ok) throw new Error(two.code);
    const first = play(two.view, "black", { type: "reveal", nonce: 0, value: v3Chains("black", 1).value(1) });
    if (!first.ok) throw new Error(first.code);
    expect(first.events).toMatchObject([{ type: "value-revealed", color: "black", nonce: 0 }]);
    expect(play(first.view, "black", { type: "reveal", nonce: 0, value: v3Chains("black", 1).value(1) })).toMatchObject({ ok: true, events: [] });
    expect(play(first.view, "black", { type: "reveal", nonce: 0, value: v3Chains("black", 1).value(2) })).toMatchObject({ ok: false, code: "ERR_CONTRIBUTION_SENT", values: { reason: "value" } });
    const rolled = play(first.view, "white", { type: "reveal", nonce: 0, value: v3Chains("white", 1).value(1) });
    if (!rolled.ok) throw new Error(rolled.code);
    expect(rolled.events[0]).toMatchObject({ type: "action", action: { type: "opening-roll" }, roll: { nonce: 0, kind: "opening", salts: {}, values: { white: v3Chains("white", 1).value(1), black: v3Chains("black", 1).value(1) } } });
  });

  it("refuses a value off the committed chain, a reveal nobody waits for, and a stale nonce, storing nothing", () => {
    const view = waitingForBlack();
    const turn = pendingTurnRoll(view)!;
    expect(owedContributions(view)).toEqual([{ color: "black", kind: "value", nonce: turn.nonce }]);
    // A value the coalition made up, or one of black's own from further down the chain: not the next one.
    for (const value of ["e".repeat(64), v3Chains("black", 1).value(40)]) {
      expect(play(view, "black", { type: "reveal", nonce: turn.nonce, value })).toEqual({ ok: false, code: "ERR_BAD_CONTRIBUTION", values: { reason: "notOnChain" } });
    }
    expect(play(view, "black", { type: "reveal", nonce: turn.nonce, value: "E".repeat(64) })).toMatchObject({ ok: false, code: "ERR_BAD_CONTRIBUTION", values: { reason: "value" } });
    expect(play(view, "white", { type: "reveal", nonce: turn.nonce, value: v3Chains("white", 1).value(9) })).toMatchObject({ ok: false, code: "ERR_WRONG_STATUS", values: { reason: "nothingToReveal" } });
    expect(play(view, "black", { type: "reveal", nonce: turn.nonce + 1, value: v3Chains("black", 1).value(9) })).toMatchObject({ ok: false, code: "ERR_STALE_VERSION", values: { reason: "value" } });
  });

  it("keeps the recorded salt: the same again is a repeat, another is refused, and nothing else comes between", () => {
    const view = waitingForBlack();
    const turn = pendingTurnRoll(view)!;
    expect(play(view, "white", { type: "roll", salt: turn.salt, nonce: turn.nonce })).toMatchObject({ ok: true, events: [] });
    // A coalition that learned black's value after the fact cannot swap in a salt ground against it.
    expect(play(view, "white", { type: "roll", salt: "9".repeat(32), nonce: turn.nonce })).toMatchObject({ ok: false, code: "ERR_CONTRIBUTION_SENT", values: { reason: "salt" } });
    expect(play(view, "white", { type: "double" })).toMatchObject({ ok: false, code: "ERR_ROLL_PENDING" });
    expect(play(view, "black", { type: "resign-offer", level: 1 })).toMatchObject({ ok: false, code: "ERR_ROLL_PENDING" });
  });

  it("lets the roller claim a match whose opponent withholds its value for the abandonment time, connected or not", () => {
    const view = waitingForBlack();
    const at = view.lastAt!;
    const claim = (now: number, color: Color = "white") => decide(view, { type: "claim-abandoned" }, v3Context(view, actorOf(color), now));
    expect(claim(at + 299_999)).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED" });
    expect(claim(at + 300_000)).toMatchObject({ ok: true, events: [{ type: "ended", reason: "abandoned", winner: "white" }] });
    // The withholder cannot claim against the roller, who owes nothing.
    expect(claim(at + 900_000, "black")).toMatchObject({ ok: false, code: "ERR_OPPONENT_CONNECTED" });
  });

  it("runs the opponent's clock while its value is owed, never the roller's", () => {
    const view = waitingForBlack();
    const timed = { ...view, clock: { control: { reserveMs: 60_000, delayMs: 0 }, reserve: { white: 60_000, black: 60_000 }, running: { color: "white" as Color, since: view.lastAt!, delayLeft: 0 } } };
    const salted = evolve(timed, { type: "salt-received", color: "white", nonce: 99, salt: "1".repeat(32), at: view.lastAt! + 5_000 });
    expect(salted.clock?.running).toMatchObject({ color: "black", since: view.lastAt! + 5_000 });
    expect(salted.clock?.reserve.white).toBe(55_000);
  });

  it("against the computer: the person's roll is made at once with the computer's value, the computer's waits for the person", () => {
    for (let rolls = 1; rolls < 12; rolls++) {
      const view = before(rolls, true);
      if (view.state.phase !== "turn-start") continue;
      const roller = view.state.turn!;
      const request = roller === "white" ? { type: "roll" as const, salt: v3Salt("white", view.rolls.length), nonce: view.rolls.length } : { type: "roll" as const, nonce: view.rolls.length };
      const decision = play(view, roller, request, {}, true);
      if (!decision.ok) throw new Error(decision.code);
      if (roller === "white") expect(decision.events[0]).toMatchObject({ type: "action", action: { type: "roll", player: "white" }, roll: { values: { black: expect.any(String) } } });
      else {
        expect(decision.events).toEqual([{ type: "salt-received", color: "black", nonce: view.rolls.length, salt: computerSalt(v3GameSeed(1), view.rolls.length), at: expect.any(Number) }]);
        // Not even the server's driver may pick the computer's salt.
        expect(play(view, "black", { type: "roll", salt: "1".repeat(32), nonce: view.rolls.length }, {}, true)).toMatchObject({ ok: false, code: "ERR_BAD_SALT" });
      }
    }
  });
});
