import * as crypto from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { opponentOf } from "../engine/types";
import { parseRecord } from "./bundle-schema";
import { parseBundleV2, parseBundleV2Fully, type ParsedBundleV2 } from "./bundle-v2";
import { parseBundleV3, parseBundleV3Stepwise, sharedV2View, v2FieldsOf, type ParsedBundleV3 } from "./bundle-v3";
import { CHAIN_VALUE_PATTERN, isChainValue } from "./chain-values";
import { nobleHashes, nodeBackend, type HashBackend } from "./hash-backend";
import { checkOpeningResolution } from "./opening-check";
import { resolveOpening } from "./opening";
import { proofKeyEntry } from "./proof-keys";
import { proofPublicKeyOf } from "./proof-sign";
import { proofStatement, proofStatementBytes, proofStatementLines } from "./proof-statement";
import { proofStatementBytesV3, proofStatementLinesV3, proofStatementV3 } from "./proof-statement-v3";
import { checkRecordDice, checkRecordInput, recordCheckWithout, showDice, type RecordInput } from "./record";
import { diceFromBlock, diceFromByteStream } from "./roll";
import { createRollerV3 } from "./roll-v3";
import { isSalt, SALT_PATTERN } from "./salt";
import { createSaltedRoller } from "./salted-roll";
import { signSimulated, simulateMatchV2 } from "./simulate-v2";
import { signSimulatedV3, simulateMatchV3 } from "./simulate-v3";
import type { BundleRoll, CheckResult, SeatColor } from "./types";
import { nodeBuffers, Utf8Writer } from "./utf8-writer";
import { verifyV3 } from "./verify-v3";

// The verifiers read 10,000 rolls by hand and write their statements as bytes; each fast path must give exactly what
// the plain path it stands in for gives — zod's parse, the record check over two lists, the statement as text.

const KEY = sha256(utf8ToBytes("verifier-fast-paths.test key"));
const KEYS = [proofKeyEntry(proofPublicKeyOf(KEY), "2026-12-07T00:00:00.000Z")];
const MATCH = { serverSeed: "f3a1c2d4e5b6978812345678abcdef0123456789abcdef0123456789abcdef01", clientSeeds: { white: "w", black: "b" }, matchId: "t", matchLength: 3, games: 2, turnsPerGame: 5 } as const;
const v3 = signSimulatedV3(simulateMatchV3(MATCH), { privateKey: KEY });
const v3Computer = signSimulatedV3(simulateMatchV3({ ...MATCH, computer: "black" }), { privateKey: KEY });
const v2Simulated = simulateMatchV2(MATCH);
const v2 = signSimulated(v2Simulated, { privateKey: KEY });

type Json = Record<string, unknown> & { rolls: Record<string, unknown>[] };
const copy = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;
/** A result as JSON with its key order, Maps and undefined kept, so that two results compare exactly. */
const exact = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { map: [...v] } : v === undefined ? "(undefined)" : typeof v === "number" && !Number.isFinite(v) ? `(${v})` : v));

/** Values no well-formed field has, and some that are well formed for one field or another. */
const ODD: unknown[] = [
  undefined, null, "", "x", "é", "\ud800", 1.5, -1, 0, 1, 6, 7, NaN, Infinity, 2 ** 53, -0, true, [], {}, [1], [1, 2, 3], ["1", "2"], [1, 2], [6, 6], [1, 2.5],
  { white: 1 }, { white: "a" }, { black: "b" }, { white: "a", black: "b" }, { white: "a", extra: "b" }, { white: undefined },
  JSON.parse('{"__proto__": "x"}'), Object.create({ white: "inherited" }), Object.create({ extra: "inherited" }), "opening", "turn", "white", "black", "0".repeat(64),
];

