import { describe, expect, it } from "vitest";
import { parseBundle, type FieldProblem } from "./bundle-schema";
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

  // Expected field names follow the bundle shape of spec section 6; the problem is a key the report words
  // (verifyReport.detail.failBundle: "bundle.rolls[0].dice[1] must be a die from 1 to 6").
  const roll = good.rolls[0]!;
  const field = (path: string, problem: FieldProblem) => ({ reason: "field", field: path, problem });
  const notObject = { reason: "notObject" };
  const malformed: [string, unknown, Record<string, string>][] = [
    ["null", null, notObject],
    ["nothing", undefined, notObject],
    ["a string", "fair-dice-v1", notObject],
    ["a number", 5, notObject],
    ["an array", [], notObject],
    ["another protocol", { ...good, protocol: "fair-dice-v3" }, field("bundle.protocol", "protocolV1")],
    ["a missing commitment", { ...good, commitment: undefined }, field("bundle.commitment", "missing")],
    ["an uppercase commitment", { ...good, commitment: good.commitment.toUpperCase() }, field("bundle.commitment", "hex64")],
    ["a missing serverSeed (null is how 'not revealed' is written)", { ...good, serverSeed: undefined }, field("bundle.serverSeed", "missing")],
    ["a short serverSeed", { ...good, serverSeed: "abc" }, field("bundle.serverSeed", "hex64")],
    ["a client seed with a colon", { ...good, clientSeeds: { white: "a:b", black: "c" } }, field("bundle.clientSeeds.white", "clientSeed")],
    ["a missing black seed", { ...good, clientSeeds: { white: "a" } }, field("bundle.clientSeeds.black", "missing")],
    ["rolls not a list", { ...good, rolls: {} }, field("bundle.rolls", "rolls")],
    ["a die of 7", { ...good, rolls: [{ ...roll, dice: [3, 7] }] }, field("bundle.rolls[0].dice[1]", "die")],
    ["three dice", { ...good, rolls: [{ ...roll, dice: [3, 5, 1] }] }, field("bundle.rolls[0].dice", "twoDice")],
    ["a fractional nonce", { ...good, rolls: [{ ...roll, nonce: 0.5 }] }, field("bundle.rolls[0].nonce", "wholeNumber")],
    ["a nonce beyond exact integers (2^60)", { ...good, rolls: [{ ...roll, nonce: 2 ** 60 }] }, field("bundle.rolls[0].nonce", "wholeNumber")],
    ["game 0", { ...good, rolls: [{ ...roll, game: 0 }] }, field("bundle.rolls[0].game", "firstGame")],
    ["an unknown kind", { ...good, rolls: [{ ...roll, kind: "double" }] }, field("bundle.rolls[0].kind", "rollKind")],
    ["an unknown player", { ...good, rolls: [{ ...roll, player: "red" }] }, field("bundle.rolls[0].player", "color")],
  ];
  it.each(malformed)("%s: verify reports a failed bundle format naming the field, without throwing", (_name, input, values) => {
    const report = verify(input);
    expect(report.verdict).toBe("failed");
    expect(report.checks[0]).toMatchObject({ id: "bundle-format", status: "failed", say: { key: "failBundle", values } });
    expect(report.checks.slice(1).map((c) => c.status)).toEqual(["skipped", "skipped", "skipped", "skipped", "skipped"]);
  });

  it("counts the problems after the first", () => {
    const parsed = parseBundle({ ...good, protocol: "x", matchId: 7 });
    expect(parsed).toEqual({ ok: false, code: "ERR_BUNDLE_FORMAT", values: { reason: "field", field: "bundle.protocol", problem: "protocolV1", more: 1 } });
  });

  it("a malformed record fails check 5 naming the field, and the bundle checks still run", () => {
    const report = verify(good, [{ game: 1, player: "blue", dice: [3, 5] }]);
    expect(report.checks.find((c) => c.id === "commitment")?.status).toBe("passed");
    const record = report.checks.find((c) => c.id === "record-dice");
    expect(record).toMatchObject({ status: "failed", say: { key: "failRecordUnreadable", values: { reason: "field", field: "record[0].player", problem: "color", source: "separate" } } });
  });
});
