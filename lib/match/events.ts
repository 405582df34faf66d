/**
 * The record of a match: the events the server persists (one per version, append-only) and broadcasts. Folding them
 * in order with `evolve` (view.ts) rebuilds the whole match, on the server after a restart and in the browser from a
 * snapshot plus live events; `decide` (decide.ts) is the only maker of new ones.
 *
 * The server seed appears in exactly one event, `ended`, written when the match is over; a fair-dice-v2 game's seed
 * in `game-seed`, written when that game is over. A first opening salt is stored in its `salt` event but leaves the
 * server without its value (`PublishedEvent`): only the roll shows it. Events hold facts, never sentences: pages and tools word them from
 * the message files (an `ended` event stored before issue 28 also has an English `detail`, which is dropped when read). The rematch events follow it:
 * a finished match's offer, its refusal, and the match the accepted offer made are in its log like everything else.
 */
import type { AccountKind } from "../access/may";
import type { BundleRoll } from "../dice/types";
import type { MatchAction } from "../engine/match-state";
import type { Color } from "../engine/types";
import type { TimeControl } from "./clock";

export interface PlayerInfo {
  readonly id: string;
  readonly name: string;
  readonly isGuest: boolean;
  /**
   * The account's kind (lib/access/may.ts): registered, guest, or the site's computer — a kind, not a name. Written in
   * every record made since issue 48; absent in older ones, which the view gives a kind when it folds them
   * (player-kind.ts `seatedPlayer`), so `view.players[color].kind` is always set.
   */
  readonly kind?: AccountKind;
}

export type Visibility = "public" | "private";

/**
 * Why a match ended: won on the board (including drops and resignations), cancelled before play, abandoned, or lost
 * on time (a player's reserve ran out: the opponent is awarded the match, whatever the score).
 */
export type EndReason = "finished" | "cancelled" | "abandoned" | "timeout";

export type MatchEvent =
  | {
      readonly type: "created";
      readonly matchLength: number;
      readonly visibility: Visibility;
      readonly commitment: string;
      readonly creator: PlayerInfo;
      readonly creatorColor: Color;
      /** The match's clock (lib/record/clock.ts); absent or null: untimed. */
      readonly timeControl?: TimeControl | null;
      /**
       * Rated: its end moves both players' ratings (lib/rating). Only registered players sit at a rated match (never
       * a guest or the computer). Absent in matches created before ratings existed, which are unrated.
       */
      readonly rated?: boolean;
      /**
       * fair-dice-v2 (docs/fair-dice-v2.md): the commitment covers a chain of `chainLength` game seeds. Absent in
       * matches created before, which roll by fair-dice-v1.
       */
      readonly dice?: { readonly protocol: "fair-dice-v2" | "fair-dice-v3"; readonly chainLength: number };
    }
  | { readonly type: "joined"; readonly color: Color; readonly player: PlayerInfo }
  /** `at`: when it was stored (ms since the epoch); absent in events stored before fair-dice-v3. */
  | { readonly type: "seed"; readonly color: Color; readonly clientSeed: string; readonly at?: number }
  /**
   * A rules action (lib/engine). Rolls carry the roll-log entry they were drawn as. `at`: the server's time when it
   * was stored (ms since the epoch), which the clocks are derived from; absent in events stored before clocks existed.
   */
  | { readonly type: "action"; readonly action: MatchAction; readonly roll?: BundleRoll; readonly at?: number }
  /**
   * fair-dice-v2: `color`'s salt for the opening roll with nonce `nonce`, the first of the two it needs (the second
   * one makes the roll, which carries both). Stored with its value; published without it (`PublishedSaltEvent`).
   */
  | { readonly type: "salt"; readonly color: Color; readonly nonce: number; readonly salt: string }
  /**
   * fair-dice-v3 (docs/fair-dice-v3.md, section 2): `color`'s browser committed `head`, the head of its next chain of
   * values for game `game` — the game's first before its first roll, a renewal's with the reveal of a chain's last
   * value. Public: a head tells nothing of the values before it.
   */
  | { readonly type: "chain-committed"; readonly color: Color; readonly game: number; readonly head: string; readonly at: number }
  /**
   * fair-dice-v3: roller `color`'s salt for turn roll `nonce`, recorded before it is forwarded to the opponent, whose
   * browser then reveals its value and so makes the roll. Public: the opponent's value was fixed by its head first.
   */
  | { readonly type: "salt-received"; readonly color: Color; readonly nonce: number; readonly salt: string; readonly at: number }
  /**
   * fair-dice-v3: `color`'s chain value for opening roll `nonce`, the first of the two it needs (the second makes the
   * roll, which carries both). Public: the other player's value is fixed by its head, so knowing this one chooses nothing.
   */
  | { readonly type: "value-revealed"; readonly color: Color; readonly nonce: number; readonly value: string; readonly at: number }
  /** fair-dice-v2: game `game` has ended, and its seed is revealed (docs/fair-dice-v2.md, section 2, step 5). */
  | { readonly type: "game-seed"; readonly game: number; readonly seed: string }
  | {
      readonly type: "ended";
      readonly reason: EndReason;
      readonly winner: Color | null;
      /** Revealed here, and nowhere before. */
      readonly serverSeed: string;
      /** The server's time when it was stored (ms since the epoch); absent in events stored before clocks existed. */
      readonly at?: number;
    }
  /** After the end: `color` asks the opponent for a rematch (same settings, colours swapped). */
  | { readonly type: "rematch-offered"; readonly color: Color }
  /** `color` declined the pending offer; either player may offer again. */
  | { readonly type: "rematch-declined"; readonly color: Color }
  /** The offer of `offeredBy` was accepted: `matchId` is the new match, both players seated in it. */
  | { readonly type: "rematch-made"; readonly offeredBy: Color; readonly matchId: string };

export type MatchEventType = MatchEvent["type"];

/**
 * fair-dice-v2: a `salt` event as it leaves the server (published.ts). The first opening salt is withheld until the
 * second is in: an opponent who knew the game's seed could otherwise try salts of their own offline and pick the
 * opening roll. Everyone learns whose salt is in, and `commitment`, hex(SHA-256(salt)) over its 32 ASCII characters,
 * which the roll that reveals the salt can be checked against.
 */
export interface PublishedSaltEvent {
  readonly type: "salt";
  readonly color: Color;
  readonly nonce: number;
  readonly commitment: string;
}

/** An event as clients get it — broadcast, in a command's answer, in the event log route: a salt without its value. */
export type PublishedEvent = Exclude<MatchEvent, { readonly type: "salt" }> | PublishedSaltEvent;

/** An event in either form — what `evolve` folds and a page words: the server's stored ones, a client's published ones. */
export type AnyMatchEvent = MatchEvent | PublishedEvent;
