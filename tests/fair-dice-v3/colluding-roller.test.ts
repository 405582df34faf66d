/**
 * docs/fair-dice-v3.md, section 8: the server colluding with the roller knows the game seed and chooses the salt,
 * yet cannot choose the roll. In v2 the same coalition grinds a salt to any roll in ~36 tries; in v3 the roll also
 * needs the opponent's next chain value, fixed by a head the opponent's browser committed and revealed only after the
 * salt is logged. The tests grind salts against every guess the coalition can compute from what it knows, show that
 * the roll it aimed at comes out only by chance once the real value is revealed, that the same salts give every
 * outcome with its expected frequency only after the reveal, and that a value of the coalition's own is refused.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  chiSquarePValue,
  chiSquareStatistic,
  combineClientSeeds,
  createRollerV3,
  createSaltedRoller,
  gameSeedsOf,
  hashChainFromTail,
  proofKeyEntry,
  proofPublicKeyOf,
  signSimulatedV3,
  simulateMatchV3,
  verifyV3,
  type AuditBundleV3,
} from "@/lib/dice";

const SERVER_SEED = "24dadb377ead7c24cc1d916807673e1c18021fa9f58422f64b0700912dfc7cba";
const GAME_SEED = gameSeedsOf(SERVER_SEED, 5)[0]!; // what the coalition knows: the server's seed
const CLIENT_SEED = combineClientSeeds("w", "b");
const NONCE = 5;
const hex = (text: string, length: number) => bytesToHex(sha256(utf8ToBytes(text))).slice(0, length);
const saltOf = (attempt: number) => hex(`grind:${attempt}`, 32);
const roller = createRollerV3(GAME_SEED, CLIENT_SEED);
const outcome = (dice: readonly [number, number]) => (dice[0] - 1) * 6 + (dice[1] - 1);
const SIX_SIX = outcome([6, 6]);

/** The first salt whose roll, computed with `assumedValue` for the opponent's, is 6-6. */
function grindAgainst(assumedValue: string): string {
  for (let attempt = 0; ; attempt++) {
    if (outcome(roller.roll(NONCE, { kind: "turn", salt: saltOf(attempt), value: assumedValue })) === SIX_SIX) return saltOf(attempt);
  }
}

describe("a server colluding with the roller (docs/fair-dice-v3.md, section 8)", () => {
  it("grinds any roll in v2, where the seed and the salt are all a turn roll needs", () => {
    const v2 = createSaltedRoller(GAME_SEED, CLIENT_SEED);
    let attempt = 0;
    while (outcome(v2.roll(NONCE, { white: saltOf(attempt) })) !== SIX_SIX) attempt++;
    expect(attempt).toBeLessThan(500);
  });

  it("aims at 6-6 from the head, but the revealed value gives 6-6 only by chance (720 opponents' chains)", () => {
    const trials = 720;
    let hits = 0;
    for (let trial = 0; trial < trials; trial++) {
      const chain = hashChainFromTail(hex(`opponent tail ${trial}`, 64));
      // What the coalition can compute: the head, a hash of it, or a guess of its own; it picks the salt for 6-6.
      const guesses = [chain.head, hex(chain.head, 64), hex(`guess ${trial}`, 64)];
      const salt = grindAgainst(guesses[trial % guesses.length]!);
      // The salt is logged; then the opponent's browser reveals value(1), and the roll is made with it.
      if (outcome(roller.roll(NONCE, { kind: "turn", salt, value: chain.value(1) })) === SIX_SIX) hits++;
    }
    // 6-6 has probability 1/36: 20 expected; 45 or more has a probability below 1e-6 if the aim did nothing.
    expect(hits).toBeLessThan(45);
    expect(hits).toBeGreaterThan(3);
  });

  it("sees every outcome of its salts with the expected frequency only once the value is revealed", () => {
    const chain = hashChainFromTail(hex("the opponent's tail", 64));
    const salts = Array.from({ length: 3600 }, (_, attempt) => saltOf(attempt));
    const counts = (value: string) => {
      const seen = new Array<number>(36).fill(0);
      for (const salt of salts) seen[outcome(roller.roll(NONCE, { kind: "turn", salt, value }))]!++;
      return seen;
    };
    const revealed = counts(chain.value(1));
    expect(chiSquarePValue(chiSquareStatistic(revealed, new Array(36).fill(100)), 35)).toBeGreaterThan(0.001);
    // Before the reveal the coalition's table of outcomes, made with the head, says nothing about the real one:
    // per salt it agrees with the revealed roll about 1 time in 36.
    const predicted = salts.map((salt) => outcome(roller.roll(NONCE, { kind: "turn", salt, value: chain.head })));
    const actual = salts.map((salt) => outcome(roller.roll(NONCE, { kind: "turn", salt, value: chain.value(1) })));
    const agreeing = predicted.filter((o, i) => o === actual[i]).length;
    expect(agreeing).toBeGreaterThan(50);
    expect(agreeing).toBeLessThan(160); // 100 expected
  });

  it("cannot log a value of its own that gives the roll it wants: verifyV3 refuses a value not on the committed chain", () => {
    const key = sha256(utf8ToBytes("colluding-roller test key"));
    const keys = [proofKeyEntry(proofPublicKeyOf(key), "2026-12-07T00:00:00.000Z")];
    const simulated = simulateMatchV3({ serverSeed: SERVER_SEED, clientSeeds: { white: "w", black: "b" }, matchLength: 3, games: 2, turnsPerGame: 8 });
    const forged = JSON.parse(JSON.stringify(simulated.bundle)) as Omit<AuditBundleV3, "rolls"> & { rolls: { nonce: number; game: number; kind: "opening" | "turn"; player: "white" | "black"; salts: Record<string, string>; values: Record<string, string>; dice: [number, number] }[] };
    const turn = forged.rolls.find((roll) => roll.game === 1 && roll.kind === "turn" && !(roll.dice[0] === 6 && roll.dice[1] === 6))!;
    const opponent = turn.player === "white" ? "black" : "white";
    const rollerOfGame = createRollerV3(GAME_SEED, CLIENT_SEED);
    let attempt = 0;
    while (outcome(rollerOfGame.roll(turn.nonce, { kind: "turn", salt: turn.salts[turn.player]!, value: hex(`own value ${attempt}`, 64) })) !== SIX_SIX) attempt++;
    turn.values[opponent] = hex(`own value ${attempt}`, 64);
    turn.dice = [6, 6];
    const signedForgery = signSimulatedV3({ bundle: forged, record: simulated.record }, { privateKey: key });
    const report = verifyV3(signedForgery, undefined, { keys });
    expect(report.checks.find((c) => c.id === "rolls-recomputed")!.status).toBe("passed");
    expect(report.checks.find((c) => c.id === "signature")!.status).toBe("passed");
    expect(report.checks.find((c) => c.id === "chain-values")).toMatchObject({ status: "failed", nonce: turn.nonce, game: 1, say: { values: { player: opponent } } });
    expect(report.verdict).toBe("failed");
  });
});
