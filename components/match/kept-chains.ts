/**
 * What this browser keeps for a fair-dice-v3 match (docs/fair-dice-v3.md, section 6), in the page's local storage by
 * match, each piece *before* anything that depends on it is sent: each game's chain tails (chain 0, then a renewal's,
 * drawn when first needed), the contribution number it answered each nonce with, the salt it was shown as the opponent
 * for each nonce it answered, and the heads it was shown for each player in each game. A reload or a reconnection
 * therefore sends the same head and the same value again, never new ones; and `keptProblem` names a view that shows,
 * for a nonce already answered, another salt than the one kept (a salt forwarded after the answer: a second try at
 * the roll), a head other than the one kept, or an opponent's value that is not the next one on their chain. The salts this browser made are kept-salts.ts's, as under v2.
 *
 * @example
 *   const kept = keptChains("m1");
 *   kept.chains(1).headsAfter(0)[0];            // game 1's head: drawn once, the same after a reload
 *   kept.keepShownSalt(7, salt);                // the opponent's salt for nonce 7, as first shown
 *   kept.problem(view, "black");                // { kind: "forwardedSalt", nonce: 7, … } or null
 */
import { CONTRIBUTION_CHAIN_LENGTH, followReveals, gameChains, isChainValue, newChainTail, type GameChains, type RevealFollower } from "@/lib/dice/hash-chain";
import type { GameHeads } from "@/lib/dice/bundle-v3";
import { isSalt } from "@/lib/dice/salt";
import { opponentOf, type Color } from "@/lib/engine/types";
import { computerSeat, pendingTurnRoll } from "@/lib/match/contributions";
import type { MatchView } from "@/lib/match/view";

const PREFIX = "fairgammon:chains:";
const COLORS = ["white", "black"] as const;

/** The record as stored: game and nonce keys in decimal. */
interface Kept {
  /** Each game's tails, by chain (0 the game's first, then each renewal's). */
  readonly tails: Record<string, string[]>;
  /** The contribution number each nonce was answered with (1 for a game's first). */
  readonly answers: Record<string, { readonly game: number; readonly c: number }>;
  /** The other player's salt this browser was shown for each turn roll it answered. */
  readonly shown: Record<string, string>;
  /** The heads each player had in each game as the view showed them (this browser's own: those it made). */
  readonly heads: Record<string, Partial<Record<Color, string[]>>>;
}

/** What a view shows that differs from what this browser kept: the browser names it to its player. */
export type KeptProblem =
  | { readonly kind: "forwardedSalt"; readonly nonce: number; readonly kept: string; readonly shown: string | null }
  | { readonly kind: "head"; readonly game: number; readonly player: Color }
  | { readonly kind: "opponentValue"; readonly game: number; readonly nonce: number }
  | { readonly kind: "notThisBrowser"; readonly game: number };

export interface KeptChains {
  /** Game `game`'s chains: chain 0's tail drawn and kept on first use, a renewal's when its head is first asked for. */
  chains(game: number): GameChains;
  /** Whether this browser holds game `game`'s first tail (it made the game's head). */
  hasChain(game: number): boolean;
  /** The game and contribution number nonce `nonce` is answered with: these the first time, the kept ones ever after. */
  keepAnswer(nonce: number, game: number, c: number): { readonly game: number; readonly c: number };
  /** Keeps the salt shown for `nonce` unless one is kept already; returns the kept one (the first shown). */
  keepShownSalt(nonce: number, salt: string): string;
  /** Keeps the heads the view shows for each player of each game (a longer list with the kept one as its start). */
  observe(view: MatchView, you: Color): void;
  /** What the view shows against what was kept, or null: the first difference found. */
  problem(view: MatchView, you: Color): KeptProblem | null;
  /** The salts shown by nonce and the heads by game, for the verifier panel (lib/dice verifyV3's `browser`). */
  shownSalts(): ReadonlyMap<number, string>;
  heads(): ReadonlyMap<number, GameHeads>;
}

