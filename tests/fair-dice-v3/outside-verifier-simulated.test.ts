/**
 * The outside fair-dice-v3 verifier (outside-verifier.ts, written from docs/fair-dice-v3.md alone) agrees with
 * lib/dice's verifyV3 on matches simulated from fresh random seeds: signed and unsigned, between people and against
 * the computer, running, with a chain renewed past M, with either browser's kept values, and with one random thing
 * changed — by an outsider, or by the site re-signing. Verdict, failed checks, failures and game verdicts.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { proofKeyEntry, proofPublicKeyOf, signSimulatedV3, simulateMatchV3, verifyV3, type AuditBundleV3, type SimulatedV3 } from "@/lib/dice";
import { browserJson } from "@/lib/dice/vectors-v3";
import { comparableFailures, outsideVerify, type OutsideBrowser } from "./outside-verifier";

const KEY = randomBytes(32);
const keys = [proofKeyEntry(proofPublicKeyOf(KEY), "2026-12-07T00:00:00.000Z")];
const fresh = () => randomBytes(32).toString("hex");

function agree(bundle: unknown, record: unknown, browser?: SimulatedV3["browsers"]["white"]) {
  const json = JSON.parse(JSON.stringify(bundle)) as unknown;
  const ours = verifyV3(json, record, { keys, ...(browser && { browser }) });
  const theirs = outsideVerify(json, { record, keys, ...(browser && { browser: browserJson(browser) as OutsideBrowser }) });
  const failures = ours.checks.filter((c) => c.status === "failed").map((c) => ({
    check: c.id,
    ...(c.game !== undefined && { game: c.game }),
    ...(c.nonce !== undefined && { nonce: c.nonce }),
    ...(typeof c.say.values.player === "string" && c.say.values.player !== "none" && { player: c.say.values.player }),
  }));
  expect(theirs.checks).toEqual(ours.checks.map((c) => ({ id: c.id, status: c.status })));
  expect(theirs.verdict).toBe(ours.verdict);
  expect(theirs.games).toEqual(Object.fromEntries(ours.games.map((g) => [String(g.game), g.verdict])));
  expect(comparableFailures(theirs.failures)).toEqual(comparableFailures(failures));
  return ours.verdict;
}

type Json = Omit<AuditBundleV3, "rolls" | "chains"> & { rolls: { nonce: number; game: number; kind: "opening" | "turn"; player: "white" | "black" | null; salts: Record<string, string>; values: Record<string, string>; dice: [number, number] }[]; chains: Record<string, Record<string, string[]>> };

describe("the outside verifier and verifyV3 on simulated matches", () => {
  it("agree on played, running and computer matches, with and without a browser's values", () => {
    for (const computer of [undefined, "white", "black"] as const) {
      const options = { serverSeed: fresh(), clientSeeds: { white: "w1", black: "b-2" }, matchLength: 3, games: 3, turnsPerGame: 9, computer };
      const played = simulateMatchV3(options);
      expect(agree(signSimulatedV3(played, { privateKey: KEY }), played.record)).toBe("verified");
      expect(agree(played.bundle, played.record)).toBe("incomplete");
      for (const browser of Object.values(played.browsers)) expect(agree(signSimulatedV3(played, { privateKey: KEY }), played.record, browser)).toBe("verified");
      const running = simulateMatchV3({ ...options, endedGames: 2, revealed: false });
      expect(agree(signSimulatedV3(running, { privateKey: KEY, end: null }), running.record)).toBe("not-yet-revealed");
    }
  });

  it("agree on a game whose chains are renewed past M values", () => {
    const long = simulateMatchV3({ serverSeed: fresh(), clientSeeds: { white: "w", black: "b" }, matchLength: 1, games: 1, turnsPerGame: 2060 });
    expect(agree(signSimulatedV3(long, { privateKey: KEY }), long.record, long.browsers.black)).toBe("verified");
    const cut = JSON.parse(JSON.stringify(long.bundle)) as Json;
    cut.chains["1"]!.black = cut.chains["1"]!.black!.slice(0, 1);
    expect(agree(signSimulatedV3({ bundle: cut, record: long.record }, { privateKey: KEY }), long.record)).toBe("failed");
  });

  it("agree on 80 matches with one random thing changed", () => {
    const played = simulateMatchV3({ serverSeed: fresh(), clientSeeds: { white: "w", black: "b" }, matchLength: 3, games: 3, turnsPerGame: 7, computer: "white" });
    const signed = signSimulatedV3(played, { privateKey: KEY });
    const pick = <T>(list: readonly T[]): T => list[randomBytes(1)[0]! % list.length]!;
    const edits: ((b: Json) => void)[] = [
      (b) => {
        const roll = pick(b.rolls);
        const color = pick(Object.keys(roll.values));
        roll.values[color] = fresh();
      },
      (b) => {
        const roll = pick(b.rolls.filter((r) => r.kind === "turn"));
        roll.salts[roll.player!] = fresh().slice(0, 32);
      },
      (b) => {
        const roll = pick(b.rolls);
        roll.dice = [roll.dice[0], (roll.dice[1] % 6) + 1];
      },
      (b) => {
        const game = pick(Object.keys(b.chains));
        b.chains[game] = { ...b.chains[game], black: [fresh()] };
      },
      (b) => {
        const roll = pick(b.rolls);
        [roll.values, roll.salts] = [roll.salts, roll.values];
      },
      (b) => {
        delete (b as { computer?: unknown }).computer;
      },
      (b) => {
        b.rolls.pop();
      },
    ];
    for (let run = 0; run < 80; run++) {
      const edited = JSON.parse(JSON.stringify(signed)) as Json;
      pick(edits)(edited);
      agree(edited, played.record, played.browsers.black);
      if (run % 2 === 0) agree(signSimulatedV3({ bundle: edited, record: played.record }, { privateKey: KEY }), played.record, played.browsers.black);
    }
  });

  it("agree, and neither throws, on 300 bundles with one field replaced by a value of another kind", () => {
    const played = simulateMatchV3({ serverSeed: fresh(), clientSeeds: { white: "w", black: "b" }, matchLength: 2, games: 2, turnsPerGame: 5, computer: "black" });
    const signed = signSimulatedV3(played, { privateKey: KEY });
    const replacements: unknown[] = [null, 0, -1, 1.5, 7, "", "x".repeat(70), "A".repeat(64), fresh(), [], {}, [1], { white: 1 }, { white: "a" }, true];
    for (let run = 0; run < 300; run++) {
      const edited = JSON.parse(JSON.stringify(signed)) as unknown;
      let node = edited as Record<string, unknown>;
      for (let depth = 0; depth < 4; depth++) {
        const keys = Object.keys(node);
        if (keys.length === 0) break;
        const key = keys[randomBytes(1)[0]! % keys.length]!;
        const child = node[key];
        if (depth === 3 || typeof child !== "object" || child === null || randomBytes(1)[0]! % 3 === 0) {
          node[key] = replacements[randomBytes(1)[0]! % replacements.length];
          break;
        }
        node = child as Record<string, unknown>;
      }
      agree(edited, played.record, played.browsers.white);
    }
  });
});
