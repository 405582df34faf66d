// The stored-event schemas read what the log holds, old events included: an `ended` event written before issue 28
// carries an English `detail`, which the log keeps (it is append-only) and a rebuilt match no longer has.
import { describe, expect, it } from "vitest";
import { endedEventSchema } from "./event-schemas";
import { emptyMatchView, evolve } from "./view";

describe("the ended event's schema", () => {
  const ended = { type: "ended", reason: "abandoned", winner: "white", serverSeed: "s".repeat(64), at: 9000 } as const;

  it("reads an event as decide writes it now, without a sentence", () => {
    expect(endedEventSchema.parse(ended)).toEqual(ended);
  });

  it("accepts an old event's detail and drops it, so no view or page ever sees it", () => {
    const old = { ...ended, detail: "Black left and did not come back within 5 minutes; alice wins the match." };
    const parsed = endedEventSchema.parse(old);
    expect(parsed).toEqual(ended);
    expect(evolve(emptyMatchView("m1"), parsed).ended).toEqual({ reason: "abandoned", winner: "white", serverSeed: ended.serverSeed });
  });

  it("still refuses an old event whose detail is all it has", () => {
    expect(endedEventSchema.safeParse({ type: "ended", reason: "finished", winner: "white", detail: "White won." }).success).toBe(false);
  });
});
