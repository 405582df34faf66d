import { createTranslator } from "next-intl";
import { browserFromJson, fairDiceV3Vectors, VECTOR_KEYS_V3 } from "./vectors-v3";
import { verifyV3 } from "./verify-v3";
import { describe, expect, it } from "vitest";
import { checkDetail } from "@/i18n/verify-english";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import vectors from "./fixtures/fair-dice-v1.vectors.json";
import { simulateMatch } from "./simulate";
import type { AuditBundle, BundleRoll, CheckId, CheckResult, RecordTurn, VerifyReport } from "./types";
import { verify } from "./verify";
import { verifyV2 } from "./verify-v2";
import { fairDiceV2Vectors } from "./fixtures/v2-vectors";
import { readFileSync } from "node:fs";
import path from "node:path";
import { hexToBytes } from "@noble/hashes/utils.js";
import { verifyMat } from "../record/mat-verify";
import type { AuditBundleV2 } from "./bundle-v2";
import { signProof } from "./proof-sign";

// A protocol-true match (ties included) from the public-1 vector's seed; every tampering below starts from it.
const SEED = vectors.vectors[0]!.serverSeed;
const { bundle: honest, record: honestRecord } = simulateMatch({
  serverSeed: SEED,
  clientSeeds: vectors.vectors[0]!.clientSeeds,
  matchId: "m-honest",
  rolls: 300,
  turnsPerGame: 12,
});

