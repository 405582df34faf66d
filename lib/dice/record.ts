/**
 * The game record a roll log implies, and check 5 (docs/fair-dice-v1.md, section 7): the dice of the turns that
 * were played are exactly the dice of the roll log, in order. A voided opening tie is no turn; the opening roll that
 * starts a game is the opener's first turn, with the dice as logged (white's die first).
 *
 * @example
 *   recordFromRollLog(bundle.rolls); // [{ game: 1, move: 1, nonce: 0, player: "black", dice: [3, 5] }, ...]
 */
import { parseRecord } from "./bundle-schema";
import { openerOf, resolveOpening } from "./opening";
import type { BundleRoll, CheckResult, RecordTurn, SeatColor } from "./types";

type Say = CheckResult["say"];

/** One turn the roll log implies, with where it came from. `player` is null only for a turn roll logged without one. */
export interface LoggedTurn {
  readonly game: number;
  /** 1-based within its game; the opening move is move 1. */
  readonly move: number;
  readonly nonce: number;
  readonly player: SeatColor | null;
  readonly dice: readonly [number, number];
}

/** The turns a game record must hold for this roll log, in order. */
export function recordFromRollLog(rolls: readonly BundleRoll[]): LoggedTurn[] {
  const turns: LoggedTurn[] = [];
  let game: number | undefined;
  let move = 0;
  for (const roll of rolls) {
    let player: SeatColor | null;
    if (roll.kind === "opening") {
      const outcome = resolveOpening(roll.dice[0], roll.dice[1]);
      if ("void" in outcome) continue;
      player = outcome.opener;
    } else {
      player = roll.player;
    }
    move = roll.game === game ? move + 1 : 1;
    game = roll.game;
    turns.push({ game: roll.game, move, nonce: roll.nonce, player, dice: roll.dice });
  }
  return turns;
}

/** Check 5: the record's turns against the turns the roll log implies, reporting the first difference. */
export function checkRecordDice(rolls: readonly BundleRoll[], record: readonly RecordTurn[], source: RecordSource): CheckResult {
  const logged = recordFromRollLog(rolls);
  for (let i = 0; i < Math.max(logged.length, record.length); i++) {
    const expected = logged[i];
    const actual = record[i];
    if (expected === undefined) {
      const extra = actual as RecordTurn;
      const move = moveOf(record, i);
      return failed(
        {
          key: "failRecordExtra",
          values: { source, recordTurns: record.length, logTurns: logged.length, game: extra.game, move, player: extra.player, dice: showDice(extra.dice) },
        },
        { game: extra.game, move },
      );
    }
    const where = { nonce: expected.nonce, game: expected.game, move: expected.move };
    if (actual === undefined) {
      return failed(
        {
          key: "failRecordMissing",
          values: {
            source,
            logTurns: logged.length,
            recordTurns: record.length,
            game: expected.game,
            move: expected.move,
            nonce: expected.nonce,
            player: expected.player ?? "none",
            dice: showDice(expected.dice),
          },
        },
        where,
      );
    }
    // A .mat file writes a roll's higher die first: from one, the two dice are compared as a pair, in either order.
    const sameDice =
      (actual.dice[0] === expected.dice[0] && actual.dice[1] === expected.dice[1]) ||
      (source === "mat" && actual.dice[0] === expected.dice[1] && actual.dice[1] === expected.dice[0]);
    const same = actual.game === expected.game && actual.player === expected.player && sameDice;
    if (!same) {
      return failed(
        {
          key: "failRecordDiffers",
          values: {
            game: expected.game,
            move: expected.move,
            nonce: expected.nonce,
            recordGame: actual.game,
            recordPlayer: actual.player,
            recordDice: showDice(actual.dice),
            logGame: expected.game,
            logPlayer: expected.player ?? "none",
            logDice: showDice(expected.dice),
          },
        },
        where,
      );
    }
  }
  return { id: "record-dice", status: "passed", say: { key: "record", values: { turns: record.length, source } } };
}

