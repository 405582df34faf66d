import { readFileSync } from "node:fs";
import path from "node:path";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { fairDiceV2Vectors } from "./fixtures/v2-vectors";
import { isSalt, newSalt } from "./salt";
import { createSaltedRoller, saltedRollMessage } from "./salted-roll";
import { chainCommitment, chainLengthFor, chainLink, gameSeedOf, gameSeedsOf, leadsToCommitment } from "./seed-chain";
import { signSimulated, simulateMatchV2 } from "./simulate-v2";
import { verifyV2 } from "./verify-v2";
import { parseBundleV2 } from "./bundle-v2";
import { keyIdOf, signatureValid } from "./proof-keys";
import { proofStatement } from "./proof-statement";

const FILE = path.join(import.meta.dirname, "fixtures", "fair-dice-v2.vectors.json");
const published = JSON.parse(readFileSync(FILE, "utf8")) as ReturnType<typeof fairDiceV2Vectors>;
const utf8 = new TextEncoder();
const SEED = "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a";

describe("the published fair-dice-v2 vectors", () => {
  it("are exactly what scripts/fair-dice-v2-vectors.ts builds", () => {
    expect(readFileSync(FILE, "utf8")).toBe(`${JSON.stringify(fairDiceV2Vectors(), null, 1)}\n`);
  });

  it.each(published.chains.map((chain) => [chain.label, chain] as const))("chain %s: every game seed hashes down to the commitment", (_, chain) => {
    expect(chain.chainLength).toBe(2 * chain.matchLength - 1);
    expect(chain.gameSeeds).toHaveLength(chain.chainLength);
    expect(chain.gameSeeds.at(-1)).toBe(chain.serverSeed);
    // Section 1, by hand: each seed is the SHA-256 (hex, of the ASCII string) of the next; the commitment of game 1's.
    for (let game = 1; game < chain.chainLength; game++) expect(chain.gameSeeds[game - 1]).toBe(bytesToHex(sha256(utf8.encode(chain.gameSeeds[game]!))));
    expect(chain.commitment).toBe(bytesToHex(sha256(utf8.encode(chain.gameSeeds[0]!))));
    chain.gameSeeds.forEach((seed, index) => expect(leadsToCommitment(seed, index + 1, chain.commitment)).toBe(true));
  });

  it.each(published.rolls.map((roll) => [roll.label, roll] as const))("roll %s: message, HMAC block 0 and dice", (_, roll) => {
    const salts = [roll.salts.white, roll.salts.black].filter(Boolean).join(":");
    expect(roll.message).toBe(`${roll.clientSeeds.white}:${roll.clientSeeds.black}:${roll.nonce}:${salts}`);
    expect(roll.hmac).toBe(bytesToHex(hmac(sha256, utf8.encode(roll.gameSeed), utf8.encode(roll.message))));
    // Rejection sampling over block 0 by hand (a continuation block is needed with probability ~1e-54).
    const accepted = [...hmac(sha256, utf8.encode(roll.gameSeed), utf8.encode(roll.message))].filter((byte) => byte < 252);
    expect(roll.dice).toEqual([(accepted[0]! % 6) + 1, (accepted[1]! % 6) + 1]);
  });

  it("give each withheld opening salt's published commitment: SHA-256 of its 32 ASCII characters", () => {
    for (const { salt, commitment } of published.openingSaltCommitments) expect(commitment).toBe(bytesToHex(sha256(utf8.encode(salt))));
  });

  it("give a whole statement and its signature under the test key, which the statement builder rebuilds", () => {
    const finished = published.bundles.find((vector) => vector.label === "finished")!;
    const parsed = parseBundleV2(finished.bundle);
    if (!parsed.ok) throw new Error("the finished vector does not parse");
    expect(proofStatement(parsed.value, published.statement.signature!.keyId)).toBe(published.statement.text);
    expect(signatureValid(published.signingKey.publicKey, published.statement.text, published.statement.signature!.value)).toBe(true);
    expect(published.keys.keys[0]!.keyId).toBe(keyIdOf(published.signingKey.publicKey));
  });

  it("name the check each tampering breaks, and where", () => {
    const byLabel = new Map(published.bundles.map((vector) => [vector.label, vector]));
    const answer = (label: string) => {
      const vector = byLabel.get(label)!;
      const browser = vector.browserSalts && { player: vector.browserSalts.player, salts: new Map(Object.entries(vector.browserSalts.salts).map(([n, s]) => [Number(n), s])) };
      const report = verifyV2(vector.bundle, vector.record, { browser, keys: published.keys.keys });
      const failed = report.checks.filter((check) => check.status === "failed");
      // `core`: what failed besides the signature, which fails for every change made after the site signed.
      return { report, failed, core: failed.filter((check) => check.id !== "signature"), games: Object.fromEntries(report.games.map((g) => [g.game, g.verdict])) };
    };
    for (const vector of published.bundles) {
      const { report, failed, games } = answer(vector.label);
      expect({ verdict: report.verdict, failed: failed.map((check) => check.id).sort(), games }, vector.label).toEqual({
        verdict: vector.verdict,
        failed: vector.failedChecks,
        games: Object.fromEntries(Object.entries(vector.games).map(([game, verdict]) => [Number(game), verdict])),
      });
    }
    // Reviewed by hand: what each tampering must say.
    expect(answer("finished").report.verdict).toBe("verified");
    expect(answer("running-two-games-ended").games).toEqual({ 1: "verified", 2: "verified", 3: "not-yet-revealed" });
    expect(answer("changed-salt").core).toMatchObject([{ id: "rolls-recomputed", game: 2 }]);
    expect(answer("changed-salt").games).toEqual({ 1: "failed", 2: "failed", 3: "failed" });
    expect(answer("missing-salt").core).toMatchObject([{ id: "salts", game: 1, say: { values: { problem: "wrongSet" } } }]);
    expect(answer("salt-not-lowercase-hex").core).toMatchObject([{ id: "salts", game: 3, say: { values: { problem: "badForm" } } }]);
    expect(answer("turn-salt-under-the-wrong-player").core).toMatchObject([{ id: "salts", game: 1 }]);
    expect(answer("changed-dice").core).toMatchObject([{ id: "rolls-recomputed", game: 2 }]);
    expect(answer("broken-server-seed").core).toMatchObject([{ id: "seed-chain", game: 5, say: { key: "failServerSeed" } }]);
    expect(answer("broken-chain-link").core).toMatchObject([{ id: "seed-chain", game: 2, say: { key: "failGameSeed" } }]);
    expect(answer("game-seeds-swapped").core).toMatchObject([{ id: "seed-chain", game: 1 }]);
    expect(answer("next-game-seed-under-this-game").core).toMatchObject([{ id: "seed-chain", game: 3 }]);
    expect(answer("nonce-gap").core[0]).toMatchObject({ id: "nonce-sequence", game: 2 });
    const differs = answer("browser-salt-differs").failed;
    expect(differs).toMatchObject([{ id: "browser-salts", say: { values: { player: "white", count: 1 } } }]);
    // Section 5b's attacks, each named.
    expect(answer("unsigned-old-file").report.checks.find((c) => c.id === "signature")).toMatchObject({ status: "skipped", say: { key: "unsigned" } });
    expect(answer("unsigned-old-file").games).toEqual({ 1: "incomplete", 2: "incomplete", 3: "incomplete" });
    expect(answer("signed-by-an-unknown-key").report.checks.find((c) => c.id === "signature")).toMatchObject({ status: "skipped", say: { key: "unknownKey" } });
    expect(answer("forged-human-roll").failed).toMatchObject([{ id: "signature", say: { key: "failSignature" } }]);
    expect(answer("forged-human-roll-unsigned").report.verdict).toBe("incomplete");
    expect(answer("truncated-last-game").core).toMatchObject([{ id: "completeness", say: { key: "failRollCount" } }]);
    expect(answer("truncated-last-roll").core).toMatchObject([{ id: "completeness", say: { key: "failRollCount" } }]);
    expect(answer("truncated-last-game-end-rewritten").failed.map((c) => c.id)).toEqual(["signature"]);
    expect(answer("end-removed").core).toMatchObject([{ id: "completeness", say: { key: "failNoEnd" } }]);
    expect(answer("ended-game-seed-missing").core).toMatchObject([{ id: "completeness", game: 2, say: { key: "failMissingGameSeed" } }]);
    expect(answer("computer-erased").core).toMatchObject([{ id: "computer-salts", say: { key: "failComputerSeat", values: { seat: "black", computer: "none" } } }]);
    expect(answer("computer-erased-with-its-seat").failed.map((c) => c.id)).toEqual(["signature"]);
    expect(answer("changed-move-same-dice").failed).toMatchObject([{ id: "record-moves", say: { key: "failRecordMoves" } }]);
    expect(answer("abandoned-after-tied-opening").report.verdict).toBe("verified");
    expect(answer("not-an-object").failed).toMatchObject([{ id: "bundle-format" }]);
  });
});