/** A place to keep text by key: the page's localStorage, or a test's. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

function pageStorage(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The in-page copy, by store (a private window that refuses storage keeps it for the page's life). */
const memories = new WeakMap<object, Map<string, Kept>>();
const NO_STORE = {};
/** One KeptChains by store and match: each holds its games' chains, computed once (a chain is 1024 hashes). */
const instances = new WeakMap<object, Map<string, KeptChains>>();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const decimalKeys = <T>(value: unknown, keep: (entry: unknown) => T | undefined): Record<string, T> =>
  Object.fromEntries(
    Object.entries(isRecord(value) ? value : {}).flatMap(([key, entry]) => {
      const kept = /^\d+$/.test(key) ? keep(entry) : undefined;
      return kept === undefined ? [] : [[key, kept] as const];
    }),
  );
const chainList = (value: unknown): string[] | undefined => (Array.isArray(value) && value.length > 0 && value.every(isChainValue) ? [...value] : undefined);

/** The stored record, each part checked: a damaged part is dropped (nothing of it is trusted or sent). */
function parse(text: string | null): Kept | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!isRecord(parsed)) return null;
    return {
      tails: decimalKeys(parsed.tails, chainList),
      answers: decimalKeys(parsed.answers, (entry) =>
        isRecord(entry) && Number.isSafeInteger(entry.game) && Number.isSafeInteger(entry.c) && (entry.c as number) > 0 ? { game: entry.game as number, c: entry.c as number } : undefined,
      ),
      shown: decimalKeys(parsed.shown, (entry) => (isSalt(entry) ? entry : undefined)),
      heads: decimalKeys(parsed.heads, (entry) => {
        if (!isRecord(entry)) return undefined;
        const heads: Partial<Record<Color, string[]>> = {};
        for (const color of COLORS) {
          const list = chainList(entry[color]);
          if (list) heads[color] = list;
        }
        return heads;
      }),
    };
  } catch {
    return null;
  }
}

const startsWith = (list: readonly string[], start: readonly string[]) => start.every((head, i) => list[i] === head);

export function keptChains(matchId: string, store: KeyValueStore | null = pageStorage()): KeptChains {
  const byMatch = instances.get(store ?? NO_STORE) ?? new Map<string, KeptChains>();
  instances.set(store ?? NO_STORE, byMatch);
  const existing = byMatch.get(matchId);
  if (existing) return existing;
  const made = makeKeptChains(matchId, store);
  byMatch.set(matchId, made);
  return made;
}

