import { describe, expect, it } from "vitest";
import { parseBundleV3 } from "./bundle-v3";
import { simulateMatchV3 } from "./simulate-v3";

const { bundle } = simulateMatchV3({ serverSeed: "0".repeat(63) + "1", clientSeeds: { white: "w", black: "b" }, matchLength: 2, games: 2, turnsPerGame: 4 });
const json = () => JSON.parse(JSON.stringify(bundle)) as Record<string, unknown> & { rolls: Record<string, unknown>[]; chains: Record<string, unknown> };
const problem = (input: unknown) => {
  const parsed = parseBundleV3(input);
  return parsed.ok ? "ok" : parsed.values;
};

describe("parseBundleV3 (docs/fair-dice-v3.md, section 9a)", () => {
  it("reads v2's fields as v2 does, and v3's chains and values", () => {
    const parsed = parseBundleV3({ ...json(), somethingNew: 1 });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.protocol).toBe("fair-dice-v3");
    expect(parsed.value.gameSeeds.get(2)).toBe(bundle.gameSeeds["2"]);
    expect(parsed.value.chains.get(1)).toEqual(bundle.chains["1"]);
    expect(parsed.value.rolls[0]).toMatchObject({ kind: "opening", salts: {}, values: bundle.rolls[0]!.values });
    expect(parsed.value.computer).toBeNull();
    expect("somethingNew" in parsed.value).toBe(false);
  });

  it("names the first bad field: v2's own, then v3's", () => {
    expect(problem({ ...json(), protocol: "fair-dice-v2" })).toMatchObject({ field: "bundle.protocol", problem: "protocolV3" });
    const badDie = json();
    (badDie.rolls[2]!.dice as number[])[1] = 7;
    expect(problem(badDie)).toMatchObject({ field: "bundle.rolls[2].dice[1]", problem: "die" });
    const extraKey = json();
    extraKey.rolls[1]!.values = { white: "a", grey: "b" };
    expect(problem(extraKey)).toMatchObject({ field: "bundle.rolls[1].values", problem: "salts" });
    const notText = json();
    notText.rolls[1]!.values = { black: 7 };
    expect(problem(notText)).toMatchObject({ field: "bundle.rolls[1].values.black", problem: "text" });
    expect(problem({ ...json(), chains: { "01": {} } })).toMatchObject({ field: "bundle.chains.01" });
    expect(problem({ ...json(), chains: { "4": { white: ["x"] } } })).toMatchObject({ field: "bundle.chains.4", problem: "gameSeedRange" });
    expect(problem({ ...json(), chains: { "1": { white: ["x"], grey: ["y"] } } })).toMatchObject({ field: "bundle.chains.1" });
    expect(problem({ ...json(), chains: undefined })).toMatchObject({ field: "bundle.chains" });
  });

  it("leaves the forms of heads, salts and values to the checks that name the roll", () => {
    const loose = json();
    loose.chains = { "1": { white: ["not hex"], black: ["NOT HEX"] } };
    loose.rolls[1]!.values = { black: "short" };
    expect(parseBundleV3(loose).ok).toBe(true);
  });
});
