import { describe, expect, it } from "vitest";
import { checkersOnBoard } from "@/lib/engine/position";
import { validatePlay } from "@/lib/engine/moves";
import type { Dice } from "@/lib/engine/types";
import { DIAGRAMS } from "./diagrams";

describe("the guide's diagrams", () => {
  it("are positions lib/engine accepts, with fifteen checkers a side at most", () => {
    for (const [name, { position }] of Object.entries(DIAGRAMS)) {
      expect(checkersOnBoard(position, "white"), name).toBeLessThanOrEqual(15);
      expect(checkersOnBoard(position, "black"), name).toBeLessThanOrEqual(15);
    }
  });

  it("show what the text says: the hit is legal and hits, the bar checker must enter, bear-offs are open", () => {
    const { hit, bar, bearOff } = DIAGRAMS;
    const hitting = validatePlay(hit.position, hit.dice as Dice, [{ from: 24, to: 18 }, { from: 13, to: 11 }]);
    expect(hitting.ok && hitting.value.moves.some((m) => m.hit)).toBe(true);
    expect(validatePlay(bar.position, bar.dice as Dice, [{ from: 13, to: 8 }, { from: 13, to: 10 }])).toMatchObject({ ok: false, code: "ERR_MUST_ENTER" });
    expect(validatePlay(bar.position, bar.dice as Dice, [{ from: 25, to: 22 }, { from: 13, to: 8 }]).ok).toBe(true);
    expect(validatePlay(bearOff.position, bearOff.dice as Dice, [{ from: 6, to: 0 }, { from: 4, to: 0 }]).ok).toBe(true);
  });
});
