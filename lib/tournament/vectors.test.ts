import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the published tournament-draw-v1 vectors", () => {
  it("are what scripts/tournament-draw-vectors.ts writes from the current code", () => {
    expect(execFileSync("npx", ["tsx", "scripts/tournament-draw-vectors.ts", "--check"], { encoding: "utf8" })).toMatch(/up to date/);
  });
});
