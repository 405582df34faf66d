/**
 * What the match aggregate is asked (`MatchCommand`) and what it is told (`DecideContext`): a command is what a
 * player — or the matchmaker, a computer seat, a rematch — wants; the context brings what the pure core may not fetch
 * itself: the time, who is asking and what kind of account they hold, the next dice and the seed (drawn by the
 * vault only when a decision needs them), presence, fresh ids.
 *
 * @example
 *   decide(view, { type: "play", play: { type: "move", moves } , expectedVersion: 12 }, context);
 *   decide(view, { type: "settle" }, context); // what follows by itself: an opening roll, a pass, a timeout, the end
 */
import type { AccountKind } from "../access/may";
import type { RollSalts, RollValues } from "../dice/types";
import type { MoveSpec } from "../engine/notation";
import type { Color, Dice } from "../engine/types";
import type { TimeControl } from "./clock";
import type { MatchEvent, PlayerInfo, Visibility } from "./events";
import type { Refusal } from "./refusal";
import type { MatchView } from "./view";

/** The kind of account a participant holds: lib/access/may.ts says what each kind may do. */
export type { AccountKind };

/** A player as a command's context knows them: how a match shows them, and their account's kind. */
export interface Participant {
  readonly player: PlayerInfo;
  readonly kind: AccountKind;
}

/** A rules action a seat asks for; the seat, and the dice of a roll, are the aggregate's to fill in. */
export type PlayRequest =
  /**
   * In a fair-dice-v2 match a roll carries the roller's `salt` (docs/fair-dice-v2.md) for roll `nonce`, which the
   * browser keeps and sends again for the same nonce; an opening roll waits for both players' salts.
   */
  | { readonly type: "roll"; readonly salt?: string; readonly nonce?: number }
  /**
   * fair-dice-v3 (docs/fair-dice-v3.md, section 2): the head of the sender's chain for game `game`, sent by their
   * browser before the game's first roll (contributions.ts).
   */
  | { readonly type: "commit-chain"; readonly game: number; readonly head: string }
  /**
   * fair-dice-v3: the sender's next chain value for roll `nonce` — an opening roll's, or the opponent's answer to a
   * turn roll's salt. `nextHead`: the renewed chain's head, due with the reveal of a chain's last value.
   */
  | { readonly type: "reveal"; readonly nonce: number; readonly value: string; readonly nextHead?: string }
  | { readonly type: "double" }
  | { readonly type: "take" }
  | { readonly type: "drop" }
  | { readonly type: "move"; readonly moves: readonly MoveSpec[] }
  | { readonly type: "resign-offer"; readonly level: 1 | 2 | 3 }
  | { readonly type: "resign-accept" }
  | { readonly type: "resign-decline" };

export type MatchCommand = (
  | {
      /** A new match: the actor takes `color`; `opponent`, when given, takes the other seat at once. */
      readonly type: "create";
      readonly matchLength: number;
      readonly visibility: Visibility;
      readonly timeControl: TimeControl | null;
      readonly rated: boolean;
      readonly color: Color;
      /** The commitment of the seed the vault drew for this match (fair-dice-v1, section 2, step 1). */
      readonly commitment: string;
      /**
       * fair-dice-v2: the length of the seed chain the commitment covers (2N − 1). Required: a match is never created
       * as fair-dice-v1 (dice-protocol.ts); a create without it is refused (ERR_OUTDATED_PROTOCOL).
       */
      readonly chainLength: number;
      /**
       * The dice protocol, when the server creates fair-dice-v3 matches (dice-protocol.ts); left out: fair-dice-v2.
       * The vault's chain serves both: v3 adds the browsers' chain values, not another seed.
       */
      readonly protocol?: "fair-dice-v2" | "fair-dice-v3";
      /** Seated at once: the computer asked for, the queue's pairing, the rematch's accepter (invited, all three). */
      readonly opponent?: Participant;
    }
  /** `inviteToken`: from the invitation link the joiner opened (a private match needs it). */
  | { readonly type: "join"; readonly inviteToken?: string }
  | { readonly type: "seed"; readonly clientSeed: string; readonly commitment: string }
  | { readonly type: "play"; readonly play: PlayRequest }
  | { readonly type: "cancel" }
  /**
   * The server ends a match nobody began (a tournament's no-show, after its forfeit is recorded): only the server
   * (no actor) may, and only before the first roll. Stored as a cancel, seed revealed, no winner.
   */
  | { readonly type: "void" }
  | { readonly type: "claim-abandoned" }
  | { readonly type: "rematch-offer" }
  | { readonly type: "rematch-answer"; readonly accept: boolean }
  /** By the server itself: what the match owes without anyone asking (one event at a time), or nothing. */
  | { readonly type: "settle" }
) & {
  /** The version the sender's board showed: a command meant for another version is refused (ERR_STALE_VERSION). */
  readonly expectedVersion?: number;
};

export interface DecideContext {
  /** The server's clock, ms since the epoch: stamped on actions and ends (the clocks are derived from it). */
  readonly now: number;
  /** Who sends the command, from the session (never the payload); null for the server itself (`settle`). */
  readonly actor: Participant | null;
  /**
   * The dice of the next roll-log entry (nonce = rolls so far, in the game being played), with the roll's salts in a
   * fair-dice-v2 match. Called only once a roll is allowed.
   */
  readonly dice: (salts?: RollSalts, values?: RollValues) => Dice;
  /**
   * fair-dice-v3: the computer's contribution `c` (1, 2, …) to game `game`'s rolls, `computerValue(gameSeed(k), c)`
   * (docs/fair-dice-v3.md, section 1); only the value leaves the vault. Called only for a roll with the computer's seat.
   */
  readonly computerValue: (game: number, contribution: number) => string;
  /**
   * fair-dice-v2: the computer's salt for roll `nonce` of game `game` (docs/fair-dice-v2.md, section 3a), from that
   * game's seed; only the salt leaves the vault. Called only for a roll of the computer's seat.
   */
  readonly computerSalt: (game: number, nonce: number) => string;
  /** fair-dice-v2: game `game`'s seed, for the event that reveals it when the game ends. Called only then. */
  readonly gameSeed: (game: number) => string;
  /** The server seed, for the event that ends the match (fair-dice-v1, section 2, step 5). Called only then. */
  readonly serverSeed: () => string;
  /** When a user's last connection closed (ms since the epoch); null while connected. */
  readonly awaySince: (userId: string) => number | null;
  /** How long a player may be away before the opponent can claim the match. */
  readonly abandonAfterMs: number;
  /**
   * The server's word on whether a user is a computer player, by user id. A decision that only needs to know whether a
   * seat is the computer's (its seed comes first, it accepts a rematch at once) reads the seat's `kind` instead, which
   * the server writes into every player record from the same user rows (player-kind.ts).
   */
  readonly isComputer: (userId: string) => boolean;
  /**
   * Whether `given` is this match's invite token. The token is the shell's (the view does not carry it), compared in
   * constant time; a public match has none.
   */
  readonly holdsInvite: (given: string | undefined) => boolean;
  /** A fresh match id, for the match a rematch makes. */
  readonly newMatchId: () => string;
}

/** A create as the shell asks for it: the seed's commitment and chain length are the vault's to add. */
export type CreateRequest = Omit<Extract<MatchCommand, { type: "create" }>, "commitment" | "chainLength">;

/** The events a command stores, in order, and the view they make; or the refusal (nothing is stored). */
export type Decision = { readonly ok: true; readonly events: readonly MatchEvent[]; readonly view: MatchView } | Refusal;
