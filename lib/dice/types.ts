/**
 * Shapes of fair-dice-v1 (docs/fair-dice-v1.md, section 6): the audit bundle a server hands out for a match and the
 * verifier reads. Further fields may be present in a bundle; the verifier ignores what it does not know.
 */

export type SeatColor = "white" | "black";

export type RollKind = "opening" | "turn";

/** fair-dice-v2: a roll's salts — white's and black's for an opening roll, only the roller's for a turn roll. */
export type RollSalts = Readonly<Partial<Record<SeatColor, string>>>;

/** fair-dice-v3: a roll's chain values — white's and black's for an opening roll, the roller's opponent's for a turn roll. */
export type RollValues = Readonly<Partial<Record<SeatColor, string>>>;

export interface BundleRoll {
  readonly nonce: number;
  readonly game: number;
  readonly kind: RollKind;
  /** Who rolled; null for an opening roll. */
  readonly player: SeatColor | null;
  readonly dice: readonly [number, number];
  /** fair-dice-v2 only: the salts the roll mixed (docs/fair-dice-v2.md, section 3). */
  readonly salts?: RollSalts;
  /** fair-dice-v3 only: the chain values the roll mixed (docs/fair-dice-v3.md, section 3). */
  readonly values?: RollValues;
}

export interface AuditBundle {
  readonly protocol: "fair-dice-v1";
  readonly matchId: string;
  readonly commitment: string;
  /** null while the match is running. */
  readonly serverSeed: string | null;
  readonly clientSeeds: { readonly white: string; readonly black: string };
  readonly rolls: readonly BundleRoll[];
}

/**
 * One turn of the game record, the input of check 5 (docs/fair-dice-v1.md, section 7). A record has one entry per
 * turn that was played or passed, in match order — a turn whose dice were rolled counts even when the game ended
 * (resignation, timeout) before the move was made. A game's first entry is its opening move: `player` is the opener
 * and `dice` are [die1, die2] exactly as logged (white's die first). Voided opening ties do not appear. Dice are always
 * in the logged order, never sorted. Games are numbered 1, 2, 3, ... as in the roll log.
 */
export interface RecordTurn {
  readonly game: number;
  readonly player: SeatColor;
  readonly dice: readonly [number, number];
}

export type CheckId =
  | "bundle-format"
  | "commitment"
  /** fair-dice-v2: the game seeds and the server seed lead to the commitment. */
  | "seed-chain"
  /** fair-dice-v2: every roll carries the salts it needs. */
  | "salts"
  /** fair-dice-v2, against the computer: its salts are the ones its game seeds give. */
  | "computer-salts"
  /** fair-dice-v2, browser panel: the salts this browser kept equal the logged ones. */
  | "browser-salts"
  | "nonce-sequence"
  | "rolls-recomputed"
  | "opening-resolution"
  | "record-dice"
  /** fair-dice-v2: the site's signature over the bundle's statement, under a key the verifier trusts. */
  | "signature"
  /** fair-dice-v2: an ended match shows its end, and its log is whole. */
  | "completeness"
  /** fair-dice-v2: the game record's moves have the signed digest. */
  | "record-moves";

export type CheckStatus = "passed" | "failed" | "skipped" | "not-yet-revealed";

/**
 * The outcome of one verification check: what it is, how it went, where it failed (nonce, or game and move), and
 * `say` — what it found as a message key and its values (`verifyReport.detail.<key>`), every outcome included. lib
 * gives no words: pages word it in the reader's language, the command-line verifier in English from messages/en.json
 * (i18n/verify-english.ts). Dice are values like "6-1"; players "white", "black" or "none".
 */
export interface CheckResult {
  readonly id: CheckId;
  readonly status: CheckStatus;
  readonly say: { readonly key: string; readonly values: Readonly<Record<string, string | number>> };
  readonly nonce?: number;
  readonly game?: number;
  /** 1-based turn of the game record within its game (the opening move is move 1). */
  readonly move?: number;
}

/**
 * "verified" only when every check passed; "failed" when any check failed; "not-yet-revealed" when the server seed
 * is still secret and nothing failed; "incomplete" when a check was skipped (e.g. no game record) and nothing failed.
 */
export type Verdict = "verified" | "failed" | "not-yet-revealed" | "incomplete";

/**
 * fair-dice-v2: a game is verified as soon as its seed is revealed, while the match goes on — if nothing that vouches
 * for the whole match (the signature, the completeness of the log, the record) was skipped: then it is incomplete.
 */
export type GameVerdict = "verified" | "failed" | "not-yet-revealed" | "incomplete";

export interface VerifyReport {
  readonly verdict: Verdict;
  readonly checks: readonly CheckResult[];
  /** fair-dice-v2 only: each game's own verdict (docs/fair-dice-v2.md, section 7). */
  readonly games?: readonly { readonly game: number; readonly verdict: GameVerdict }[];
}