describe("the seed chain", () => {
  it("holds 2N − 1 seeds for an N-point match, from 1 to 25 points", () => {
    expect(chainLengthFor(1)).toBe(1);
    expect(chainLengthFor(25)).toBe(49);
    for (const bad of [0, 26, 2.5, Number.NaN]) expect(() => chainLengthFor(bad)).toThrow(RangeError);
  });

  it("gives game k's seed the same way one at a time or all at once, and each leads to the commitment in k steps", () => {
    const all = gameSeedsOf(SEED, 9);
    const commitment = chainCommitment(SEED, 9);
    for (let game = 1; game <= 9; game++) {
      expect(gameSeedOf(SEED, 9, game)).toBe(all[game - 1]);
      expect(leadsToCommitment(all[game - 1]!, game, commitment)).toBe(true);
      expect(leadsToCommitment(all[game - 1]!, game + 1, commitment)).toBe(false);
    }
    expect(chainLink(all[0]!)).toBe(commitment);
    expect(() => gameSeedOf(SEED, 9, 10)).toThrow(RangeError);
  });
});

describe("salted rolls", () => {
  it("make 32-hex salts, and a different salt gives a different stream", () => {
    const salt = newSalt();
    expect(isSalt(salt)).toBe(true);
    expect(newSalt()).not.toBe(salt);
    const roller = createSaltedRoller(SEED, "a:b");
    const first = roller.blocks(7, { white: "00000000000000000000000000000000" }).next().value;
    const second = roller.blocks(7, { white: "00000000000000000000000000000001" }).next().value;
    expect(bytesToHex(first)).not.toBe(bytesToHex(second));
  });

  it("put white's salt before black's in an opening roll's message, and refuse a salt of the wrong form", () => {
    expect(saltedRollMessage("a:b", 0, { black: "1".repeat(32), white: "0".repeat(32) })).toBe(`a:b:0:${"0".repeat(32)}:${"1".repeat(32)}`);
    expect(saltedRollMessage("a:b", 4, { black: "1".repeat(32) }, 2)).toBe(`a:b:4:${"1".repeat(32)}:2`);
    expect(() => saltedRollMessage("a:b", 0, {})).toThrow(RangeError);
    expect(() => saltedRollMessage("a:b", 0, { white: "ABCDEF".padEnd(32, "0") })).toThrow(RangeError);
  });

  it("give faces and sums in the right proportions over 60,000 simulated rolls", () => {
    const { bundle } = simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 25, games: 49, turnsPerGame: 1200 });
    const faces = [0, 0, 0, 0, 0, 0];
    for (const roll of bundle.rolls) for (const die of roll.dice) faces[die - 1]!++;
    const n = bundle.rolls.length * 2;
    // Chi-square with 5 degrees of freedom: 20.5 is its 0.999 quantile.
    const chi = faces.reduce((sum, count) => sum + (count - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5);
  });
});