/** `bundle` with one field of one roll, or of the bundle, set to each odd value (or deleted for undefined). */
function variants(bundle: unknown): [string, unknown][] {
  const out: [string, unknown][] = [["as made", bundle]];
  const set = (target: Record<string, unknown>, field: string, value: unknown) => (value === undefined ? delete target[field] : (target[field] = value));
  const rolls = copy(bundle).rolls.length;
  for (const [i, value] of ODD.entries()) {
    for (const roll of [0, 1, rolls - 1]) {
      for (const field of ["nonce", "game", "kind", "player", "salts", "dice", "values", "extra"]) {
        const b = copy(bundle);
        set(b.rolls[roll]!, field, value);
        out.push([`rolls[${roll}].${field} = ODD[${i}]`, b]);
      }
      for (const [field, seat] of [["salts", "white"], ["salts", "black"], ["values", "white"], ["values", "black"]] as const) {
        const b = copy(bundle);
        const inner = b.rolls[roll]![field] as Record<string, unknown> | undefined;
        if (inner === undefined) continue;
        set(inner, seat, value);
        out.push([`rolls[${roll}].${field}.${seat} = ODD[${i}]`, b]);
      }
    }
    for (const field of ["rolls", "recordLines", "chains", "matchLength", "gameSeeds", "signature", "commitment", "matchId"]) {
      const b = copy(bundle);
      set(b, field, value);
      out.push([`${field} = ODD[${i}]`, b]);
      // Further bad rolls beside it: `more` counts every issue.
      const worse = copy(b);
      if (Array.isArray(worse.rolls) && worse.rolls.length > 3) {
        worse.rolls[2]!.dice = [9, 9];
        worse.rolls[3]!.kind = "x";
        out.push([`${field} = ODD[${i}], and two bad rolls`, worse]);
      }
    }
    const b = copy(bundle);
    (b.rolls as unknown[])[1] = value;
    out.push([`rolls[1] = ODD[${i}]`, b]);
  }
  const sparse = copy(bundle);
  delete (sparse.rolls as unknown[])[2];
  out.push(["a hole in the rolls", sparse]);
  return out;
}

describe("the bundle parsers' fast path", () => {
  it.each([
    ["v2", v2],
    ["v3's v2 fields", v2FieldsOf(v3)],
    ["v3's v2 fields, against the computer", v2FieldsOf(v3Computer)],
  ])("parseBundleV2 on %s: exactly zod's parse, bad field, problem and count of further issues alike", (_name, bundle) => {
    for (const [label, input] of variants(bundle)) expect(exact(parseBundleV2(input)), label).toBe(exact(parseBundleV2Fully(input as object)));
  });

  it.each([
    ["v3", v3],
    ["v3 against the computer", v3Computer],
  ])("parseBundleV3 on %s: exactly the step-by-step parse", (_name, bundle) => {
    for (const [label, input] of variants(bundle)) {
      const fast = parseBundleV3(input);
      if (fast.ok || fast.values?.field !== "bundle.protocol") expect(exact(fast), label).toBe(exact(parseBundleV3Stepwise(input as object)));
    }
  });

  it("reads each roll's fields as they are given, unknown ones dropped", () => {
    const input = copy(v3);
    input.rolls[0]!.extra = "dropped";
    const parsed = parseBundleV3(input);
    const v2parsed = parseBundleV2(v2FieldsOf(input));
    if (!parsed.ok || !v2parsed.ok) throw new Error("not parsed");
    const fields = ({ nonce, game, kind, player, salts, dice }: Record<string, unknown>) => ({ nonce, game, kind, player, salts, dice });
    expect(exact(v2parsed.value.rolls)).toBe(exact(input.rolls.map(fields)));
    expect(exact(parsed.value.rolls)).toBe(exact(input.rolls.map((roll) => ({ ...fields(roll), values: roll.values }))));
  });

  it("takes the bundles as made by the fast path, and gives every roll of a protocol one shape", () => {
    const parsed = parseBundleV3(copy(v3));
    expect(parsed.ok).toBe(true);
    const rolls = (parsed as { value: ParsedBundleV3 }).value.rolls;
    expect(new Set(rolls.map((roll) => Object.keys(roll).join())).size).toBe(1);
    expect(Object.keys(rolls[0]!)).toEqual(["nonce", "game", "kind", "player", "salts", "dice", "values"]);
  });
});

