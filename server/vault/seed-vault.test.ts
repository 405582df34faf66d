import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { Console } from "node:console";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { chainCommitment, commitmentOf, createRoller, createSaltedRoller, gameSeedOf, gameSeedsOf, newSalt, rollForNonce } from "@/lib/dice";
import { fairDiceV2Vectors } from "@/lib/dice/fixtures/v2-vectors";
import vectors from "@/lib/dice/fixtures/fair-dice-v1.vectors.json";
import { SeedVaultError } from "./errors";
import { RollService, rollBlocks, saltedRollBlocks } from "./roll-service";
import { commitmentOfSeed, openSealedSeed, protocolOfSeed, sealSeed, type StoredSeed } from "./sealed-seed";
import { Secret } from "./secret";
import { SeedVault } from "./seed-vault";

const key = () => new Secret(Uint8Array.from(randomBytes(32)));

/** A fresh key `k`, with the vault that seals under it and the roll service that opens what it sealed. */
function vaultAndRolls() {
  const k = key();
  return { k, vault: new SeedVault(k), rolls: new RollService(k) };
}

/** Flips one bit of a base64 field's first byte. */
function flip(base64: string): string {
  const bytes = Buffer.from(base64, "base64");
  bytes[0] = bytes[0]! ^ 1;
  return bytes.toString("base64");
}

describe("SeedVault", () => {
  it("draws a seed whose commitment is published and whose plain form only reveal returns", () => {
    const vault = new SeedVault(key());
    const stored = vault.draw();
    const seed = vault.reveal(stored);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(seed)).toBe(stored.commitment);
    expect(Object.keys(stored).sort()).toEqual(["commitment", "sealed"]);
    expect(Object.keys(stored.sealed).sort()).toEqual(["ciphertext", "iv", "tag"]);
    expect(Buffer.from(stored.sealed.iv, "base64")).toHaveLength(12);
    expect(Buffer.from(stored.sealed.tag, "base64")).toHaveLength(16);
  });

  it("draws a different seed and IV every time", () => {
    const vault = new SeedVault(key());
    const a = vault.draw();
    const b = vault.draw();
    expect(a.commitment).not.toBe(b.commitment);
    expect(a.sealed.iv).not.toBe(b.sealed.iv);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => new SeedVault(new Secret(new Uint8Array(16)))).toThrow(RangeError);
  });

  type Tamper = (s: StoredSeed) => StoredSeed;
  const tampering: [string, Tamper][] = [
    ["ciphertext", (s) => ({ ...s, sealed: { ...s.sealed, ciphertext: flip(s.sealed.ciphertext) } })],
    ["tag", (s) => ({ ...s, sealed: { ...s.sealed, tag: flip(s.sealed.tag) } })],
    ["iv", (s) => ({ ...s, sealed: { ...s.sealed, iv: flip(s.sealed.iv) } })],
    ["truncated tag", (s) => ({ ...s, sealed: { ...s.sealed, tag: Buffer.from(s.sealed.tag, "base64").subarray(0, 8).toString("base64") } })],
    ["commitment (the authenticated data)", (s) => ({ ...s, commitment: "0".repeat(64) })],
    ["not base64 at all", (s) => ({ ...s, sealed: { ...s.sealed, iv: "!!!" } })],
  ];
  it.each(tampering)("refuses a tampered %s with ERR_SEED_UNSEAL", (_name, tamper) => {
    const vault = new SeedVault(key());
    const stored = vault.draw();
    expect(() => vault.reveal(tamper(stored))).toThrow(expect.objectContaining({ code: "ERR_SEED_UNSEAL" }));
  });

  it("refuses a seed sealed under another key", () => {
    const stored = new SeedVault(key()).draw();
    expect(() => new SeedVault(key()).reveal(stored)).toThrow(SeedVaultError);
    expect(() => new RollService(key()).rollFor(stored, "a:b", 0)).toThrow(/wrong SEED_ENCRYPTION_KEY/);
  });
});