describe("verifyV2 while a match runs", () => {
  it("verifies each game as its seed is revealed, and the match only at the end", () => {
    const options = { serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 5, games: 4, turnsPerGame: 5 } as const;
    const privateKey = hexToBytes(published.signingKey.privateKey);
    const keys = published.keys.keys;
    for (let ended = 0; ended <= 3; ended++) {
      const running = simulateMatchV2({ ...options, endedGames: ended, revealed: false });
      const report = verifyV2(signSimulated(running, { privateKey, end: null }), running.record, { keys });
      expect(report.verdict).toBe("not-yet-revealed");
      expect(report.games.map((g) => g.verdict)).toEqual([1, 2, 3, 4].map((game) => (game <= ended ? "verified" : "not-yet-revealed")));
    }
    const finished = simulateMatchV2(options);
    expect(verifyV2(signSimulated(finished, { privateKey }), finished.record, { keys }).verdict).toBe("verified");
    // Unsigned, the same match's games are right but not vouched for: incomplete, never verified.
    expect(verifyV2(finished.bundle, finished.record, { keys }).games.every((g) => g.verdict === "incomplete")).toBe(true);
  });

  it("never throws on hostile input", () => {
    const { bundle } = simulateMatchV2({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 1, games: 1, turnsPerGame: 2 });
    const hostile: unknown[] = [null, 7, "x", [], { ...bundle, rolls: null }, { ...bundle, gameSeeds: { "0": SEED } }, { ...bundle, gameSeeds: { "99": SEED } }, { ...bundle, matchLength: 1e308 },
      { ...bundle, rolls: [{ ...bundle.rolls[0], salts: { white: 5 } }] }, { ...bundle, rolls: [{ ...bundle.rolls[0], salts: { red: "x" } }] }];
    for (const input of hostile) expect(verifyV2(input).verdict).toBe("failed");
  });
});