describe("the record check's fast path", () => {
  /** checkRecordInput as it was: zod's parse of the record, then the two lists compared. */
  function plainRecordCheck(rolls: readonly BundleRoll[], input: RecordInput): CheckResult {
    const parsed = parseRecord(input.value);
    if (!parsed.ok) return recordCheckWithout("failed", { key: "failRecordUnreadable", values: { ...parsed.values, source: input.source } });
    return checkRecordDice(rolls, parsed.value, input.source);
  }
  const rolls = (parseBundleV2(copy(v2)) as { value: ParsedBundleV2 }).value.rolls;
  const records: [string, unknown][] = [["as made", v2Simulated.record], ["not a list", "x"], ["empty", []]];
  for (const [i, value] of ODD.entries()) {
    for (const turn of [0, 3]) {
      for (const field of ["game", "player", "dice", "extra"]) {
        const record = copy({ rolls: v2Simulated.record }).rolls;
        if (value === undefined) delete record[turn]![field];
        else record[turn]![field] = value;
        records.push([`[${turn}].${field} = ODD[${i}]`, record]);
      }
    }
    const record = copy({ rolls: v2Simulated.record }).rolls as unknown[];
    record[2] = value;
    records.push([`[2] = ODD[${i}]`, record]);
  }
  const turns = copy({ rolls: v2Simulated.record }).rolls as { dice: number[] }[];
  records.push(["a turn short", turns.slice(0, -1)], ["a turn over", [...turns, turns[0]]], ["dice swapped", turns.map((turn, i) => (i === 4 ? { ...turn, dice: [...turn.dice].reverse() } : turn))]);

  it.each(["separate", "embedded", "mat"] as const)("from a %s record: exactly the plain check", (source) => {
    for (const [label, value] of records) expect(exact(checkRecordInput(rolls, { value, source })), label).toBe(exact(plainRecordCheck(rolls, { value, source })));
  });
});

describe("the opening check without an object per roll", () => {
  type State = { phase: "awaiting-opening" } | { phase: "void-tie"; tie: BundleRoll } | { phase: "started"; start: BundleRoll; opener: SeatColor; nextRoller: SeatColor; turnRolls: number };
  const failed = (say: CheckResult["say"], roll: BundleRoll): CheckResult => ({ id: "opening-resolution", status: "failed", say, nonce: roll.nonce, game: roll.game });

  /** checkOpeningResolution as it was written, a state object per roll: the reference. */
  function plainOpeningCheck(rolls: readonly BundleRoll[], matchOver: boolean): CheckResult {
    let game = 0;
    let state: State = { phase: "awaiting-opening" };
    let ties = 0;
    for (const roll of rolls) {
      if (roll.game !== game) {
        if (roll.game !== game + 1) return failed({ key: "failGameNumber", values: { nonce: roll.nonce, game: roll.game, previous: game } }, roll);
        if (state.phase === "void-tie") return failed({ key: "failTieNotRerolled", values: { tieNonce: state.tie.nonce, tieGame: game, dice: showDice(state.tie.dice), nonce: roll.nonce, game: roll.game } }, roll);
        game = roll.game;
        state = { phase: "awaiting-opening" };
      }
      if (roll.kind === "opening") {
        if (roll.player !== null) return failed({ key: "failOpeningPlayer", values: { nonce: roll.nonce, game: roll.game, player: roll.player } }, roll);
        if (state.phase === "started") return failed({ key: "failOpeningAfterStart", values: { nonce: roll.nonce, game: roll.game, startNonce: state.start.nonce, dice: showDice(state.start.dice), opener: state.opener } }, roll);
        const outcome = resolveOpening(roll.dice[0], roll.dice[1]);
        if ("void" in outcome) {
          ties++;
          state = { phase: "void-tie", tie: roll };
        } else state = { phase: "started", start: roll, opener: outcome.opener, nextRoller: opponentOf(outcome.opener), turnRolls: 0 };
        continue;
      }
      if (roll.player === null) return failed({ key: "failTurnNoPlayer", values: { nonce: roll.nonce, game: roll.game } }, roll);
      if (state.phase === "awaiting-opening") return failed({ key: "failTurnFirst", values: { nonce: roll.nonce, game: roll.game } }, roll);
      if (state.phase === "void-tie") return failed({ key: "failTurnAfterTie", values: { tieNonce: state.tie.nonce, dice: showDice(state.tie.dice), nonce: roll.nonce, game: roll.game, player: roll.player } }, roll);
      if (roll.player !== state.nextRoller) {
        return failed(
          state.turnRolls === 0
            ? { key: "failFirstTurnPlayer", values: { nonce: roll.nonce, game: roll.game, player: roll.player, opener: state.opener, startNonce: state.start.nonce, next: state.nextRoller } }
            : { key: "failTurnsAlternate", values: { nonce: roll.nonce, game: roll.game, player: roll.player, next: state.nextRoller } },
          roll,
        );
      }
      state = { ...state, nextRoller: opponentOf(roll.player), turnRolls: state.turnRolls + 1 };
    }
    if (matchOver && state.phase === "void-tie") return failed({ key: "failLastTie", values: { nonce: state.tie.nonce, game, dice: showDice(state.tie.dice) } }, state.tie);
    return { id: "opening-resolution", status: "passed", say: rolls.length === 0 ? { key: "noRolls", values: {} } : { key: "openings", values: { games: game, ties } } };
  }

  it("gives the reference's result on 3,000 random roll logs, mostly well formed", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let trial = 0; trial < 3000; trial++) {
      const rolls: BundleRoll[] = [];
      let game = 1;
      let next: SeatColor | null = null;
      for (let nonce = 0; nonce < 1 + random(14); nonce++) {
        // A well-formed next roll most of the time; now and then a wrong kind, player or game.
        if (next !== null && random(5) === 0) [game, next] = [game + 1, null];
        const d1 = 1 + random(6);
        const d2 = random(3) === 0 ? d1 : 1 + random(6);
        const kind = random(12) === 0 ? (next === null ? "turn" : "opening") : next === null ? "opening" : "turn";
        const player = random(12) === 0 ? (["white", "black", null] as const)[random(3)]! : kind === "opening" ? null : next;
        rolls.push({ nonce, game: random(30) === 0 ? game + random(3) - 1 : game, kind, player, dice: [d1, d2] });
        if (kind === "opening" && d1 !== d2) next = d1 > d2 ? "black" : "white";
        else if (kind === "turn" && next !== null) next = opponentOf(next);
      }
      for (const matchOver of [true, false]) expect(exact(checkOpeningResolution(rolls, matchOver)), exact(rolls)).toBe(exact(plainOpeningCheck(rolls, matchOver)));
    }
  });
});

