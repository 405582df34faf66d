import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BearoffDatabase } from "@/lib/analysis/bearoff-database";
import { bearoffFilePath, loadBearoffDatabase } from "./bearoff-file";

describe("the committed bear-off database file", () => {
  it("is byte for byte what `npm run build:bearoff` writes from the current code (it cannot go stale)", () => {
    const committed = readFileSync(bearoffFilePath());
    const fresh = BearoffDatabase.build().toBytes();
    expect(committed.byteLength).toBe(fresh.byteLength);
    expect(Buffer.from(fresh).equals(committed)).toBe(true);
  });

  it("loads once and answers lookups", () => {
    const db = loadBearoffDatabase();
    expect(loadBearoffDatabase()).toBe(db);
    // One checker on the 5-point: off in one roll except with 1-1, 2-1 and 3-1 (by hand: 31/36, 5/36).
    expect(db.distribution([0, 0, 0, 0, 1, 0])).toEqual([31 / 36, 5 / 36]);
  });
});
