/**
 * The analysis board's setup and the address that holds it: a position and the Match ID it was pasted with, read
 * from the page's query (?pos=…&match=…&dice=…&ply=…) or from pasted IDs, and the side on roll changed in both.
 *
 * @example
 *   setupFrom({ pos: "4HPwATDgc/ABMA", match: "", dice: "31", ply: 1 }); // { setup: { position, matchId: "" }, problem: null }
 */
import type { ShownError } from "@/components/i18n/error-text";
import type { Ply } from "@/lib/analysis/types";
import { decodeMatchId, decodePositionId, encodeMatchId } from "@/lib/engine/gnubg-id";
import { initialPosition } from "@/lib/engine/position";
import type { Color, Position } from "@/lib/engine/types";

export interface AnalysisBoardInitial {
  readonly pos: string;
  readonly match: string;
  readonly dice: string;
  readonly ply: Ply;
  /** The play made from this position (a review's step), marked among the ranked plays; "" for none. */
  readonly played?: string;
  /** Ask the engine at once: the address named a position and a depth (a review's "Analyse this position"). */
  readonly auto?: boolean;
}

export interface Setup {
  readonly position: Position;
  /** The Match ID as pasted ("" for money, cube centred); the side on roll comes from it or from `position.turn`. */
  readonly matchId: string;
}

/** The setup a URL describes, or the opening position when it describes none. */
export function setupFrom(initial: AnalysisBoardInitial): { setup: Setup; problem: ShownError | null } {
  const match = initial.match ? decodeMatchId(initial.match) : null;
  if (match && !match.ok) return { setup: { position: initialPosition("white"), matchId: "" }, problem: { code: match.code, values: match.values } };
  const turn: Color = match?.ok ? match.value.onRoll : "white";
  if (!initial.pos) return { setup: { position: initialPosition(turn), matchId: initial.match }, problem: null };
  const decoded = decodePositionId(initial.pos, turn);
  if (!decoded.ok) return { setup: { position: initialPosition("white"), matchId: "" }, problem: { code: decoded.code, values: decoded.values } };
  return { setup: { position: decoded.value, matchId: initial.match }, problem: null };
}

/** The same Match ID with `turn` on roll (or a money one when there is none). */
export function matchIdOnRoll(matchId: string, turn: Color): string {
  const decoded = matchId ? decodeMatchId(matchId) : null;
  if (!decoded?.ok) return "";
  return encodeMatchId({ ...decoded.value, onRoll: turn, turn, dice: [0, 0] });
}

export function checkersOn(position: Position, color: Color): number {
  return position[color].reduce((s, n) => s + n, 0);
}

/** The address of a setup: what is on the board, so it can be copied or bookmarked as it is. */
export function shareUrlOf(positionId: string, matchId: string, diceText: string, ply: Ply): string {
  const query = new URLSearchParams({ pos: positionId });
  if (matchId) query.set("match", matchId);
  if (diceText) query.set("dice", diceText);
  query.set("ply", String(ply));
  return `/analysis?${query.toString()}`;
}
