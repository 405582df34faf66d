/**
 * The analysis board's editing, as the board's input: any checker of the side being edited may be picked up and put
 * on any point the other side does not hold, on the bar or off the board; the position is checked by lib/engine's
 * `makePosition` (a refusal becomes the page's problem).
 *
 * @example
 *   const input = useEditInput(setup, "white", change, setProblem);
 *   <Board … input={input} />
 */
import { useCallback, useMemo, useState } from "react";
import type { BoardInput } from "@/components/board/board";
import type { ShownError } from "@/components/i18n/error-text";
import { makePosition } from "@/lib/engine/position";
import { opponentOf, type Color } from "@/lib/engine/types";
import { checkersOn, type Setup } from "./analysis-setup";

export function useEditInput(setup: Setup, editing: Color, change: (next: Setup) => void, setProblem: (problem: ShownError) => void): BoardInput {
  const [selected, setSelected] = useState<number | null>(null);

  /** Moves one of the edited side's checkers from `from` to `to` (its own numbering; 25 the bar, 0 off). */
  const moveChecker = useCallback(
    (from: number, to: number) => {
      const side = [...setup.position[editing]];
      const index = (location: number) => (location === 25 ? 24 : location - 1);
      if (from !== 0) side[index(from)] = (side[index(from)] ?? 0) - 1;
      if (to !== 0) side[index(to)] = (side[index(to)] ?? 0) + 1;
      const other = setup.position[opponentOf(editing)];
      const made = editing === "white" ? makePosition(side, other, setup.position.turn) : makePosition(other, side, setup.position.turn);
      if (!made.ok) {
        setProblem({ code: made.code, values: made.values });
        return;
      }
      change({ ...setup, position: made.value });
    },
    // `change` and `setProblem` only set the page's state.
    [setup, editing],
  );

  return useMemo(() => {
    const mine = setup.position[editing];
    const theirs = setup.position[opponentOf(editing)];
    const movable = new Set<number>();
    for (let point = 1; point <= 24; point++) if ((mine[point - 1] ?? 0) > 0) movable.add(point);
    if ((mine[24] ?? 0) > 0) movable.add(25);
    if (checkersOn(setup.position, editing) < 15) movable.add(0);
    const targets = new Set<number>();
    if (selected !== null) {
      // Any point the other side does not hold (its point 25 − p), the bar, and off the board.
      for (let point = 1; point <= 24; point++) if ((theirs[24 - point] ?? 0) === 0 && point !== selected) targets.add(point);
      if (selected !== 25) targets.add(25);
      if (selected !== 0) targets.add(0);
    }
    return {
      movable,
      selected,
      targets,
      onSelect: (location) => setSelected(location),
      onTarget: (location) => {
        if (selected !== null) moveChecker(selected, location);
        setSelected(null);
      },
    };
  }, [setup, editing, selected, moveChecker]);
}