describe("the statement as bytes", () => {
  const ODD_TEXT = ["", "a", "é", "ü€😀", "\ud800", "x\udc00", "\udbff", "😀".repeat(40), "0123456789abcdef", "0123456789abcde", "0123456789abcdefé", "é0123456789abcdef", "0123456789abcdef01234567", "0123456789abcdef0123456", "0123456789abcdef01234567é", "é0123456789abcdef01234567", "a".repeat(300), `${"a".repeat(20)}\ud800`];

  it.each([
    ["Node's Buffer", nodeBuffers],
    ["a browser's TextEncoder", undefined],
  ])("Utf8Writer with %s writes what TextEncoder encodes, numbers as String writes them", (_name, node) => {
    const out = new Utf8Writer(1, node);
    let text = "";
    for (const piece of ODD_TEXT) {
      out.text(piece);
      text += piece;
    }
    for (const n of [0, -0, 7, 10, 99, 100, 10003, 2 ** 53 - 1, 2 ** 53, -1, 1.5, NaN, Infinity]) {
      out.number(n);
      text += `${n}`;
    }
    expect([...out.bytes()]).toEqual([...new TextEncoder().encode(text)]);
    out.reset();
    out.text("roll ");
    expect([...out.data.subarray(0, out.size)]).toEqual([...utf8ToBytes("roll ")]);
  });

  it("is the UTF-8 of the statement text, v2 and v3, with odd salts, values and match ids too", () => {
    const odd = (bundle: unknown, text: string) => {
      const b = copy(bundle);
      b.matchId = text;
      for (const roll of b.rolls) {
        for (const seat of Object.keys(roll.salts as object)) (roll.salts as Record<string, string>)[seat] = text;
        for (const seat of Object.keys((roll.values ?? {}) as object)) (roll.values as Record<string, string>)[seat] = text;
      }
      return b;
    };
    for (const text of ODD_TEXT) {
      const b2 = parseBundleV2(odd(v2, text));
      const b3 = parseBundleV3(odd(v3, text));
      if (!b2.ok || !b3.ok) throw new Error(`not parsed: ${JSON.stringify(text)}`);
      expect([...proofStatementBytes(b2.value, KEYS[0]!.keyId)]).toEqual([...utf8ToBytes(proofStatement(b2.value, KEYS[0]!.keyId))]);
      expect([...proofStatementBytesV3(b3.value, KEYS[0]!.keyId)]).toEqual([...utf8ToBytes(proofStatementV3(b3.value, KEYS[0]!.keyId))]);
    }
  });

  it("has the text and lines the statement had: v3's as v2's lines with its format, protocol, chains and values", () => {
    const parsed = parseBundleV3(copy(v3Computer));
    if (!parsed.ok) throw new Error("not parsed");
    const b = parsed.value;
    const shared = proofStatementLines(sharedV2View(b), "k");
    const firstRoll = shared.length - b.rolls.length;
    const heads = (list: readonly string[] | undefined) => (list === undefined ? "-" : list.join(","));
    const chains = [...b.chains].sort(([x], [y]) => x - y).map(([game, byPlayer]) => `chains ${game} ${heads(byPlayer.white)} ${heads(byPlayer.black)}`);
    const rolls = shared.slice(firstRoll).map((line, i) => `${line} ${b.rolls[i]!.values.white ?? "-"} ${b.rolls[i]!.values.black ?? "-"}`);
    const lines = ["fairgammon-signed-proof-2", shared[1]!, `protocol ${b.protocol}`, ...shared.slice(3, firstRoll), ...chains, ...rolls];
    expect(proofStatementLinesV3(b, "k")).toEqual(lines);
    expect(proofStatementV3(b, "k")).toBe(lines.map((line) => `${line}\n`).join(""));
    const roll = b.rolls[3]!;
    expect(shared[firstRoll + 3]).toBe(`roll ${roll.nonce} ${roll.game} ${roll.kind} ${roll.player ?? "-"} ${roll.dice[0]}${roll.dice[1]} ${roll.salts.white ?? "-"} ${roll.salts.black ?? "-"}`);
    expect(proofStatement(sharedV2View(b), "k")).toBe(shared.map((line) => `${line}\n`).join(""));
  });

  it("verifies the bundles as signed, and fails them with a changed value or salt", () => {
    for (const bundle of [v3, v3Computer]) {
      expect(verifyV3(copy(bundle), undefined, { keys: KEYS }).checks.find((c) => c.id === "signature")?.status).toBe("passed");
      const changed = copy(bundle);
      const turn = changed.rolls.find((roll) => roll.kind === "turn")!;
      (turn.salts as Record<string, string>)[turn.player as string] = "f".repeat(32);
      expect(verifyV3(changed, undefined, { keys: KEYS }).checks.find((c) => c.id === "signature")?.status).toBe("failed");
    }
  });
});

