import { describe, expect, it } from "vitest";
import type { AccountKind } from "@/lib/access/may";
import { newMatch } from "@/lib/engine/match-state";
import { initialPosition } from "@/lib/engine/position";
import { emptyMatchView, type MatchView } from "@/lib/match/view";
import { checkHint } from "./hint-rule";

const COMPUTER = "computer-easy";
const isComputer = (id: string) => id === COMPUTER;

/** Ada (white) against `black`, white to play 3-1. */
function view(black: string, overrides: Partial<MatchView> = {}): MatchView {
  const state = { ...newMatch({ matchLength: 3 }), phase: "moving" as const, position: initialPosition("white"), onRoll: "white" as const, turn: "white" as const, dice: [3, 1] as const };
  return {
    ...emptyMatchView("m1"),
    status: "playing",
    players: { white: { id: "ada", name: "ada", isGuest: false, kind: "registered" }, black: { id: black, name: black, isGuest: false, kind: isComputer(black) ? "computer" : "registered" } },
    state,
    ...overrides,
  };
}

describe("checkHint", () => {
  it("lets the computer's opponent have a hint on their move", () => {
    expect(checkHint(view(COMPUTER), "ada", isComputer)).toEqual({ ok: true, value: "white" });
  });

  it("refuses a match between people, a spectator, the computer's turn, the time before the roll, and a match not in play", () => {
    expect(checkHint(view("bob"), "ada", isComputer)).toMatchObject({ code: "ERR_FORBIDDEN", values: { reason: "hint" } });
    expect(checkHint(view(COMPUTER), "eve", isComputer)).toMatchObject({ code: "ERR_NOT_A_PLAYER" });
    const computerToPlay = view(COMPUTER);
    expect(checkHint({ ...computerToPlay, state: { ...computerToPlay.state, onRoll: "black", turn: "black" } }, "ada", isComputer)).toMatchObject({ code: "ERR_WRONG_PHASE" });
    expect(checkHint({ ...computerToPlay, state: { ...computerToPlay.state, phase: "turn-start", dice: null } }, "ada", isComputer)).toMatchObject({ code: "ERR_WRONG_PHASE" });
    expect(checkHint(view(COMPUTER, { status: "finished" }), "ada", isComputer)).toMatchObject({ code: "ERR_WRONG_STATUS", values: { reason: "over" } });
    expect(checkHint(view(COMPUTER, { status: "seeding" }), "ada", isComputer)).toMatchObject({ code: "ERR_WRONG_STATUS", values: { reason: "notStarted" } });
  });
});

describe("computerSeat", () => {
  it("finds the computer by its account's kind, its level by its reserved name, and nobody in a match between people", async () => {
    const { computerSeat } = await import("./computer-seat");
    const players = (black: string, kind: AccountKind) => ({ white: { name: "ada", kind: "registered" as const }, black: { name: black, kind } });
    expect(computerSeat({ players: players("Computer (hard)", "computer") })).toEqual({ color: "black", level: "hard" });
    expect(computerSeat({ players: players("bob", "registered") })).toBeNull();
    // The kind says who is a computer, not the name.
    expect(computerSeat({ players: players("Computer (hard)", "registered") })).toBeNull();
    expect(computerSeat({ players: players("Computer (HARD)", "computer") })).toBeNull();
    expect(computerSeat({ players: { white: null, black: null } })).toBeNull();
  });
});
