import { readFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { parseBundleV3, type AuditBundleV3 } from "./bundle-v3";
import { CONTRIBUTION_CHAIN_LENGTH } from "./hash-chain";
import { proofKeyEntry } from "./proof-keys";
import { proofPublicKeyOf } from "./proof-sign";
import { proofStatementLinesV3 } from "./proof-statement-v3";
import { signSimulatedV3, simulateMatchV3 } from "./simulate-v3";
import { browserFromJson, fairDiceV3Vectors, VECTOR_KEYS_V3, type BundleVectorV3 } from "./vectors-v3";
import { verifyV3, type CheckResultV3 } from "./verify-v3";

const FILE = path.join(import.meta.dirname, "fixtures", "fair-dice-v3.vectors.json");
const published = JSON.parse(readFileSync(FILE, "utf8")) as { bundles: BundleVectorV3[]; statement: { text: string } };
const KEY = sha256(utf8ToBytes("verify-v3.test key"));
const KEYS = [proofKeyEntry(proofPublicKeyOf(KEY), "2026-12-07T00:00:00.000Z")];
const SEED = "f3a1c2d4e5b6978812345678abcdef0123456789abcdef0123456789abcdef01";
const base = { serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchId: "t", matchLength: 3, turnsPerGame: 8 } as const;

const failedOf = (checks: readonly CheckResultV3[]) => checks.filter((c) => c.status === "failed").map((c) => c.id).sort();
const vector = (label: string) => published.bundles.find((b) => b.label === label)!;
const failure = (label: string, check: string) => verifyV3(vector(label).bundle, vector(label).record, { keys: VECTOR_KEYS_V3, ...(vector(label).browser && { browser: browserFromJson(vector(label).browser!) }) }).checks.find((c) => c.id === check)!;
type Json = Omit<AuditBundleV3, "rolls" | "chains"> & { rolls: { nonce: number; game: number; kind: "opening" | "turn"; player: "white" | "black" | null; salts: Record<string, string>; values: Record<string, string>; dice: [number, number] }[]; chains: Record<string, Record<string, string[]>> };
const copy = (bundle: AuditBundleV3) => JSON.parse(JSON.stringify(bundle)) as Json;

describe("the published fair-dice-v3 vectors", () => {
  it("are exactly what scripts/fair-dice-v3-vectors.ts writes", () => {
    expect(readFileSync(FILE, "utf8")).toBe(`${JSON.stringify(fairDiceV3Vectors(), null, 1)}\n`);
  });

  it.each(published.bundles.map((b) => [b.label, b] as const))("%s: verdict, failed checks and game verdicts", (_label, b) => {
    const report = verifyV3(b.bundle, b.record, { keys: VECTOR_KEYS_V3, ...(b.browser && { browser: browserFromJson(b.browser) }) });
    expect(report.verdict).toBe(b.verdict);
    expect(failedOf(report.checks)).toEqual(b.failedChecks);
    expect(Object.fromEntries(report.games.map((g) => [String(g.game), g.verdict]))).toEqual(b.games);
  });

  it("sign the statement the file prints, whose first line is fairgammon-signed-proof-2", () => {
    const finished = parseBundleV3(vector("finished").bundle);
    expect(finished.ok).toBe(true);
    if (!finished.ok) return;
    const text = proofStatementLinesV3(finished.value, finished.value.signature!.keyId).map((line) => `${line}\n`).join("");
    expect(text).toBe(published.statement.text);
    expect(text.split("\n")[0]).toBe("fairgammon-signed-proof-2");
    expect(text).toMatch(/\nchains 1 [0-9a-f]{64} [0-9a-f]{64}\n/);
  });
});

describe("each tampering fails its check, naming the game, the player and the nonce", () => {
  it("a changed opponent value: chain-values at its nonce, for the player whose value it is", () => {
    const result = failure("changed-opponent-value", "chain-values");
    expect(result).toMatchObject({ status: "failed", say: { key: "failChainValue", values: { game: 2, player: "black", problem: "notOnChain" } }, game: 2 });
    expect(result.say.values.nonce).toBe(result.nonce);
  });

  it("a value not on the committed chain, even with the dice recomputed from it and the file re-signed", () => {
    const report = verifyV3(vector("value-not-on-chain").bundle, undefined, { keys: VECTOR_KEYS_V3 });
    expect(failedOf(report.checks)).toEqual(["chain-values"]);
    expect(report.checks.find((c) => c.id === "chain-values")!.say.values).toMatchObject({ game: 2, player: "white", nonce: 11, contribution: 4 });
    expect(report.checks.find((c) => c.id === "signature")!.status).toBe("passed");
  });

  it("a forwarded salt other than the one the opponent's browser was shown: forwarded-salts, nothing else", () => {
    expect(failure("forwarded-salt-replaced", "forwarded-salts").say).toEqual({
      key: "failForwardedSalt",
      values: { browser: "black", player: "white", nonce: 3, game: 1, kept: expect.any(String), logged: "0123456789abcdef0123456789abcdef" },
    });
    // Without what the browser kept, the site's re-signed file cannot be told from an honest one: why section 6 exists.
    expect(vector("forwarded-salt-replaced-no-browser").failedChecks).toEqual([]);
  });

  it("a missing head: chain-heads for that game and player", () => {
    expect(failure("missing-head-resigned", "chain-heads").say).toEqual({ key: "failChainHeadMissing", values: { game: 2, player: "black", nonce: 7, heads: 0, due: 1 } });
    expect(vector("missing-head-resigned").games).toEqual({ "1": "verified", "2": "failed", "3": "verified" });
  });

  it("a wrong roll: rolls-recomputed with both dice", () => {
    const roller = (vector("wrong-roll-resigned").bundle as { rolls: { player: string | null }[] }).rolls[17]!.player;
    expect(failure("wrong-roll-resigned", "rolls-recomputed")).toMatchObject({ say: { key: "failRoll", values: { nonce: 17, game: 3, player: roller } }, nonce: 17, game: 3 });
    expect(roller).toMatch(/^(white|black)$/);
  });
});

describe("verifyV3 on simulated matches", () => {
  it("verifies a signed match between people and against the computer, with either browser's kept values", () => {
    for (const computer of [undefined, "white", "black"] as const) {
      const simulated = simulateMatchV3({ ...base, games: 4, computer });
      const bundle = signSimulatedV3(simulated, { privateKey: KEY });
      for (const browser of [undefined, simulated.browsers.white, simulated.browsers.black]) {
        const report = verifyV3(JSON.parse(JSON.stringify(bundle)), simulated.record, { keys: KEYS, ...(browser && { browser }) });
        expect(report.verdict, `computer ${computer}, browser ${browser?.player}`).toBe("verified");
      }
      expect(simulated.browsers[computer ?? "none" as never]).toBeUndefined();
    }
  });

  it("is not yet revealed while the match runs, game by game", () => {
    const simulated = simulateMatchV3({ ...base, games: 3, endedGames: 1, revealed: false, computer: "black" });
    const report = verifyV3(signSimulatedV3(simulated, { privateKey: KEY, end: null }), simulated.record, { keys: KEYS });
    expect(report.verdict).toBe("not-yet-revealed");
    expect(report.games.map((g) => g.verdict)).toEqual(["verified", "not-yet-revealed", "not-yet-revealed"]);
    expect(report.checks.find((c) => c.id === "chain-values")!.status).toBe("not-yet-revealed");
  });

  it("renews a chain past M contributions, and fails a game whose renewed head is missing at the value that needed it", () => {
    const turnsPerGame = 2 * CONTRIBUTION_CHAIN_LENGTH + 10;
    const simulated = simulateMatchV3({ ...base, matchLength: 1, games: 1, turnsPerGame });
    const heads = simulated.bundle.chains["1"]!;
    expect([heads.white!.length, heads.black!.length]).toEqual([2, 2]);
    expect(verifyV3(signSimulatedV3(simulated, { privateKey: KEY }), simulated.record, { keys: KEYS }).verdict).toBe("verified");
    const cut = copy(simulated.bundle);
    cut.chains["1"]!.white = cut.chains["1"]!.white!.slice(0, 1);
    const report = verifyV3(signSimulatedV3({ bundle: cut, record: simulated.record }, { privateKey: KEY }), simulated.record, { keys: KEYS });
    expect(failedOf(report.checks)).toEqual(["chain-heads", "chain-values"]);
    const whiteRolls = cut.rolls.filter((roll) => roll.values.white !== undefined);
    expect(report.checks.find((c) => c.id === "chain-heads")!.say.values).toMatchObject({ player: "white", heads: 1, due: 2, nonce: whiteRolls[CONTRIBUTION_CHAIN_LENGTH - 1]!.nonce });
    expect(report.checks.find((c) => c.id === "chain-values")!.say.values).toMatchObject({ player: "white", problem: "noHead", contribution: CONTRIBUTION_CHAIN_LENGTH + 1 });
  });

  it("fails any one changed value, salt or die of a re-signed file, at that roll (property, 60 random edits)", () => {
    const simulated = simulateMatchV3({ ...base, games: 3, computer: undefined });
    let state = 7;
    const next = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
    for (let run = 0; run < 60; run++) {
      const edited = copy(simulated.bundle);
      const roll = edited.rolls[next(edited.rolls.length)]!;
      const what = next(3);
      const hex = (length: number) => bytesToHex(sha256(utf8ToBytes(`edit ${run}`))).slice(0, length);
      if (what === 0) {
        const color = Object.keys(roll.values)[next(Object.keys(roll.values).length)]!;
        roll.values[color] = hex(64);
      } else if (what === 1 && roll.kind === "turn") roll.salts[roll.player!] = hex(32);
      else roll.dice = [roll.dice[0], (roll.dice[1] % 6) + 1];
      const report = verifyV3(signSimulatedV3({ bundle: edited, record: simulated.record }, { privateKey: KEY }), simulated.record, { keys: KEYS });
      expect(report.verdict).toBe("failed");
      const failed = report.checks.filter((c) => c.status === "failed");
      expect(failed.some((c) => c.nonce === roll.nonce), JSON.stringify(failed)).toBe(true);
      expect(report.games.find((g) => g.game === roll.game)!.verdict).toBe("failed");
    }
  });

  it("never throws on input that is not a bundle, and says which field is wrong", () => {
    for (const input of [null, 7, "x", [], {}, { protocol: "fair-dice-v3" }]) expect(verifyV3(input).verdict).toBe("failed");
    const simulated = simulateMatchV3({ ...base, games: 1 });
    const noValues = copy(simulated.bundle);
    delete (noValues.rolls[3] as { values?: unknown }).values;
    expect(verifyV3(noValues).checks[0]!.say.values).toMatchObject({ field: "bundle.rolls[3].values", problem: "missing" });
    const badHeads = { ...copy(simulated.bundle), chains: { "1": { white: [] } } };
    expect(verifyV3(badHeads).checks[0]!.say.values).toMatchObject({ field: "bundle.chains.1.white" });
  });
});