describe("the forms of salts and chain values", () => {
  it("isSalt and isChainValue say what SALT_PATTERN and CHAIN_VALUE_PATTERN say", () => {
    const hex = "0123456789abcdef";
    const texts: unknown[] = [undefined, null, 5, ["a".repeat(32)], "", "\n"];
    for (const length of [31, 32, 33, 63, 64, 65]) {
      const good = Array.from({ length }, (_, i) => hex[(i * 7) % 16]).join("");
      texts.push(good, `${good.slice(1)}\n`, `\n${good.slice(1)}`, good.toUpperCase(), `${good.slice(1)}g`, `${good.slice(1)}é`, `${good.slice(2)}😀`, `${good.slice(1)}\u0000`);
    }
    for (const text of texts) {
      expect(isSalt(text), JSON.stringify(text)).toBe(typeof text === "string" && SALT_PATTERN.test(text));
      expect(isChainValue(text), JSON.stringify(text)).toBe(typeof text === "string" && CHAIN_VALUE_PATTERN.test(text));
    }
  });
});

describe("the contributions' forms", () => {
  const contributions = (bundle: unknown) => verifyV3(bundle, undefined, { keys: KEYS }).checks.find((c) => c.id === "contributions")!;
  const turn = (b: Json) => b.rolls.find((roll) => roll.kind === "turn")!;

  it("passes the bundles as made", () => {
    expect(contributions(copy(v3)).status).toBe("passed");
    expect(contributions(copy(v3Computer)).status).toBe("passed");
  });

  it.each([
    ["a salt that is two salts on two lines", "salts", `${"a".repeat(32)}\n${"b".repeat(32)}`, "saltForm"],
    ["a salt in capitals", "salts", "A".repeat(32), "saltForm"],
    ["a salt one character short", "salts", "a".repeat(31), "saltForm"],
    ["a value that is two values on two lines", "values", `${"a".repeat(64)}\n${"b".repeat(64)}`, "valueForm"],
    ["a value with a line break at its end", "values", `${"a".repeat(63)}\n`, "valueForm"],
    ["a value that is empty", "values", "", "valueForm"],
  ])("still finds %s", (_name, field, text, problem) => {
    const b = copy(v3);
    const roll = turn(b);
    const seat = field === "salts" ? (roll.player as string) : roll.player === "white" ? "black" : "white";
    (roll[field] as Record<string, string>)[seat] = text;
    const result = contributions(b);
    expect(result.status).toBe("failed");
    expect(result.say.values).toMatchObject({ nonce: roll.nonce, problem, player: seat });
  });
});

