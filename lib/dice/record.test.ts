import { describe, expect, it } from "vitest";
import { checkDetail } from "@/i18n/verify-english";
import { checkRecordDice, recordFromRollLog } from "./record";
import type { BundleRoll, RecordTurn } from "./types";

// Spec section 7, check 5, with the record rules of types.ts: a voided tie is no turn, the opening roll that starts a
// game is the opener's move 1 with the dice as logged.
const rolls: BundleRoll[] = [
  { nonce: 0, game: 1, kind: "opening", player: null, dice: [2, 2] },
  { nonce: 1, game: 1, kind: "opening", player: null, dice: [3, 5] },
  { nonce: 2, game: 1, kind: "turn", player: "white", dice: [6, 6] },
  { nonce: 3, game: 2, kind: "opening", player: null, dice: [6, 1] },
  { nonce: 4, game: 2, kind: "turn", player: "black", dice: [1, 2] },
];
const record: RecordTurn[] = [
  { game: 1, player: "black", dice: [3, 5] },
  { game: 1, player: "white", dice: [6, 6] },
  { game: 2, player: "white", dice: [6, 1] },
  { game: 2, player: "black", dice: [1, 2] },
];

describe("recordFromRollLog", () => {
  it("drops the voided tie, gives the opening to the opener, numbers moves per game", () => {
    expect(recordFromRollLog(rolls)).toEqual([
      { game: 1, move: 1, nonce: 1, player: "black", dice: [3, 5] },
      { game: 1, move: 2, nonce: 2, player: "white", dice: [6, 6] },
      { game: 2, move: 1, nonce: 3, player: "white", dice: [6, 1] },
      { game: 2, move: 2, nonce: 4, player: "black", dice: [1, 2] },
    ]);
  });
});

describe("checkRecordDice (check 5)", () => {
  it("passes a matching record", () => {
    expect(checkRecordDice(rolls, record, "separate").status).toBe("passed");
  });

  const failing: [string, RecordTurn[], object, RegExp][] = [
    ["dice in the other order", record.map((t, i) => (i === 0 ? { ...t, dice: [5, 3] } : t)), { nonce: 1, game: 1, move: 1 }, /black 5-3, but the roll log gives game 1, black 3-5/],
    ["the wrong player", record.map((t, i) => (i === 3 ? { ...t, player: "white" } : t)), { nonce: 4, game: 2, move: 2 }, /white 1-2/],
    ["the voided tie recorded as a turn", [{ game: 1, player: "white", dice: [2, 2] }, ...record], { nonce: 1, game: 1, move: 1 }, /white 2-2/],
    ["a missing last turn", record.slice(0, 3), { nonce: 4, game: 2, move: 2 }, /missing from the record/],
    ["an extra turn", [...record, { game: 2, player: "white", dice: [4, 4] }], { game: 2, move: 3 }, /has no roll behind it/],
  ];
  it.each(failing)("fails: %s", (_name, bad, where, detail) => {
    const result = checkRecordDice(rolls, bad, "separate");
    expect(result).toMatchObject({ status: "failed", ...where });
    expect(checkDetail(result)).toMatch(detail);
  });
});
