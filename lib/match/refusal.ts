/**
 * The refusals of the match aggregate: a stable `ERR_` code and the values its sentence needs, returned as a value
 * (nothing is stored). The words are `errors.<code>` in messages/<locale>.json; where one code has several sentences
 * (ERR_WRONG_STATUS above all) a `reason` value tells them apart. The rules engine's own codes (an illegal play, the
 * wrong phase, …) come through unchanged, with their values.
 *
 * @example
 *   const decision = decide(view, { type: "join" }, context);
 *   if (!decision.ok) decision.code;   // "ERR_WRONG_STATUS"
 *   if (!decision.ok) decision.values; // { reason: "joinOver" }
 */
import type { MatchErrorCode } from "../engine/match-state";
import type { Failed, FailureValues } from "../engine/types";

export type RefusalCode =
  | "ERR_UNAUTHENTICATED"
  | "ERR_BAD_PAYLOAD"
  | "ERR_FORBIDDEN"
  | "ERR_NOT_A_PLAYER"
  | "ERR_SEAT_TAKEN"
  | "ERR_ALREADY_SEATED"
  | "ERR_WRONG_STATUS"
  | "ERR_COMMITMENT_MISMATCH"
  | "ERR_SEED_ALREADY_SUBMITTED"
  | "ERR_BAD_CLIENT_SEED"
  | "ERR_STALE_VERSION"
  | "ERR_OPPONENT_CONNECTED"
  /** fair-dice-v2: a roll without a salt of 32 lowercase hex characters. */
  | "ERR_BAD_SALT"
  /** fair-dice-v2: another salt for an opening roll whose salt from this player is already in. */
  | "ERR_SALT_ALREADY_SENT"
  /** fair-dice-v3: a head or chain value that is not 64 lowercase hex characters, or not the next on its chain. */
  | "ERR_BAD_CONTRIBUTION"
  /** fair-dice-v3: another head, salt or value for one already in: what a browser sent once can never change. */
  | "ERR_CONTRIBUTION_SENT"
  /** fair-dice-v3: a turn roll's salt is in and the roll waits for the opponent's value; nothing comes between. */
  | "ERR_ROLL_PENDING"
  /** A rated match, or the rated queue, is for registered players only (not guests, not the computer). */
  | "ERR_REGISTERED_ONLY"
  /**
   * No downgrade (dice-protocol.ts): a create without the current dice protocol's parameters, or a join of a match of
   * an older protocol (fair-dice-v1).
   */
  | "ERR_OUTDATED_PROTOCOL"
  | MatchErrorCode;

export type Refusal = Failed<RefusalCode>;

export function refuse(code: RefusalCode, values?: FailureValues): Refusal {
  return values === undefined ? { ok: false, code } : { ok: false, code, values };
}
