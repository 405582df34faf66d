/**
 * fair-dice-v3 played on a real server (issue 49, "done when"): two players' bots play a whole match over sockets,
 * each browser committing its chain and revealing its values as a page does — and white is in league with the
 * server: it holds each game's seed (read from the server's sealed seed, as an insider would) and grinds every salt
 * it sends towards 6-6. Under v2 that coalition gets 6-6 on every roll (a salt is ground in ~36 tries); under v3 the
 * roll also needs black's next chain value, which black's browser reveals only after white's salt is recorded, so
 * white's 6-6s come at the rate of chance. Every stored roll recomputes from the events the server kept; and the
 * served audit bundle verifies under lib/dice, the outside verifier written from the document, and the guide's Python.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineClientSeeds, createRollerV3, followReveals, PROOF_KEYS_FORMAT, verifyV3 } from "@/lib/dice";
import { opponentOf, type Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match";
import { BotClient } from "@/scripts/bot/bot-client";
import { SeedVault } from "@/server/vault";
import { fetchAudit } from "@/tests/support/match-checks";
import { fetchProofKeys } from "@/tests/support/proof-keys";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { scratchFiles } from "../fair-dice-v2/verifier-inputs";
import { outsideVerify } from "./outside-verifier";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ diceProtocol: "fair-dice-v3", rateLimit: { burst: 1000, perSecond: 1000 } });
});

afterAll(async () => {
  await t.close();
});

const isSixSix = (dice: readonly number[]) => dice[0] === 6 && dice[1] === 6;

describe("a fair-dice-v3 match on the server", () => {
  it("plays to the end with both browsers in every roll, and a roller who knows the game seed cannot grind 6-6", async () => {
    const [whiteUser, blackUser] = [await t.user(), await t.user()];
    const seeds = new Map<number, string>();
    let clientSeed = "";
    let matchId = "";
    /** The coalition's salt: ground against the best guess it has of black's next value (its last one, hashed). */
    const grind = (view: MatchView): string => {
      const game = view.state.gameNumber;
      const seed = seeds.get(game);
      if (!seed) throw new Error(`no seed for game ${game}`);
      const guess = createHash("sha256").update(view.rolls.at(-1)?.values?.black ?? view.chains[game]?.black?.[0] ?? "").digest("hex");
      const roller = createRollerV3(seed, clientSeed);
      for (let attempt = 0; ; attempt++) {
        const salt = createHash("sha256").update(`grind:${view.rolls.length}:${attempt}`).digest("hex").slice(0, 32);
        if (isSixSix(roller.roll(view.rolls.length, { kind: "turn", salt, value: guess }))) return salt;
      }
    };
    const white = new BotClient({ url: t.url, cookie: whiteUser.cookie, seed: 71, doubleRate: 0, resignRate: 0, chooseSalt: grind });
    const black = new BotClient({ url: t.url, cookie: blackUser.cookie, seed: 72, doubleRate: 0, resignRate: 0 });
    await Promise.all([white.connect(), black.connect()]);
    ({ matchId } = await white.create({ matchLength: 3, color: "white", visibility: "public" }));
    await black.join(matchId);
    // The insider hands white every game seed of the match before the first roll.
    const row = await t.db.prisma.matchSeed.findUniqueOrThrow({ where: { matchId } });
    const stored = { commitment: row.commitment, sealed: { ciphertext: row.ciphertext, iv: row.iv, tag: row.tag }, chainLength: row.chainLength! };
    const vault = new SeedVault(t.seedKey);
    for (let game = 1; game <= row.chainLength!; game++) seeds.set(game, vault.revealGame(stored, game));
    clientSeed = combineClientSeeds("white-coalition", "black-honest");
    await white.submitSeed("white-coalition");
    await black.submitSeed("black-honest");
    const [ended] = await Promise.all([white.finished(120_000), black.finished(120_000)]);
    white.close();
    black.close();
    expect(white.errors.filter((error) => !error.includes("ERR_STALE_VERSION")), "white's refused commands").toEqual([]);
    expect(black.errors.filter((error) => !error.includes("ERR_STALE_VERSION")), "black's refused commands").toEqual([]);
    expect(ended.ended?.reason).toBe("finished");

    const turns = ended.rolls.filter((roll) => roll.kind === "turn");
    const whiteTurns = turns.filter((roll) => roll.player === "white");
    expect(whiteTurns.length).toBeGreaterThan(10);
    // Each roll is the HMAC of its game's seed over the roller's salt and the opponent's value (section 3).
    for (const roll of ended.rolls) {
      const roller = createRollerV3(seeds.get(roll.game)!, clientSeed);
      const parts =
        roll.kind === "opening"
          ? { kind: "opening" as const, white: roll.values!.white!, black: roll.values!.black! }
          : { kind: "turn" as const, salt: roll.salts![roll.player!]!, value: roll.values![opponentOf(roll.player!)]! };
      expect(roller.roll(roll.nonce, parts), `roll ${roll.nonce}`).toEqual(roll.dice);
    }
    // Every value black's browser revealed is the next on the chain it committed for its game.
    for (const color of ["white", "black"] as Color[]) {
      for (const [game, heads] of Object.entries(ended.chains)) {
        const follower = followReveals(heads[color]!);
        for (const roll of ended.rolls.filter((r) => r.game === Number(game) && r.values?.[color] !== undefined)) expect(follower.accept(roll.values![color]!)).toBeNull();
      }
    }
    // White ground every salt for 6-6 with the seed in hand: with its guess of black's value, each gives 6-6 …
    for (const roll of whiteTurns) {
      const before = ended.rolls.slice(0, roll.nonce);
      const guess = createHash("sha256").update(before.at(-1)?.values?.black ?? ended.chains[roll.game]?.black?.[0] ?? "").digest("hex");
      expect(createRollerV3(seeds.get(roll.game)!, clientSeed).roll(roll.nonce, { kind: "turn", salt: roll.salts!.white!, value: guess })).toEqual([6, 6]);
    }
    // … under v3 they come at chance (1 in 36): more than a handful in a match would be a coalition that works.
    const sixes = whiteTurns.filter((roll) => isSixSix(roll.dice)).length;
    expect(sixes, `${sixes} 6-6 in ${whiteTurns.length} ground rolls`).toBeLessThan(Math.max(4, whiteTurns.length / 6));
  }, 180_000);

  it("serves a signed audit bundle that lib/dice, the outside verifier and the guide's Python check all verify", async () => {
    const [whiteUser, blackUser] = [await t.user(), await t.user()];
    const white = new BotClient({ url: t.url, cookie: whiteUser.cookie, seed: 81, resignRate: 0.01 });
    const black = new BotClient({ url: t.url, cookie: blackUser.cookie, seed: 82, resignRate: 0.01 });
    await Promise.all([white.connect(), black.connect()]);
    const { matchId } = await white.create({ matchLength: 3, color: "white", visibility: "public" });
    await black.join(matchId);
    await white.submitSeed("white-audit");
    await black.submitSeed("black-audit");
    await Promise.all([white.finished(120_000), black.finished(120_000)]);
    white.close();
    black.close();
    const audit = await fetchAudit(t.url, matchId);
    expect(audit.status).toBe(200);
    const bundle = audit.body as unknown as { protocol: string; signature?: { keyId: string } };
    expect(bundle.protocol).toBe("fair-dice-v3");
    const keys = await fetchProofKeys(t.url);
    expect(verifyV3(bundle, undefined, { keys }).verdict).toBe("verified");
    // A verifier written from docs/fair-dice-v3.md alone, importing nothing from lib/, agrees.
    expect(outsideVerify(bundle, { keys: keys.map(({ keyId, publicKey }) => ({ keyId, publicKey })) }).verdict).toBe("verified");
    // The guide's Python recipe, as a player would copy it, on the same file (where Python has its Ed25519).
    if (spawnSync("python3", ["-c", "import cryptography"]).status !== 0) return;
    const recipe = [...readFileSync("docs/provably-fair.md", "utf8").matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] ?? "").find((block) => block.includes("fair-dice-v3"))!;
    const { file } = scratchFiles("live-v3-");
    const result = spawnSync("python3", [file("check3.py", recipe), file("audit.json", bundle), file("keys.json", { format: PROOF_KEYS_FORMAT, keys })], { encoding: "utf8" });
    expect(result.stdout).not.toContain("MISMATCH");
    expect(result.stdout).toMatch(/^OK: \d+ rolls recomputed, 0 waiting/m);
  }, 180_000);
});