describe("the rollers' checked rolls", () => {
  const hex = (n: number, length: number) => crypto.createHash("sha256").update(String(n)).digest("hex").slice(0, length);

  it("v3: rollChecked gives roll's dice", () => {
    const roller = createRollerV3(hex(0, 64), "w4h1t3seed:Bl4ck_seed-9");
    for (let nonce = 0; nonce < 300; nonce++) {
      expect(roller.rollChecked(nonce, hex(nonce + 1, 32), hex(nonce + 2, 64))).toEqual(roller.roll(nonce, { kind: "turn", salt: hex(nonce + 1, 32), value: hex(nonce + 2, 64) }));
      expect(roller.rollChecked(nonce, hex(nonce + 3, 64), hex(nonce + 4, 64))).toEqual(roller.roll(nonce, { kind: "opening", white: hex(nonce + 3, 64), black: hex(nonce + 4, 64) }));
    }
    expect(() => roller.rollChecked(-1, hex(1, 32), hex(2, 64))).toThrow(RangeError);
  });

  it("v2: rollChecked and roll give the dice of the salted message's byte stream", () => {
    const roller = createSaltedRoller(hex(0, 64), "w4h1t3seed:Bl4ck_seed-9");
    for (let nonce = 0; nonce < 300; nonce++) {
      for (const salts of [{ white: hex(nonce, 32) }, { black: hex(nonce, 32) }, { white: hex(nonce, 32), black: hex(nonce + 1, 32) }]) {
        const dice = diceFromByteStream(roller.blocks(nonce, salts));
        expect(roller.roll(nonce, salts)).toEqual(dice);
        expect(roller.rollChecked(nonce, salts)).toEqual(dice);
      }
    }
    expect(() => roller.roll(0, {})).toThrow(RangeError);
    expect(() => roller.roll(0, { white: "x" })).toThrow(RangeError);
    expect(() => roller.roll(1.5, { white: "x" })).toThrow(/nonce/);
  });

  it("diceFromBlock: the stream's dice when the first block holds two, else none", () => {
    const blocks = [new Uint8Array(32).fill(252), Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 17 : 255)), Uint8Array.from({ length: 32 }, (_, i) => (i === 5 || i === 9 ? 250 : 253)), Uint8Array.of(0, 251)];
    for (const block of blocks) {
      const stream = diceFromByteStream([block, Uint8Array.of(3, 4)]);
      const fast = diceFromBlock(block);
      if (fast === undefined) expect(stream).not.toEqual(diceFromByteStream([block, Uint8Array.of(5, 6)]));
      else expect(fast).toEqual(stream);
    }
    expect(diceFromBlock(blocks[0]!)).toBeUndefined();
    expect(diceFromBlock(blocks[2]!)).toEqual([5, 5]);
  });
});

describe("the hash backends' further ways in", () => {
  const node = nodeBackend(crypto);
  const texts = ["", "a", "0".repeat(64), "é".repeat(40), "\ud800 lone", "x".repeat(127), "x".repeat(128), "x".repeat(129), "y".repeat(1000)];

  it.each([
    ["node", node],
    ["noble", nobleHashes],
  ] as [string, HashBackend][])("%s: sha256Hex, sha256HexIs and keyedHmacBytes as node:crypto's createHash and createHmac", (_name, backend) => {
    for (const text of texts) {
      const digest = crypto.createHash("sha256").update(text, "utf8").digest("hex");
      expect(backend.sha256Hex(text)).toBe(digest);
      expect(backend.sha256HexIs(text, digest)).toBe(true);
      expect(backend.sha256HexIs(text, digest.replace(/^./, (c) => (c === "0" ? "1" : "0")))).toBe(false);
    }
    for (const key of ["", "k", "b".repeat(65)]) {
      const digest = backend.keyedHmacBytes(key);
      for (const text of texts) {
        const bytes = new Uint8Array(utf8ToBytes(text).length + 9);
        bytes.set(utf8ToBytes(text));
        bytes.fill(7, bytes.length - 9);
        expect(Buffer.from(digest(bytes, bytes.length - 9)).toString("hex"), `${key.length}/${text.length}`).toBe(crypto.createHmac("sha256", key).update(text, "utf8").digest("hex"));
      }
    }
  });
});
