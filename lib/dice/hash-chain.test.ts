import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  chainHead,
  CONTRIBUTION_CHAIN_LENGTH,
  contributionPlace,
  followReveals,
  gameChains,
  hashChainFromTail,
  headsAfter,
  isChainValue,
  newChainTail,
  revealFollows,
} from "./hash-chain";

const sha = (text: string) => createHash("sha256").update(text, "ascii").digest("hex");
const TAIL = "00000000000000000000000000000000000000000000000000000000000000ff";

describe("hash chains (docs/fair-dice-v3.md, section 1)", () => {
  it("is M = 1024 values long, value(M) the tail and each value the hex SHA-256 of the next as ASCII", () => {
    expect(CONTRIBUTION_CHAIN_LENGTH).toBe(1024);
    const chain = hashChainFromTail(TAIL);
    expect(chain.value(1024)).toBe(TAIL);
    expect(chain.value(1023)).toBe(sha(TAIL));
    for (const i of [0, 1, 500, 1022]) expect(chain.value(i)).toBe(sha(chain.value(i + 1)));
    expect(chain.head).toBe(chain.value(0));
    expect(chainHead(TAIL)).toBe(chain.head);
    expect(() => chain.value(1025)).toThrow(RangeError);
    expect(() => hashChainFromTail("AB".repeat(32))).toThrow(RangeError);
  });

  it("checks each reveal with one hash against the value before it, and never against a later or earlier one", () => {
    for (let run = 0; run < 20; run++) {
      const chain = hashChainFromTail(randomBytes(32).toString("hex"));
      const c = 1 + (run * 53) % CONTRIBUTION_CHAIN_LENGTH;
      expect(revealFollows(chain.value(c), chain.value(c - 1))).toBe(true);
      if (c < CONTRIBUTION_CHAIN_LENGTH) expect(revealFollows(chain.value(c + 1), chain.value(c - 1))).toBe(false);
      expect(revealFollows(chain.value(c - 1), chain.value(c))).toBe(false);
    }
  });

  it("draws tails of 64 lowercase hex characters", () => {
    const tails = new Set(Array.from({ length: 50 }, newChainTail));
    expect(tails.size).toBe(50);
    for (const tail of tails) expect(isChainValue(tail)).toBe(true);
    expect(isChainValue("A".repeat(64))).toBe(false);
    expect(isChainValue("a".repeat(63))).toBe(false);
  });

  it("places contribution c on the game's chains: M per chain, a renewed chain's value(1) after value(M)", () => {
    expect(contributionPlace(1)).toEqual({ chain: 0, position: 1 });
    expect(contributionPlace(1024)).toEqual({ chain: 0, position: 1024 });
    expect(contributionPlace(1025)).toEqual({ chain: 1, position: 1 });
    expect(contributionPlace(2049)).toEqual({ chain: 2, position: 1 });
    expect(() => contributionPlace(0)).toThrow(RangeError);
    // A new head comes with the reveal of value(M): after exactly M contributions there are two heads.
    expect([0, 1, 1023, 1024, 1025, 2048].map(headsAfter)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it("follows a player's reveals across a renewal, and refuses a value off the chain or past the last head", () => {
    const tails = [randomBytes(32).toString("hex"), randomBytes(32).toString("hex")];
    const chains = gameChains((chain) => tails[chain]!);
    const heads = chains.headsAfter(1030);
    expect(heads).toEqual(tails.map(chainHead));
    const follower = followReveals(heads);
    for (let c = 1; c <= 1030; c++) expect(follower.accept(chains.value(c))).toBeNull();
    expect(follower.accepted).toBe(1030);
    expect(follower.accept(sha("not the next value"))).toBe("notOnChain");
    expect(follower.accepted).toBe(1030);
    expect(follower.accept(chains.value(1031))).toBeNull();

    const onlyFirstHead = followReveals(heads.slice(0, 1));
    for (let c = 1; c <= 1024; c++) onlyFirstHead.accept(chains.value(c));
    expect(onlyFirstHead.accept(chains.value(1025))).toBe("noHead");
  });

  it("refuses the other player's values, and a value given twice", () => {
    const mine = gameChains(() => "1".repeat(64));
    const theirs = gameChains(() => "2".repeat(64));
    const follower = followReveals(mine.headsAfter(0));
    expect(follower.accept(theirs.value(1))).toBe("notOnChain");
    expect(follower.accept(mine.value(1))).toBeNull();
    expect(follower.accept(mine.value(1))).toBe("notOnChain");
  });

  it("draws a renewal's tail only when its game comes to need it", () => {
    const asked: number[] = [];
    const chains = gameChains((chain) => {
      asked.push(chain);
      return sha(`tail ${chain}`);
    });
    chains.value(1);
    chains.value(1024);
    expect(asked).toEqual([0]);
    expect(chains.headsAfter(1023)).toHaveLength(1);
    chains.value(1025);
    expect(asked).toEqual([0, 1]);
    expect(chains.headsAfter(1024)).toEqual([chainHead(sha("tail 0")), chainHead(sha("tail 1"))]);
  });
});