describe("RollService", () => {
  it("rolls exactly what lib/dice rolls with the revealed seed", () => {
    const { vault, rolls } = vaultAndRolls();
    const stored = vault.draw();
    const seed = vault.reveal(stored);
    for (let nonce = 0; nonce < 3000; nonce++) {
      expect(rolls.rollFor(stored, "w4h1t3seed:Bl4ck_seed-9", nonce)).toEqual(rollForNonce(seed, "w4h1t3seed:Bl4ck_seed-9", nonce));
    }
  });

  it("rolls the protocol's test vectors: each roll's first HMAC block and its dice", () => {
    const k = key();
    const rolls = new RollService(k);
    for (const vector of vectors.vectors) {
      const stored = { commitment: vector.commitment, sealed: sealSeed(k, new Secret(vector.serverSeed), vector.commitment, randomBytes(12)) };
      for (const roll of vector.rolls) {
        expect(rolls.rollFor(stored, vector.clientSeed, roll.nonce)).toEqual(roll.dice);
        expect(Buffer.from(rollBlocks(vector.serverSeed, vector.clientSeed, roll.nonce).next().value).toString("hex")).toBe(roll.hmac);
      }
    }
  });

  // A roll needs a second block only when 31 of the first block's 32 bytes are 252 or more, which no real seed can be
  // made to show; so the blocks themselves are compared with lib/dice's, continuation blocks included.
  it("computes the same byte stream as lib/dice, continuation blocks included", () => {
    const seed = randomBytes(32).toString("hex");
    const roller = createRoller(seed, "a:b");
    for (let nonce = 0; nonce < 200; nonce += 7) {
      const native = rollBlocks(seed, "a:b", nonce);
      const reference = roller.blocks(nonce);
      for (let block = 0; block < 3; block++) expect(Buffer.from(native.next().value)).toEqual(Buffer.from(reference.next().value));
    }
  });

  it("checks a sealed seed against its commitment with the same hash as lib/dice", () => {
    for (let i = 0; i < 50; i++) {
      const seed = randomBytes(32).toString("hex");
      expect(commitmentOfSeed(seed)).toBe(commitmentOf(seed));
    }
    for (const vector of vectors.vectors) expect(commitmentOfSeed(vector.serverSeed)).toBe(vector.commitment);
  });
});

describe("nothing the vault hands out or throws shows the seed or the key", () => {
  const { k, vault, rolls } = vaultAndRolls();
  const stored = vault.draw();
  const seed = vault.reveal(stored);
  const seedBytes = Buffer.from(seed, "hex");
  const keyBytes = Buffer.from(k.unwrap());
  const forbidden = [
    seed,
    seed.toUpperCase(),
    seedBytes.toString("base64"),
    seedBytes.toString("base64url"),
    keyBytes.toString("hex"),
    keyBytes.toString("base64"),
  ];

  let unsealError: unknown;
  try {
    vault.reveal({ ...stored, sealed: { ...stored.sealed, tag: flip(stored.sealed.tag) } });
  } catch (error) {
    unsealError = error;
  }
  const objects: [string, unknown][] = [
    ["the vault", vault],
    ["the roll service", rolls],
    ["the key", k],
    ["the stored seed", stored],
    ["the opened seed inside the vault", openSealedSeed(k, stored)],
    ["an unseal error", unsealError],
    ["everything together", { vault, rolls, k, stored, opened: openSealedSeed(k, stored) }],
  ];

  function consoleOutput(value: unknown): string {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const console = new Console({ stdout: stream, stderr: stream });
    console.log(value);
    console.error("%s %o %O %j", value, value, value, value);
    console.dir(value, { depth: null, showHidden: true });
    return Buffer.concat(chunks).toString("utf8");
  }

  it.each(objects)("%s", (_name, value) => {
    expect(value).toBeDefined();
    const renderings = [
      JSON.stringify(value) ?? "",
      String(value),
      `${value as string}`,
      inspect(value, { depth: null, showHidden: true, getters: true }),
      consoleOutput(value),
      value instanceof Error ? `${value.message} ${value.stack ?? ""}` : "",
    ];
    for (const text of renderings) for (const secret of forbidden) expect(text).not.toContain(secret);
  });

  it("the test would notice a leak (the revealed seed is the forbidden text)", () => {
    expect(consoleOutput({ seed })).toContain(forbidden[0]);
  });

  it("the stored seed keeps neither the seed nor the key in any field", () => {
    const text = JSON.stringify(stored);
    expect(text).not.toContain(seed);
    expect(Buffer.from(stored.sealed.ciphertext, "base64").equals(seedBytes)).toBe(false);
  });
});

