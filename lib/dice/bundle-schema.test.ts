import { describe, expect, it } from "vitest";
import { checkDetail } from "@/i18n/verify-english";
import { parseBundle } from "./bundle-schema";
import { verify } from "./verify";

const good = {
  protocol: "fair-dice-v1",
  matchId: "m1",
  commitment: "c386d8e8d07342f2e39e189c8e6c57bb205bb373fe4e3a6f69404a8bb767b417",
  serverSeed: "0000000000000000000000000000000000000000000000000000000000000001",
  clientSeeds: { white: "a", black: "b" },
  rolls: [{ nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 5] }],
};

describe("bundle format", () => {
  it("accepts a well-formed bundle and ignores unknown fields", () => {
    const parsed = parseBundle({ ...good, extra: { anything: true } });
    expect(parsed.ok && parsed.value.matchId).toBe("m1");
  });

  // Expected field names follow the bundle shape of spec section 6.
  const roll = good.rolls[0]!;
  const malformed: [string, unknown, string][] = [
    ["null", null, "The bundle must be a JSON object."],
    ["nothing", undefined, "The bundle must be a JSON object."],
    ["a string", "fair-dice-v1", "The bundle must be a JSON object."],
    ["a number", 5, "The bundle must be a JSON object."],
    ["an array", [], "The bundle must be a JSON object."],
    ["another protocol", { ...good, protocol: "fair-dice-v3" }, 'bundle.protocol must be "fair-dice-v1"'],
    ["a missing commitment", { ...good, commitment: undefined }, "bundle.commitment is missing"],
    ["an uppercase commitment", { ...good, commitment: good.commitment.toUpperCase() }, "bundle.commitment must be 64 lowercase hex"],
    ["a missing serverSeed (null is how 'not revealed' is written)", { ...good, serverSeed: undefined }, "bundle.serverSeed is missing"],
    ["a short serverSeed", { ...good, serverSeed: "abc" }, "bundle.serverSeed must be 64 lowercase hex"],
    ["a client seed with a colon", { ...good, clientSeeds: { white: "a:b", black: "c" } }, "bundle.clientSeeds.white must be 1 to 64"],
    ["a missing black seed", { ...good, clientSeeds: { white: "a" } }, "bundle.clientSeeds.black is missing"],
    ["rolls not a list", { ...good, rolls: {} }, "bundle.rolls must be a list of rolls"],
    ["a die of 7", { ...good, rolls: [{ ...roll, dice: [3, 7] }] }, "bundle.rolls[0].dice[1] must be a die from 1 to 6"],
    ["three dice", { ...good, rolls: [{ ...roll, dice: [3, 5, 1] }] }, "bundle.rolls[0].dice must be a list of two dice"],
    ["a fractional nonce", { ...good, rolls: [{ ...roll, nonce: 0.5 }] }, "bundle.rolls[0].nonce must be a whole number"],
    ["a nonce beyond exact integers (2^60)", { ...good, rolls: [{ ...roll, nonce: 2 ** 60 }] }, "bundle.rolls[0].nonce must be a whole number"],
    ["game 0", { ...good, rolls: [{ ...roll, game: 0 }] }, "bundle.rolls[0].game must be a game number from 1 up"],
    ["an unknown kind", { ...good, rolls: [{ ...roll, kind: "double" }] }, 'bundle.rolls[0].kind must be "opening" or "turn"'],
    ["an unknown player", { ...good, rolls: [{ ...roll, player: "red" }] }, 'bundle.rolls[0].player must be "white" or "black"'],
  ];
  it.each(malformed)("%s: verify reports a failed bundle format naming the field, without throwing", (_name, input, message) => {
    const report = verify(input);
    expect(report.verdict).toBe("failed");
    expect(report.checks[0]).toMatchObject({ id: "bundle-format", status: "failed" });
    expect(checkDetail(report.checks[0]!)).toContain(message);
    expect(report.checks.slice(1).map((c) => c.status)).toEqual(["skipped", "skipped", "skipped", "skipped", "skipped"]);
  });

  it("a malformed record fails check 5 naming the field, and the bundle checks still run", () => {
    const report = verify(good, [{ game: 1, player: "blue", dice: [3, 5] }]);
    expect(report.checks.find((c) => c.id === "commitment")?.status).toBe("passed");
    const record = report.checks.find((c) => c.id === "record-dice");
    expect(record?.status).toBe("failed");
    expect(checkDetail(record!)).toContain('record[0].player must be "white" or "black"');
  });
});
