/**
 * fair-dice-v3's contribution chains (docs/fair-dice-v3.md, section 1): each player's browser draws a random tail
 * for each game and hashes it M = 1024 times; it publishes the last hash (the head) before the game's first roll and
 * then reveals the earlier values one by one, one per roll it contributes to. A hash chain is revealed backwards, so a
 * revealed value is fixed by the head (one hash checks it) yet tells nothing of the next one — which is what keeps
 * a roll unknown to the roller and the server until the opponent answers. A game that needs more than M values
 * renews its chain: the browser commits a new head with the reveal of the last value of the old one.
 *
 * @example
 *   const chain = hashChainFromTail(newChainTail());
 *   chain.head;                                               // published when the game starts
 *   revealFollows(chain.value(1), chain.head);                // true: the first contribution hashes to the head
 *   contributionPlace(1025);                                  // { chain: 1, position: 1 }: the renewed chain's first value
 */
import { CONTRIBUTION_CHAIN_LENGTH, contributionPlace, headsAfter, isChainValue } from "./chain-values";
import { hashes } from "./hash-backend";
import { chainLink, hashTimes } from "./seed-chain";

export { CHAIN_VALUE_PATTERN, CONTRIBUTION_CHAIN_LENGTH, contributionPlace, headsAfter, isChainValue } from "./chain-values";

/** A fresh tail: 32 bytes from the browser's or Node's `crypto.getRandomValues`, as 64 lowercase hex characters. */
export function newChainTail(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface HashChain {
  readonly tail: string;
  /** value(0), the committed one. */
  readonly head: string;
  /** value(i) for 0 ≤ i ≤ M: value(M) is the tail, value(i) the hex SHA-256 of value(i + 1). */
  value(i: number): string;
}

/** The whole chain of `tail`, computed once (M hashes) so that every reveal is a lookup. */
export function hashChainFromTail(tail: string): HashChain {
  if (!isChainValue(tail)) throw new RangeError("hashChainFromTail: a tail is 64 lowercase hex characters");
  const values = new Array<string>(CONTRIBUTION_CHAIN_LENGTH + 1);
  values[CONTRIBUTION_CHAIN_LENGTH] = tail;
  for (let i = CONTRIBUTION_CHAIN_LENGTH - 1; i >= 0; i--) values[i] = chainLink(values[i + 1]!);
  return {
    tail,
    head: values[0]!,
    value(i) {
      if (!Number.isSafeInteger(i) || i < 0 || i > CONTRIBUTION_CHAIN_LENGTH) throw new RangeError(`HashChain.value: ${i} is outside 0..${CONTRIBUTION_CHAIN_LENGTH}`);
      return values[i]!;
    },
  };
}

/** The head of `tail`'s chain: what anyone recomputes from a tail published after its game. */
export function chainHead(tail: string): string {
  return hashTimes(tail, CONTRIBUTION_CHAIN_LENGTH);
}

/**
 * Whether `value` is the reveal that follows `previous` (the value before it, or the head): one hash. A verifier
 * makes one check per roll, so it is hash-backend.ts's — Node's native SHA-256 in Node, noble's in a browser.
 */
export function revealFollows(value: string, previous: string): boolean {
  return hashes.sha256HexIs(value, previous);
}

/** One player's chains for one game, as their browser keeps them. */
export interface GameChains {
  /** The heads committed so far with `contributions` values revealed (headsAfter). */
  headsAfter(contributions: number): string[];
  /** Contribution `c`: value(position) of chain `chain` (contributionPlace). */
  value(c: number): string;
}

/**
 * The chains whose tails `tailOf` gives (chain 0 the game's first, then each renewal's), each computed once, when
 * first needed: a browser draws and keeps a renewal's tail only when its game comes to need it.
 */
export function gameChains(tailOf: (chain: number) => string): GameChains {
  const chains: HashChain[] = [];
  const chainAt = (index: number): HashChain => (chains[index] ??= hashChainFromTail(tailOf(index)));
  return {
    headsAfter: (contributions) => Array.from({ length: headsAfter(contributions) }, (_, index) => chainAt(index).head),
    value(c) {
      const { chain, position } = contributionPlace(c);
      return chainAt(chain).value(position);
    },
  };
}

/** Why a revealed value is refused: it does not hash to the one before it, or there is no committed head for it. */
export type RevealProblem = "notOnChain" | "noHead";

/**
 * The opponent's reveals as one side checks them (the other browser live, a verifier afterwards): each value must
 * hash to the previous one, the first of each chain to its head; `heads` are the player's heads for the game.
 */
export interface RevealFollower {
  /** How many values have been accepted so far: the next one is contribution `accepted + 1`. */
  readonly accepted: number;
  /** Checks `value` as the next contribution; on success it becomes the previous value. */
  accept(value: string): RevealProblem | null;
}

export function followReveals(heads: readonly string[]): RevealFollower {
  let accepted = 0;
  let previous: string | undefined;
  return {
    get accepted() {
      return accepted;
    },
    accept(value) {
      // contributionPlace(accepted + 1), without an object for each of a verifier's 10,000 reveals.
      const before = accepted % CONTRIBUTION_CHAIN_LENGTH === 0 ? heads[accepted / CONTRIBUTION_CHAIN_LENGTH] : previous;
      if (before === undefined) return "noHead";
      if (!revealFollows(value, before)) return "notOnChain";
      accepted++;
      previous = value;
      return null;
    },
  };
}
