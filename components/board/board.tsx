"use client";
/**
 * The backgammon board as an SVG: points numbered from the viewer's side, checkers (a count on a stack of more than
 * five), the bar, the borne-off trays, the dice and the cube. It draws what it is given and offers the moves it is
 * given: clicking (or Enter/Space on) a highlighted checker selects it, clicking a highlighted destination moves it;
 * a checker can also be dragged to its destination (use-board-input.ts). It never decides what is legal.
 *
 * @example
 *   <Board position={pos} viewer="white" dice={{ values: [6, 5], used: [false, true], side: "white" }}
 *          cube={{ value: 2, owner: "black" }} input={{ movable, selected, targets, onSelect, onTarget }} />
 */
import { useTranslations } from "next-intl";
import { useId } from "react";
import { rollText } from "@/lib/engine/notation";
import type { CheckerMove, Color, Position } from "@/lib/engine/types";
import { BOARD_HEIGHT, BOARD_WIDTH, CHECKER } from "./board-geometry";
import { BoardCheckers, StackCounts } from "./board-checkers";
import { BoardCube } from "./board-cube";
import { BoardDice, type DiceShown } from "./board-dice";
import { BoardFelt } from "./board-felt";
import { BoardHitAreas } from "./board-hit-areas";
import { LastPlayMarks } from "./board-last-play";
import { useBoardInput, type BoardInput } from "./use-board-input";
import "./board.css";

export type { BoardInput };

export interface BoardProps {
  readonly position: Position;
  /** The opponent's last play, marked from and to (hits too), in the mover's numbering; absent: none. */
  readonly lastPlay?: { readonly color: Color; readonly moves: readonly CheckerMove[] } | null;
  readonly viewer: Color;
  readonly dice: DiceShown | null;
  readonly cube: { readonly value: number; readonly owner: Color | null };
  /** Present only while the viewer is choosing a play. */
  readonly input: BoardInput | null;
}

export function Board({ position, viewer, dice, cube, input, lastPlay = null }: BoardProps) {
  const t = useTranslations("board");
  const { svg, drag, handlers } = useBoardInput(input);
  const idPrefix = useId();
  const cubeSide = cube.owner === null ? null : cube.owner === viewer ? "mine" : "theirs";

  return (
    <svg
      ref={svg}
      className="board"
      viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`}
      role="group"
      aria-label={t("label", { color: viewer })}
      aria-describedby={input ? `${idPrefix}-keys` : undefined}
      tabIndex={-1}
      onPointerMove={handlers.onPointerMove}
      onPointerUp={handlers.onPointerUp}
      onPointerCancel={handlers.cancelDrag}
      onPointerLeave={handlers.cancelDrag}
    >
      {input ? <desc id={`${idPrefix}-keys`}>{t("keys")}</desc> : null}
      <BoardFelt targets={input && input.selected !== null ? input.targets : undefined} />
      <BoardCube value={cube.value} owner={cubeSide} label={t("cube", { value: cube.value, owner: cubeSide ?? "none" })} />
      {dice ? <BoardDice dice={dice} mine={dice.side === viewer} label={t("dice", { color: dice.side, dice: rollText(dice.values) })} /> : null}
      <BoardCheckers position={position} viewer={viewer} selected={input?.selected} lifted={drag?.moved === true} />
      {lastPlay ? <LastPlayMarks play={lastPlay} viewer={viewer} /> : null}
      {drag?.moved ? <circle className={`checker-ghost checker-${viewer}`} cx={drag.x} cy={drag.y} r={CHECKER / 2 - 1} /> : null}
      <StackCounts position={position} viewer={viewer} />
      <BoardHitAreas position={position} viewer={viewer} input={input} handlers={handlers} />
    </svg>
  );
}
