import { describe, expect, it } from "vitest";
import { hashChainFromTail } from "@/lib/dice/hash-chain";
import { playV3, v3Tail } from "@/lib/match/fixtures/v3-match";
import type { Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/match/view";
import { keptChains, type KeyValueStore } from "./kept-chains";

/** A page's localStorage: a "reload" is a new store holding the same text. */
function fakeStorage(from?: Map<string, string>) {
  const items = new Map(from);
  const store: KeyValueStore = { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
  return { store, items };
}

const salt = (digit: string) => digit.repeat(32);

/** The browser of `color` in the fixture's match: it holds the fixture's tail of game 1 (it made that head). */
const browserOf = (color: Color) => fakeStorage(new Map([["fairgammon:chains:m1", JSON.stringify({ tails: { 1: [v3Tail(color, 1, 0)] } })]])).store;

describe("keptChains", () => {
  it("keeps a game's tail before its head is used, and gives the same one after a reload", () => {
    const before = fakeStorage();
    const head = keptChains("m1", before.store).chains(1).headsAfter(0)[0]!;
    const stored = JSON.parse(before.items.get("fairgammon:chains:m1")!) as { tails: Record<string, string[]> };
    expect(stored.tails["1"]).toHaveLength(1);
    expect(hashChainFromTail(stored.tails["1"]![0]!).head).toBe(head);

    const reloaded = fakeStorage(before.items);
    const again = keptChains("m1", reloaded.store);
    expect(again.hasChain(1)).toBe(true);
    expect(again.chains(1).headsAfter(0)[0]).toBe(head);
    expect(again.chains(1).value(3)).toBe(keptChains("m1", before.store).chains(1).value(3));
    // Another match, another tail.
    expect(keptChains("m2", reloaded.store).chains(1).headsAfter(0)[0]).not.toBe(head);
  });

  it("keeps the first salt shown for a nonce and the first answer, whatever comes after", () => {
    const { store, items } = fakeStorage();
    const kept = keptChains("m1", store);
    expect(kept.keepShownSalt(7, salt("a"))).toBe(salt("a"));
    expect(kept.keepShownSalt(7, salt("b"))).toBe(salt("a"));
    expect(kept.keepAnswer(7, 1, 3)).toEqual({ game: 1, c: 3 });
    expect(kept.keepAnswer(7, 1, 4)).toEqual({ game: 1, c: 3 });
    const reloaded = keptChains("m1", fakeStorage(items).store);
    expect(reloaded.shownSalts()).toEqual(new Map([[7, salt("a")]]));
    expect(reloaded.keepAnswer(7, 1, 5)).toEqual({ game: 1, c: 3 });
  });

  it("drops a damaged record rather than trust any of it", () => {
    const { store } = fakeStorage(new Map([["fairgammon:chains:m1", JSON.stringify({ tails: { 1: ["not hex"] }, shown: { 2: "short", x: salt("c") } })]]));
    const kept = keptChains("m1", store);
    expect(kept.hasChain(1)).toBe(false);
    expect(kept.shownSalts().size).toBe(0);
  });

  describe("names what a view shows against what it kept", () => {
    // Black's turn-roll answer: the fixture's match, with white's roll at nonce 3 made.
    const { view } = playV3({ rolls: 4 });
    const nonce = 3;
    const roll = view.rolls[nonce]!;
    const whiteSalt = roll.salts!.white!;

    it("a salt in the log other than the one shown for an answered nonce", () => {
      const kept = keptChains("m1", browserOf("black"));
      kept.keepShownSalt(nonce, whiteSalt);
      expect(kept.problem(view, "black")).toBeNull();
      const replaced: MatchView = { ...view, rolls: view.rolls.map((r) => (r.nonce === nonce ? { ...r, salts: { white: salt("e") } } : r)) };
      expect(kept.problem(replaced, "black")).toEqual({ kind: "forwardedSalt", nonce, kept: whiteSalt, shown: salt("e") });
    });

    it("a head for the opponent other than the one it was shown", () => {
      const kept = keptChains("m1", browserOf("white"));
      kept.observe(view, "white");
      expect(kept.heads().get(1)?.white).toEqual(view.chains[1]!.white);
      expect(kept.heads().get(1)?.black).toEqual(view.chains[1]!.black);
      expect(kept.problem(view, "white")).toBeNull();
      const swapped: MatchView = { ...view, chains: { ...view.chains, 1: { ...view.chains[1], black: ["f".repeat(64)] } } };
      expect(kept.problem(swapped, "white")).toEqual({ kind: "head", game: 1, player: "black" });
    });

    it("an opponent's value that is not the next one on their chain", () => {
      const kept = keptChains("m1", browserOf("white"));
      const answered = view.rolls.find((r) => r.values?.black !== undefined && r.kind === "turn")!;
      const forged: MatchView = { ...view, rolls: view.rolls.map((r) => (r === answered ? { ...r, values: { black: "e".repeat(64) } } : r)) };
      expect(kept.problem(forged, "white")).toEqual({ kind: "opponentValue", game: 1, nonce: answered.nonce });
    });

    it("a head of its own player that this browser did not make", () => {
      const kept = keptChains("m1", fakeStorage().store);
      // The fixture's white head came from the fixture's tail: this browser holds none for game 1.
      expect(kept.problem(view, "white")).toEqual({ kind: "notThisBrowser", game: 1 });
      kept.chains(1);
      expect(kept.problem(view, "white")).toEqual({ kind: "head", game: 1, player: "white" });
    });
  });
});
