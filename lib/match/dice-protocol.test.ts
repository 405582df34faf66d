/**
 * No downgrade of the dice protocol (issue 46, item 4): decide creates only fair-dice-v2 matches and seats players
 * only in them, with ERR_OUTDATED_PROTOCOL for the rest, while a fair-dice-v1 log already stored still folds into its
 * view — old matches stay readable, reviewable and verifiable.
 */
import { describe, expect, it } from "vitest";
import type { DecideContext, MatchCommand, Participant } from "./commands";
import { decide } from "./decide";
import { coversMatch, outdatedProtocol, protocolOfCreated } from "./dice-protocol";
import type { MatchEvent } from "./events";
import { handMatch, opening } from "./fixtures/hand-match";
import { emptyMatchView, evolve, type MatchView } from "./view";

const alice: Participant = { player: { id: "a", name: "alice", isGuest: false, kind: "registered" }, kind: "registered" };
const carol: Participant = { player: { id: "c", name: "carol", isGuest: false, kind: "registered" }, kind: "registered" };

function context(actor: Participant | null): DecideContext {
  const never = (what: string) => () => {
    throw new Error(`no ${what} may be drawn here`);
  };
  return {
    now: 1_000_000,
    actor,
    dice: never("dice"),
    serverSeed: never("server seed"),
    gameSeed: never("game seed"),
    computerSalt: never("computer salt"),
    computerValue: never("computer value"),
    awaySince: () => null,
    abandonAfterMs: 300_000,
    isComputer: () => false,
    holdsInvite: () => true,
    newMatchId: () => "m2",
  };
}

const fold = (events: readonly MatchEvent[]): MatchView => events.reduce(evolve, emptyMatchView("m1"));
const v1Created = opening[0] as Extract<MatchEvent, { type: "created" }>;
const v2Created: MatchEvent = { ...v1Created, dice: { protocol: "fair-dice-v2", chainLength: 5 } };

/** A create of a 3-point match as the shell makes it, with the vault's chain of 2 × 3 − 1 seeds. */
const create: Extract<MatchCommand, { type: "create" }> = { type: "create", matchLength: 3, visibility: "public", timeControl: null, rated: false, color: "white", commitment: "c", chainLength: 5 };
const { chainLength: _chain, ...createV1 } = create;

describe("no new fair-dice-v1 match", () => {
  it("refuses a create without the seed chain (ERR_OUTDATED_PROTOCOL), storing nothing", () => {
    // As a caller that gets round the type would send it: the command fair-dice-v1 matches were created with.
    const decision = decide(emptyMatchView("n"), createV1 as unknown as MatchCommand, context(alice));
    expect(decision).toEqual({ ok: false, code: "ERR_OUTDATED_PROTOCOL", values: { reason: "create", current: "fair-dice-v3" } });
    // Also when the opponent would be seated in the same decision (the computer, the queue, a rematch).
    expect(decide(emptyMatchView("n"), { ...createV1, opponent: carol } as unknown as MatchCommand, context(alice))).toMatchObject({ ok: false, code: "ERR_OUTDATED_PROTOCOL" });
  });

  it("refuses a chain that does not cover the match's games", () => {
    for (const chainLength of [1, 4, 6, 5.5, Number.NaN]) {
      expect(decide(emptyMatchView("n"), { ...create, chainLength }, context(alice))).toEqual({ ok: false, code: "ERR_BAD_PAYLOAD", values: { reason: "chainLength" } });
    }
    expect(coversMatch(9, 5)).toBe(true);
    expect(coversMatch(1, 0)).toBe(false);
  });

  it("creates a fair-dice-v2 match from a create with its chain", () => {
    const decision = decide(emptyMatchView("n"), create, context(alice));
    if (!decision.ok) throw new Error(decision.code);
    expect(decision.events[0]).toMatchObject({ type: "created", dice: { protocol: "fair-dice-v2", chainLength: 5 } });
    expect(decision.view.diceProtocol).toBe("fair-dice-v2");
    expect(outdatedProtocol(decision.view)).toBeNull();
  });
});

describe("no new player in a fair-dice-v1 match", () => {
  it("refuses to seat anyone in a waiting fair-dice-v1 match (ERR_OUTDATED_PROTOCOL), with both protocols named", () => {
    const waiting = fold([v1Created]);
    expect(waiting.status).toBe("waiting");
    expect(outdatedProtocol(waiting)).toEqual({ protocol: "fair-dice-v1", current: "fair-dice-v3" });
    expect(decide(waiting, { type: "join" }, context(carol))).toEqual({
      ok: false,
      code: "ERR_OUTDATED_PROTOCOL",
      values: { reason: "join", protocol: "fair-dice-v1", current: "fair-dice-v3" },
    });
    // Private too, with its invitation.
    expect(decide(fold([{ ...v1Created, visibility: "private" }]), { type: "join", inviteToken: "t" }, context(carol))).toMatchObject({ ok: false, code: "ERR_OUTDATED_PROTOCOL" });
  });

  it("seats a player in the same match as fair-dice-v2", () => {
    const decision = decide(fold([v2Created]), { type: "join" }, context(carol));
    expect(decision).toMatchObject({ ok: true, events: [{ type: "joined", color: "black", player: carol.player }] });
  });
});

describe("stored fair-dice-v1 matches", () => {
  it("still fold from their log: the whole hand match, to its end and its reveal", () => {
    const view = fold(handMatch);
    expect(view.diceProtocol).toBe("fair-dice-v1");
    expect(view).toMatchObject({ status: "finished", version: handMatch.length, chainLength: null, ended: { reason: "finished", winner: "white", serverSeed: "s" } });
    // Its records were written before the account's kind was: the fold gives them theirs (player-kind.ts).
    expect(view.players).toEqual({ white: { ...v1Created.creator, kind: "registered" }, black: { id: "b", name: "bob", isGuest: false, kind: "registered" } });
  });

  it("still take their players' other commands: a finished one's rematch offer (the vault makes the rematch fair-dice-v2)", () => {
    const decision = decide(fold(handMatch), { type: "rematch-offer" }, context(alice));
    expect(decision).toMatchObject({ ok: true, events: [{ type: "rematch-offered", color: "white" }] });
  });
});

describe("the protocol is a name in the view", () => {
  it("is fair-dice-v2 when the created event has dice, fair-dice-v1 when it has none (an old log, folded as stored)", () => {
    expect(protocolOfCreated(v2Created as Extract<MatchEvent, { type: "created" }>)).toBe("fair-dice-v2");
    expect(protocolOfCreated(v1Created)).toBe("fair-dice-v1");
    expect(fold([v2Created])).toMatchObject({ diceProtocol: "fair-dice-v2", chainLength: 5 });
    expect(fold([v1Created])).toMatchObject({ diceProtocol: "fair-dice-v1", chainLength: null });
    // Before any event a view reads as it always did without a chain.
    expect(emptyMatchView("n").diceProtocol).toBe("fair-dice-v1");
  });
});
