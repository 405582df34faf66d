import { describe, expect, it } from "vitest";
import type { MatchState } from "@/lib/engine/match-state";
import { newMatch } from "@/lib/engine/match-state";
import { applyAll, positionFromPoints } from "@/lib/engine/test-support";
import type { Dice, Position } from "@/lib/engine/types";
import { automaticAction, awaitsPlayer } from "./automatic-play";
import { DEFAULT_PLAY_PREFERENCES, type PlayPreferences } from "./preferences";

const ALL_ON: PlayPreferences = { ...DEFAULT_PLAY_PREFERENCES, autoRoll: true, autoPlayForced: true, autoBearOff: true };

/** White to play `dice` in `position`, mid-game of a 5-point match. */
function moving(position: Position, dice: Dice): MatchState {
  return { ...newMatch({ matchLength: 5 }), phase: "moving", position, onRoll: "white", turn: "white", dice };
}

/** A match after white opened with 3-1 (8/5 6/5), black to start a turn: the cube centred, so black may double. */
function blackToRoll(): MatchState {
  return applyAll(
    newMatch({ matchLength: 5 }),
    { type: "opening-roll", dice: [3, 1] },
    { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] },
  );
}

describe("automaticAction", () => {
  it("does nothing with the default settings, whatever the state", () => {
    const forced = moving(positionFromPoints({ 1: 1 }, { 24: 1 }), [6, 5]);
    expect(automaticAction(forced, "white", DEFAULT_PLAY_PREFERENCES)).toBeNull();
    expect(automaticAction(blackToRoll(), "black", DEFAULT_PLAY_PREFERENCES)).toBeNull();
  });

  it("rolls only when Roll is the one choice: not while the player may double, nor for the other player", () => {
    const state = blackToRoll();
    expect(state.phase).toBe("turn-start");
    // The cube is centred: black may double, so the page waits for black's choice.
    expect(automaticAction(state, "black", ALL_ON)).toBeNull();
    // White doubled earlier and black owns the cube: now white, on roll, may not double.
    const owned: MatchState = { ...state, cube: { value: 2, owner: "black" }, onRoll: "white", turn: "white", position: { ...state.position, turn: "white" } };
    expect(automaticAction(owned, "white", ALL_ON)).toEqual({ type: "roll" });
    expect(automaticAction(owned, "black", ALL_ON)).toBeNull();
    expect(automaticAction(owned, "white", { ...ALL_ON, autoRoll: false })).toBeNull();
    // The Crawford game: nobody may double.
    expect(automaticAction({ ...state, crawford: true }, "black", ALL_ON)).toEqual({ type: "roll" });
    // A resignation waits for an answer first.
    expect(automaticAction({ ...state, crawford: true, pendingResign: { player: "white", level: 1 } }, "black", ALL_ON)).toBeNull();
  });

  it("makes a forced play, and only a forced one", () => {
    // One checker on the bar against a five-point board with only white's 20 point open, the others on the 1 point:
    // 5-5 enters and must go on with the same checker (no other can move 5): bar/20/15/10/5 is the only play.
    const closed = positionFromPoints({ 25: 1, 1: 14 }, { 19: 2, 21: 2, 22: 2, 23: 2, 24: 2, 12: 5 });
    const forced = automaticAction(moving(closed, [5, 5]), "white", ALL_ON);
    expect(forced?.type).toBe("move");
    expect(forced?.type === "move" && forced.reason).toBe("forced");
    expect(forced?.type === "move" && forced.play.notation).toBe("bar/5");
    expect(automaticAction(moving(closed, [5, 5]), "white", { ...ALL_ON, autoPlayForced: false })).toBeNull();
    // The opening position with 6-5 has several plays.
    const open = positionFromPoints({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 1: 2, 12: 5, 17: 3, 19: 5 });
    expect(automaticAction(moving(open, [6, 5]), "white", ALL_ON)).toBeNull();
    // Not the player's turn: nothing.
    expect(automaticAction(moving(closed, [5, 5]), "black", ALL_ON)).toBeNull();
  });

  it("bears off one checker per die in a race with every checker home, and not otherwise", () => {
    // 6-4 with checkers on the 6, 4 and 2 points: 6/off 4/off is the one play that bears off two (4/off 6/2 too bears
    // off only one), and it is not forced: 6/2 4/off, 6/off 4/off, 4/off 2/off... so only the bear-off setting plays it.
    const home = positionFromPoints({ 6: 1, 4: 1, 2: 1 }, { 20: 3 });
    const state = moving(home, [6, 4]);
    const bearOff = automaticAction(state, "white", { ...ALL_ON, autoPlayForced: false });
    expect(bearOff).toMatchObject({ type: "move", reason: "bear-off" });
    expect(bearOff?.type === "move" && bearOff.play.notation).toBe("6/off 4/off");
    expect(automaticAction(state, "white", { ...ALL_ON, autoBearOff: false })).toBeNull();
    // A checker still outside home: not a bear-off.
    expect(automaticAction(moving(positionFromPoints({ 8: 1, 4: 1, 2: 1 }, { 20: 3 }), [6, 4]), "white", ALL_ON)).toBeNull();
    // Contact (an opposing checker on white's 3 point, behind white's 4 and 6): the plays are choices, not chores.
    expect(automaticAction(moving(positionFromPoints({ 6: 1, 4: 1, 2: 1 }, { 3: 1, 20: 2 }), [6, 4]), "white", { ...ALL_ON, autoPlayForced: false })).toBeNull();
    // Doubles: 2-2 with four checkers on the 2 point and two on the 1 point: all four come off the 2 point.
    const doubles = automaticAction(moving(positionFromPoints({ 2: 4, 1: 2 }, { 20: 2 }), [2, 2]), "white", { ...ALL_ON, autoPlayForced: false });
    expect(doubles?.type === "move" && doubles.play.notation).toBe("2/off(4)");
  });
});

describe("awaitsPlayer", () => {
  it("is true for whoever must act, and never for the opening roll", () => {
    const opening = newMatch({ matchLength: 5 });
    expect(awaitsPlayer(opening, "white")).toBe(false);
    expect(awaitsPlayer(opening, "black")).toBe(false);
    const state = blackToRoll();
    expect(awaitsPlayer(state, "black")).toBe(true);
    expect(awaitsPlayer(state, "white")).toBe(false);
    const offered = applyAll(state, { type: "double", player: "black" });
    expect(awaitsPlayer(offered, "white")).toBe(true);
    expect(awaitsPlayer(offered, "black")).toBe(false);
  });
});