/** A deep copy as plain JSON, as the verifier receives it. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function check(report: VerifyReport, id: CheckId): CheckResult {
  const found = report.checks.find((c) => c.id === id);
  if (found === undefined) throw new Error(`no check ${id}`);
  return found;
}

function statuses(report: VerifyReport): Record<string, string> {
  return Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
}

const firstTurnIndex = honest.rolls.findIndex((r, i) => r.kind === "turn" && i > 20);
const firstTieIndex = honest.rolls.findIndex((r) => r.kind === "opening" && r.dice[0] === r.dice[1]);

describe("verify: honest bundles", () => {
  it("the fixture has ties and several games (so the tampering tests mean something)", () => {
    expect(firstTieIndex).toBeGreaterThan(0);
    expect(honest.rolls.at(-1)?.game).toBeGreaterThan(3);
  });

  it("verifies a finished match with its record, every check passed, in spec order", () => {
    const report = verify(copy(honest), copy(honestRecord));
    expect(report.verdict).toBe("verified");
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ["bundle-format", "passed"],
      ["commitment", "passed"],
      ["nonce-sequence", "passed"],
      ["rolls-recomputed", "passed"],
      ["opening-resolution", "passed"],
      ["record-dice", "passed"],
    ]);
  });

  it("accepts a record embedded in the bundle under `record`", () => {
    const report = verify({ ...copy(honest), record: copy(honestRecord) });
    expect(report.verdict).toBe("verified");
    expect(checkDetail(check(report, "record-dice"))).toContain("embedded in the bundle");
  });

  it("prefers a record given separately over an embedded one", () => {
    const report = verify({ ...copy(honest), record: [] }, copy(honestRecord));
    expect(report.verdict).toBe("verified");
    expect(checkDetail(check(report, "record-dice"))).toContain("given separately");
  });

  it("is incomplete, not verified, without a record", () => {
    const report = verify(copy(honest));
    expect(report.verdict).toBe("incomplete");
    expect(check(report, "record-dice").status).toBe("skipped");
    expect(checkDetail(check(report, "record-dice"))).toContain("no game record given");
  });

  it("is not-yet-revealed while the seed is secret, and still runs checks 2, 4 and 5", () => {
    const running = simulateMatch({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, rolls: 50, revealed: false });
    const report = verify(copy(running.bundle), copy(running.record));
    expect(report.verdict).toBe("not-yet-revealed");
    expect(statuses(report)).toEqual({
      "bundle-format": "passed",
      commitment: "not-yet-revealed",
      "nonce-sequence": "passed",
      "rolls-recomputed": "not-yet-revealed",
      "opening-resolution": "passed",
      "record-dice": "passed",
    });
  });

  it("still fails a running match whose log is broken", () => {
    const running = copy({ ...honest, serverSeed: null, rolls: [...honest.rolls] });
    running.rolls.splice(5, 1);
    const report = verify(running);
    expect(report.verdict).toBe("failed");
    expect(check(report, "nonce-sequence")).toMatchObject({ status: "failed", nonce: 6 });
  });

  it("verifies a match with no rolls yet (aborted before the first roll)", () => {
    const report = verify({ ...copy(honest), rolls: [] }, []);
    expect(report.verdict).toBe("verified");
  });

  it.each(vectors.vectors)("verifies the dice of vector $label as a bundle's rolls (check 3)", (v) => {
    const bundle: AuditBundle = {
      protocol: "fair-dice-v1",
      matchId: v.label,
      commitment: v.commitment,
      serverSeed: v.serverSeed,
      clientSeeds: v.clientSeeds,
      rolls: v.rolls.map((r) => ({ nonce: r.nonce, game: 1, kind: "turn", player: "white", dice: [r.dice[0]!, r.dice[1]!] })),
    };
    const report = verify(bundle);
    expect(check(report, "commitment").status).toBe("passed");
    expect(check(report, "rolls-recomputed").status).toBe("passed");
  });
});

describe("verify: tampered bundles are caught by the right check, at the right place", () => {
  type Tamper = (b: { -readonly [K in keyof AuditBundle]: AuditBundle[K] } & { rolls: BundleRoll[] }, r: RecordTurn[]) => void;
  const i = firstTurnIndex;
  const t = firstTieIndex;
  const cases: [string, Tamper, CheckId, Partial<CheckResult>, RegExp][] = [
    [
      "a changed die",
      (b) => {
        const roll = b.rolls[i]!;
        b.rolls[i] = { ...roll, dice: [roll.dice[0], (roll.dice[1] % 6) + 1] };
      },
      "rolls-recomputed",
      { nonce: i },
      new RegExp(`nonce ${i} .* logged as \\d-\\d, but the seeds give \\d-\\d`),
    ],
    [
      "a changed seed",
      (b) => {
        b.serverSeed = `${b.serverSeed!.slice(0, -1)}${b.serverSeed!.endsWith("0") ? "1" : "0"}`;
      },
      "commitment",
      {},
      /not the published commitment/,
    ],
    ["a changed commitment", (b) => void (b.commitment = "0".repeat(64)), "commitment", {}, /not the one committed to/],
    ["a nonce gap", (b) => void b.rolls.splice(i, 1), "nonce-sequence", { nonce: i + 1 }, new RegExp(`nonce ${i} is missing`)],
    ["a nonce repeat", (b) => void b.rolls.splice(i, 0, b.rolls[i]!), "nonce-sequence", { nonce: i }, new RegExp(`nonce ${i} is used again`)],
    [
      "an opening tie treated as a start",
      (b) => {
        const reroll = b.rolls[t + 1]!;
        b.rolls[t + 1] = { ...reroll, kind: "turn", player: "white" };
      },
      "opening-resolution",
      { nonce: t + 1 },
      new RegExp(`nonce ${t} was a tie .*void and must be rolled again`),
    ],
    [
      "record dice differing from the log",
      (_b, r) => {
        const turn = r[i]!;
        r[i] = { ...turn, dice: [(turn.dice[0] % 6) + 1, turn.dice[1]] };
      },
      "record-dice",
      { game: honestRecord[i]!.game },
      /the game record has .* but the roll log gives/,
    ],
    ["an extra record turn", (_b, r) => void r.push({ game: 99, player: "white", dice: [1, 2] }), "record-dice", { game: 99 }, /has no roll behind it/],
    [
      "a missing record turn",
      (_b, r) => void r.pop(),
      "record-dice",
      { nonce: honest.rolls.length - 1 },
      /is missing from the record/,
    ],
  ];

  it.each(cases)("%s", (_name, tamper, id, where, detail) => {
    const bundle = copy(honest) as Parameters<Tamper>[0];
    const record = copy(honestRecord);
    tamper(bundle, record);
    const report = verify(bundle, record);
    expect(report.verdict).toBe("failed");
    const failed = check(report, id);
    expect(failed.status).toBe("failed");
    expect(failed).toMatchObject(where);
    expect(checkDetail(failed)).toMatch(detail);
  });

  it("a changed die leaves the other checks of the bundle passing", () => {
    const bundle = copy(honest) as Parameters<Tamper>[0];
    const roll = bundle.rolls[i]!;
    bundle.rolls[i] = { ...roll, dice: [roll.dice[0], (roll.dice[1] % 6) + 1] };
    expect(statuses(verify(bundle))).toMatchObject({ commitment: "passed", "nonce-sequence": "passed", "opening-resolution": "passed" });
  });

  it("the record check names game, move and nonce of a differing turn", () => {
    const record = copy(honestRecord);
    const turn = record[i]!;
    record[i] = { ...turn, player: turn.player === "white" ? "black" : "white" };
    // Expected by counting: the move is the turn's place within its game, the nonce that of the i-th roll which is
    // not a voided tie.
    const move = honestRecord.slice(0, i + 1).filter((x) => x.game === turn.game).length;
    const nonce = honest.rolls.filter((r) => !(r.kind === "opening" && r.dice[0] === r.dice[1]))[i]!.nonce;
    expect(check(verify(copy(honest), record), "record-dice")).toMatchObject({ game: turn.game, move, nonce });
  });
});

describe("verify: every result words its detail in every language", () => {
  const english = MESSAGES.en.verifyReport.detail as Record<string, string>;
  const failureKeys = Object.keys(english).filter((key) => key.startsWith("fail")).sort();
  type Bundle = Parameters<Tamper>[0];
  type Tamper = (b: { -readonly [K in keyof AuditBundle]: AuditBundle[K] } & { rolls: BundleRoll[] }, r: RecordTurn[]) => unknown;
  const i = firstTurnIndex;
  const t = firstTieIndex;
  const flip = (player: "white" | "black" | null) => (player === "white" ? "black" : "white");
  // A turn roll right after another turn roll of its game (so flipping its player breaks alternation, not the
  // first-turn rule), and the first turn roll after a game's starting opening roll.
  const alternating = honest.rolls.findIndex((r, k) => k > 0 && r.kind === "turn" && honest.rolls[k - 1]!.kind === "turn");
  const firstTurn = honest.rolls.findIndex((r, k) => k > 0 && r.kind === "turn" && honest.rolls[k - 1]!.kind === "opening");
  const otherDie = (roll: BundleRoll): BundleRoll => ({ ...roll, dice: [roll.dice[0], (roll.dice[1] % 6) + 1] });
  // Each tampering, run through verify: the bundle (or the value given instead of one) and the record.
  const tampers: [string, Tamper | (() => [unknown, unknown])][] = [
    ["not a bundle", () => [{ protocol: "fair-dice-v0" }, undefined]],
    ["a changed commitment", (b) => (b.commitment = "0".repeat(64))],
    ["one nonce missing", (b) => b.rolls.splice(i, 1)],
    ["three nonces missing", (b) => b.rolls.splice(i, 3)],
    ["a nonce repeated", (b) => b.rolls.splice(i, 0, b.rolls[i]!)],
    ["one changed die", (b) => (b.rolls[i] = otherDie(b.rolls[i]!))],
    ["two changed dice", (b) => ((b.rolls[i] = otherDie(b.rolls[i]!)), (b.rolls[i + 1] = otherDie(b.rolls[i + 1]!)))],
    ["a skipped game number", (b) => b.rolls.forEach((r, k) => k >= t && (b.rolls[k] = { ...r, game: r.game + 1 }))],
    ["a tie followed by the next game", (b) => b.rolls.forEach((r, k) => k > t && (b.rolls[k] = { ...r, game: r.game + 1 }))],
    ["an opening roll with a roller", (b) => (b.rolls[t] = { ...b.rolls[t]!, player: "white" })],
    ["an opening roll after the start", (b) => (b.rolls[firstTurn] = { ...b.rolls[firstTurn]!, kind: "opening", player: null })],
    ["a turn roll without a player", (b) => (b.rolls[i] = { ...b.rolls[i]!, player: null })],
    ["a game beginning with a turn roll", (b) => (b.rolls[0] = { ...b.rolls[0]!, kind: "turn", player: "white" })],
    ["a tie treated as a start", (b) => (b.rolls[t + 1] = { ...b.rolls[t + 1]!, kind: "turn", player: "white" })],
    ["the opener rolling the first turn", (b) => (b.rolls[firstTurn] = { ...b.rolls[firstTurn]!, player: flip(b.rolls[firstTurn]!.player) })],
    ["a player rolling twice", (b) => (b.rolls[alternating] = { ...b.rolls[alternating]!, player: flip(b.rolls[alternating]!.player) })],
    ["a final tie with no reroll", (b) => b.rolls.splice(t + 1)],
    ["an unreadable record", () => [copy(honest), "not a record"]],
    ["an unreadable embedded record", () => [{ ...copy(honest), record: [{ game: "one" }] }, undefined]],
    ["an extra record turn", (_b, r) => r.push({ game: 99, player: "white", dice: [1, 2] })],
    ["a missing record turn", (_b, r) => r.pop()],
    ["a record turn with other dice", (_b, r) => (r[i] = { ...r[i]!, dice: [(r[i]!.dice[0] % 6) + 1, r[i]!.dice[1]] })],
    ["a record embedded in the bundle, a turn short", () => [{ ...copy(honest), record: honestRecord.slice(0, -1) }, undefined]],
  ];
  const v2Others: VerifyReport[] = [];
  const reports = tampers.map(([name, tamper]): [string, VerifyReport] => {
    if (tamper.length === 0) {
      const [bundle, record] = (tamper as () => [unknown, unknown])();
      return [name, verify(bundle, record)];
    }
    const bundle = copy(honest) as Bundle;
    const record = copy(honestRecord);
    tamper(bundle, record);
    return [name, verify(bundle, record)];
  });
  // fair-dice-v2: the published vectors' bundles, played and tampered, each with the salts a browser kept if any.
  const v2Vectors = fairDiceV2Vectors();
  const keys = v2Vectors.keys.keys;
  for (const vector of v2Vectors.bundles) {
    const browser = vector.browserSalts && { player: vector.browserSalts.player, salts: new Map(Object.entries(vector.browserSalts.salts).map(([n, s]) => [Number(n), s])) };
    const report = verifyV2(vector.bundle, vector.record, { browser, keys });
    if (report.verdict === "failed") reports.push([`v2 ${vector.label}`, report]);
    else v2Others.push(report);
  }
  // fair-dice-v3: the published vectors' bundles the same way, with what a browser kept where the vector has it.
  const v3Bundles = fairDiceV3Vectors().bundles;
  for (const vector of v3Bundles) {
    const report = verifyV3(vector.bundle, vector.record, { keys: VECTOR_KEYS_V3, ...(vector.browser && { browser: browserFromJson(vector.browser) }) });
    if (report.verdict === "failed") reports.push([`v3 ${vector.label}`, report as unknown as VerifyReport]);
    else v2Others.push(report as unknown as VerifyReport);
  }
  // Heads for a game two past the last one rolled: no game's heads come before its turn to start.
  const v3Finished = v3Bundles.find((vector) => vector.label === "finished")!;
  const early = copy(v3Finished.bundle) as { chains: Record<string, unknown>; rolls: { game: number }[] };
  early.chains[String(early.rolls.at(-1)!.game + 2)] = { white: ["0".repeat(64)], black: ["1".repeat(64)] };
  reports.push(["v3 heads two games early", verifyV3(early, v3Finished.record, { keys: VECTOR_KEYS_V3 }) as unknown as VerifyReport]);
  // Ends that do not add up (signed after the change, so that only completeness can tell), and .mat files whose proof
  // lines or moves cannot be read.
  const finished = v2Vectors.bundles.find((vector) => vector.label === "finished")!;
  const base = finished.bundle as AuditBundleV2;
  const reSigned = (change: Partial<AuditBundleV2>) => signProof({ ...base, ...change }, hexToBytes(v2Vectors.signingKey.privateKey));
  const endCases: [string, AuditBundleV2][] = [
    ["an end with the seed not revealed", reSigned({ serverSeed: null })],
    ["an end one game short", reSigned({ end: { ...base.end!, games: 2 } })],
    ["a finished end with no winner", reSigned({ end: { ...base.end!, winner: null } })],
    ["a finished end short of the match length", reSigned({ end: { ...base.end!, score: { white: 2, black: 1 } } })],
  ];
  for (const [name, bundle] of endCases) reports.push([name, verifyV2(bundle, finished.record, { keys })]);
  const mat = readFileSync(path.join(import.meta.dirname, "..", "record", "fixtures", "exported.mat"), "utf8");
  const seedLine = /^; \[FairDice GameSeed [^\n]*\n/m.exec(mat)![0];
  const matCases: [string, string][] = [
    ["a .mat with a proof line repeated", mat.replace(seedLine, seedLine + seedLine)],
    ["a .mat whose moves the rules refuse", mat.replace(/^( {2}2\) )(\d)(\d):/m, (_, head: string, a: string, b: string) => `${head}${a === "6" ? "5" : "6"}${b}:`)],
  ];
  for (const [name, text] of matCases) {
    const checked = verifyMat(text, { keys });
    if (checked.ok) reports.push([name, checked.value]);
  }
  // The passing, waiting and skipped outcomes too, so "every result" covers them.
  const others: VerifyReport[] = [verify(copy(honest), copy(honestRecord)), verify(copy(honest)), verify({ ...copy(honest), serverSeed: null }), ...v2Others];

  it("each tampering fails the report", () => {
    for (const [name, report] of reports) expect(report.verdict, name).toBe("failed");
  });

  it("the tamperings reach every kind of failure the messages know, and every failure's key is a failure message", () => {
    const seen = new Set(reports.flatMap(([, r]) => r.checks.filter((c) => c.status === "failed").map((c) => c.say.key)));
    expect([...seen].sort()).toEqual(failureKeys);
  });

  it.each(LOCALES)("%s words every result of these reports, with all its values", (locale) => {
    const problems: string[] = [];
    const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "verifyReport.detail", onError: (e) => problems.push(e.message) });
    const detail = MESSAGES[locale].verifyReport.detail as Record<string, string>;
    for (const report of [...reports.map(([, r]) => r), ...others]) {
      for (const check of report.checks) {
        expect(detail[check.say.key], `${locale}: verifyReport.detail.${check.say.key}`).toBeTypeOf("string");
        const worded = t(check.say.key as never, check.say.values as never);
        expect(worded).not.toMatch(/[{}]/);
        // Every value the verifier hands over shows up in the sentence (dice "6-1", nonces, seeds, a bad field's
        // path), except the words a translation selects on.
        for (const [name, value] of Object.entries(check.say.values)) {
          if (["player", "opener", "next", "recordPlayer", "logPlayer", "source", "kind", "problem", "reason", "winner", "seat", "computer", "roller", "browser"].includes(name)) continue;
          // A count of 0 or 1 may be said in words by the plural's own branch ("nonce 8 is missing", "no game").
          if (typeof value === "number" && value <= 1 && ["missing", "rolls", "games", "count", "waiting", "wrong", "more", "known"].includes(name)) continue;
          expect(worded, `${locale} ${check.say.key}.${name}`).toContain(String(value));
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