describe("fair-dice-v2 seed chains in the vault", () => {
  it("draws a chain whose commitment and game seeds are lib/dice's, and binds the seal to the chain's length", () => {
    const vault = new SeedVault(key());
    const stored = vault.drawChain(5);
    expect(stored.chainLength).toBe(9);
    // The seed's protocol is asked by name; a sealed seed without a chain is fair-dice-v1's.
    expect(protocolOfSeed(stored)).toEqual({ protocol: "fair-dice-v2", chainLength: 9 });
    expect(protocolOfSeed(vault.draw())).toEqual({ protocol: "fair-dice-v1" });
    const seed = vault.reveal(stored);
    expect(chainCommitment(seed, 9)).toBe(stored.commitment);
    for (let game = 1; game <= 9; game++) expect(vault.revealGame(stored, game)).toBe(gameSeedOf(seed, 9, game));
    expect(() => vault.revealGame(stored, 10)).toThrow(RangeError);
    expect(() => vault.revealGame(vault.draw(), 1)).toThrow(RangeError);
    // The length is authenticated: the same sealed seed claimed as a chain of another length, or as v1, does not open.
    expect(() => vault.reveal({ ...stored, chainLength: 7 })).toThrow(expect.objectContaining({ code: "ERR_SEED_UNSEAL" }));
    const { chainLength: _, ...asV1 } = stored;
    expect(() => vault.reveal(asV1)).toThrow(expect.objectContaining({ code: "ERR_SEED_UNSEAL" }));
  });

  it("rolls what lib/dice rolls for every game, nonce and salt, and the published roll vectors", () => {
    const { k, vault, rolls } = vaultAndRolls();
    const stored = vault.drawChain(3);
    const seeds = gameSeedsOf(vault.reveal(stored), 5);
    for (let nonce = 0; nonce < 500; nonce++) {
      const game = (nonce % 5) + 1;
      const salts = nonce % 3 === 0 ? { white: newSalt(), black: newSalt() } : { black: newSalt() };
      expect(rolls.saltedRollFor(stored, "w:b", nonce, game, salts)).toEqual(createSaltedRoller(seeds[game - 1]!, "w:b").roll(nonce, salts));
    }
    expect(() => rolls.rollFor(stored, "w:b", 0)).toThrow(RangeError);
    expect(() => rolls.saltedRollFor(vault.draw(), "w:b", 0, 1, { white: newSalt() })).toThrow(RangeError);
    const published = fairDiceV2Vectors();
    const chain = published.chains.find((c) => c.label === "three-points")!;
    const sealed = { commitment: chain.commitment, chainLength: chain.chainLength, sealed: sealSeed(k, new Secret(chain.serverSeed), chain.commitment, randomBytes(12), chain.chainLength) };
    for (const roll of published.rolls) {
      expect(rolls.saltedRollFor(sealed, roll.clientSeed, roll.nonce, roll.game, roll.salts)).toEqual(roll.dice);
      expect(Buffer.from(saltedRollBlocks(roll.gameSeed, roll.clientSeed, roll.nonce, roll.salts).next().value).toString("hex")).toBe(roll.hmac);
    }
  });
});
