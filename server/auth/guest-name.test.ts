import { describe, expect, it } from "vitest";
import { parseUsername } from "./account-rules";
import { fallbackGuestName, guestName } from "./guest-name";

/** A "random" source that always answers max - 1, or 0: the longest and the first words of each list. */
const highest = (max: number) => max - 1;
const lowest = () => 0;

describe("guest names", () => {
  it("read like guest-amber-otter-10", () => {
    expect(guestName(lowest)).toBe("guest-amber-otter-10");
    expect(guestName(highest)).toBe("guest-swift-bison-99");
  });

  it("are valid usernames (a guest may keep its name) for every word", () => {
    for (let a = 0; a < 32; a += 1) {
      for (let b = 0; b < 32; b += 1) {
        const picks = [a, b, 89];
        const name = guestName(() => picks.shift() ?? 0);
        expect(name.length).toBeLessThanOrEqual(20);
        expect(parseUsername(name, { allowGuestPrefix: true })).toEqual({ ok: true, value: name });
      }
    }
  });

  it("fall back to 14 hex digits, still a valid 20-character username", () => {
    const name = fallbackGuestName(highest);
    expect(name).toBe("guest-ffffffffffffff");
    expect(parseUsername(name, { allowGuestPrefix: true }).ok).toBe(true);
  });

  it("refuse a random source that answers out of range", () => {
    expect(() => guestName((max) => max)).toThrow(/out of range/);
  });
});
