import { describe, expect, it } from "vitest";
import { validatePlay } from "@/lib/engine/moves";
import { initialPosition } from "@/lib/engine/position";
import { replayFrames } from "./replay";

describe("replayFrames", () => {
  it("passes through each step of a play and ends where the play ends, hits included", () => {
    const start = initialPosition("white");
    const play = validatePlay(start, [6, 1], [{ from: 13, to: 7 }, { from: 8, to: 7 }]);
    if (!play.ok) throw new Error(play.code);
    const frames = replayFrames(start, "white", play.value.moves);
    expect(frames).toHaveLength(2);
    expect(frames[0]!.white[12]).toBe(4); // one checker has left the 13 point
    expect(frames[0]!.white[6]).toBe(1);
    expect(frames[1]!.white).toEqual(play.value.result.white);
    expect(frames[1]!.black).toEqual(play.value.result.black);
  });

  it("shows a hit as it happens: the hit checker goes to the bar on its step", () => {
    // White's blot on its 24 point would be black's 1: black hits it coming in with a 6 from its 7 point.
    const start = { white: [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0], black: [0, 0, 0, 0, 0, 5, 1, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0], turn: "black" as const };
    const play = validatePlay(start, [6, 5], [{ from: 7, to: 1 }, { from: 13, to: 8 }]);
    if (!play.ok) throw new Error(`${play.code} ${JSON.stringify(play.values)}`);
    const frames = replayFrames(start, "black", play.value.moves);
    expect(frames[0]!.white[24]).toBe(1);
    expect(frames.at(-1)!.black).toEqual(play.value.result.black);
  });
});