function makeKeptChains(matchId: string, store: KeyValueStore | null): KeptChains {
  const key = PREFIX + matchId;
  const memory = memories.get(store ?? NO_STORE) ?? new Map<string, Kept>();
  memories.set(store ?? NO_STORE, memory);
  const read = (): Kept => {
    let stored: string | null = null;
    try {
      stored = store?.getItem(key) ?? null;
    } catch {
      // Refused: the in-page copy below.
    }
    return parse(stored) ?? memory.get(key) ?? { tails: {}, answers: {}, shown: {}, heads: {} };
  };
  const write = (kept: Kept): void => {
    memory.set(key, kept);
    try {
      store?.setItem(key, JSON.stringify(kept));
    } catch {
      // Full or refused: the in-page copy keeps it for this page's life.
    }
  };
  const tailOf = (game: number, chain: number): string => {
    const kept = read();
    const tails = kept.tails[game] ?? [];
    const tail = tails[chain];
    if (tail !== undefined) return tail;
    if (chain !== tails.length) throw new RangeError(`keptChains: chain ${chain} of game ${game} before chain ${tails.length}`);
    const drawn = newChainTail();
    write({ ...kept, tails: { ...kept.tails, [game]: [...tails, drawn] } });
    return drawn;
  };
  /** The heads of the tails this browser holds for `game` (computing a chain only for a tail that exists). */
  const ownHeads = (game: number): string[] => {
    const count = read().tails[game]?.length ?? 0;
    return count === 0 ? [] : kept.chains(game).headsAfter((count - 1) * CONTRIBUTION_CHAIN_LENGTH);
  };
  const games = new Map<number, GameChains>();
  const kept: KeptChains = {
    chains(game) {
      tailOf(game, 0);
      let chains = games.get(game);
      if (!chains) games.set(game, (chains = gameChains((chain) => tailOf(game, chain))));
      return chains;
    },
    hasChain: (game) => (read().tails[game]?.length ?? 0) > 0,
    keepAnswer(nonce, game, c) {
      const stored = read();
      const answered = stored.answers[nonce];
      if (answered) return answered;
      write({ ...stored, answers: { ...stored.answers, [nonce]: { game, c } } });
      return { game, c };
    },
    keepShownSalt(nonce, salt) {
      const stored = read();
      const shown = stored.shown[nonce];
      if (shown !== undefined) return shown;
      write({ ...stored, shown: { ...stored.shown, [nonce]: salt } });
      return salt;
    },
    observe(view, you) {
      const stored = read();
      let heads = stored.heads;
      for (const [game, byColor] of Object.entries(view.chains)) {
        for (const color of COLORS) {
          const shown = byColor[color] ?? [];
          const before = heads[game]?.[color] ?? [];
          // This browser's own heads are kept only as it made them, as many as the view shows committed.
          const mine = color === you ? ownHeads(Number(game)).slice(0, shown.length) : shown;
          if (mine.length <= before.length || !startsWith(mine, before) || (color === you && !startsWith(shown, mine))) continue;
          heads = { ...heads, [game]: { ...heads[game], [color]: [...mine] } };
        }
      }
      if (heads !== stored.heads) write({ ...stored, heads });
    },
    problem(view, you) {
      const stored = read();
      const opponent = opponentOf(you);
      const pending = pendingTurnRoll(view);
      for (const [nonceKey, salt] of Object.entries(stored.shown)) {
        const nonce = Number(nonceKey);
        const roll = view.rolls[nonce];
        const shown = roll ? (roll.salts?.[opponent] ?? null) : pending?.nonce === nonce ? pending.salt : undefined;
        if (shown !== undefined && shown !== salt) return { kind: "forwardedSalt", nonce, kept: salt, shown };
      }
      for (const [game, byColor] of Object.entries(view.chains)) {
        for (const color of COLORS) {
          const shown = byColor[color] ?? [];
          const before = stored.heads[game]?.[color] ?? [];
          if (!startsWith(shown, before)) return { kind: "head", game: Number(game), player: color };
        }
        const mine = byColor[you] ?? [];
        if (mine.length === 0) continue;
        if (!kept.hasChain(Number(game))) return { kind: "notThisBrowser", game: Number(game) };
        const own = ownHeads(Number(game));
        if (!mine.every((head, i) => own[i] === undefined || own[i] === head)) return { kind: "head", game: Number(game), player: you };
      }
      return valueProblem(view, opponentOf(you));
    },
    shownSalts: () => new Map(Object.entries(read().shown).map(([nonce, salt]) => [Number(nonce), salt])),
    heads: () => new Map(Object.entries(read().heads).map(([game, heads]) => [Number(game), heads])),
  };
  return kept;
}

/** The first value of `color` in the view that does not hash to the one before it (or to its chain's head), or null. */
function valueProblem(view: MatchView, color: Color): KeptProblem | null {
  if (computerSeat(view, color)) return null;
  const followers = new Map<number, RevealFollower>();
  for (const roll of view.rolls) {
    const value = roll.values?.[color];
    if (value === undefined) continue;
    let follower = followers.get(roll.game);
    if (!follower) followers.set(roll.game, (follower = followReveals(view.chains[roll.game]?.[color] ?? [])));
    if (follower.accept(value) !== null) return { kind: "opponentValue", game: roll.game, nonce: roll.nonce };
  }
  return null;
}