/** Check 5 when there is nothing to compare: why, as a message key and its values. */
export function recordCheckWithout(status: "skipped" | "failed", say: Say): CheckResult {
  return { id: "record-dice", status, say };
}

/** Where the record came from: inside the bundle, a file of its own, or the moves of a .mat file (dice unordered). */
export type RecordSource = "embedded" | "separate" | "mat";

export function showDice(dice: readonly [number, number]): string {
  return `${dice[0]}-${dice[1]}`;
}

/** The 1-based move number of record[i] within its game. */
function moveOf(record: readonly RecordTurn[], i: number): number {
  let move = 1;
  while (move <= i && record[i - move]?.game === record[i]?.game) move++;
  return move;
}

function failed(say: Say, where: { nonce?: number; game?: number; move?: number }): CheckResult {
  return { id: "record-dice", status: "failed", say, ...where };
}

/** A game record to check, and where it came from. */
export interface RecordInput {
  readonly value: unknown;
  readonly source: RecordSource;
  /** Why the record could not be read at all (a .mat file's moves the rules refuse), as message values. */
  readonly problem?: Readonly<Record<string, string | number>>;
}

/**
 * The record a verifier checks: the one given beside the bundle (its own file, or a .mat file's moves), else the
 * bundle's own `record` field, else none.
 */
export function recordInputOf(bundle: unknown, record: unknown, source: Exclude<RecordSource, "embedded">): RecordInput | undefined {
  if (record !== undefined) return { value: record, source };
  const embedded = (bundle as { record?: unknown } | null)?.record;
  return embedded === undefined ? undefined : { value: embedded, source: "embedded" };
}

/** The record-dice check of either protocol: skipped without a record, failed on one that cannot be read. */
export function checkRecordInput(rolls: readonly BundleRoll[], input: RecordInput | undefined): CheckResult {
  if (input === undefined) return recordCheckWithout("skipped", { key: "noRecord", values: {} });
  if (input.problem) return recordCheckWithout("failed", { key: "failMatMoves", values: input.problem });
  if (recordMatchesLog(rolls, input.value, input.source)) return { id: "record-dice", status: "passed", say: { key: "record", values: { turns: (input.value as unknown[]).length, source: input.source } } };
  const parsed = parseRecord(input.value);
  if (!parsed.ok) return recordCheckWithout("failed", { key: "failRecordUnreadable", values: { ...parsed.values, source: input.source } });
  return checkRecordDice(rolls, parsed.value, input.source);
}

const isDie = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 6;

/**
 * Whether `value` is a record parseRecord takes whose turns are, one for one, those recordFromRollLog gives for
 * `rolls` — the check passes — read in one pass without building either list (the two lists and zod over 10,000
 * turns were a tenth of a 10,000-roll verification). False for anything else, which the full check then reports.
 */
function recordMatchesLog(rolls: readonly BundleRoll[], value: unknown, source: RecordSource): boolean {
  if (!Array.isArray(value)) return false;
  let i = 0;
  for (let at = 0; at < rolls.length; at++) {
    const roll = rolls[at]!;
    const player = roll.kind === "opening" ? openerOf(roll.dice[0], roll.dice[1]) : roll.player;
    if (roll.kind === "opening" && player === null) continue;
    const turn: unknown = value[i++];
    if (typeof turn !== "object" || turn === null || Array.isArray(turn)) return false;
    // As recordSchema reads a turn (unknown fields dropped), then as checkRecordDice compares it.
    const { game, player: recordPlayer, dice } = turn as Record<string, unknown>;
    if (!Number.isSafeInteger(game) || (game as number) < 1 || (recordPlayer !== "white" && recordPlayer !== "black")) return false;
    if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) return false;
    if (game !== roll.game || recordPlayer !== player) return false;
    const sameDice = (dice[0] === roll.dice[0] && dice[1] === roll.dice[1]) || (source === "mat" && dice[0] === roll.dice[1] && dice[1] === roll.dice[0]);
    if (!sameDice) return false;
  }
  return i === value.length;
}
