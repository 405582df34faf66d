/**
 * The checkers on the board, each side's fifteen under stable ids (checker-ids.ts) so that a moved checker slides
 * to its new place, the selected one raised (and lifted while dragged); and the counts on stacks taller than the
 * point shows, and on a bar holding more than one.
 *
 * @example
 *   <BoardCheckers position={pos} viewer="white" selected={input?.selected ?? null} lifted={drag?.moved === true} />
 *   <StackCounts position={pos} viewer="white" />
 */
import { useMemo, useRef } from "react";
import type { Color, Position } from "@/lib/engine/types";
import { CHECKER, MAX_STACK, SLAB_HEIGHT, TRAY_WIDTH_INNER, checkerCentre } from "./board-geometry";
import { countAt, other, toViewer } from "./board-locations";
import { countsOf, placeCheckers, type PlacedChecker } from "./checker-ids";

function useCheckerIds(board: readonly number[], prefix: string): PlacedChecker[] {
  const previous = useRef<PlacedChecker[] | null>(null);
  return useMemo(() => {
    const placed = placeCheckers(previous.current, countsOf(board), prefix);
    previous.current = placed;
    return placed;
  }, [board, prefix]);
}

/** The checker a click on its location would pick up: the top one of the stack. */
function isTop(checker: PlacedChecker, board: readonly number[]): boolean {
  return checker.index === countAt(board, checker.location) - 1;
}

/** `selected`: the viewer's location whose top checker is picked up (undefined or null: none). */
export function BoardCheckers({ position, viewer, selected, lifted }: { position: Position; viewer: Color; selected: number | null | undefined; lifted: boolean }) {
  const opponent = other(viewer);
  const mine = useCheckerIds(position[viewer], viewer[0] ?? "v");
  const theirs = useCheckerIds(position[opponent], opponent[0] ?? "o");
  return [...mine.map((c) => ({ ...c, color: viewer, own: true })), ...theirs.map((c) => ({ ...c, color: opponent, own: false }))]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((checker) => {
      const location = toViewer(checker.location, checker.color, viewer);
      const { x, y } = checkerCentre(location, checker.index, checker.own);
      const picked = checker.own && selected === location && isTop(checker, position[viewer]);
      return (
        <g
          key={checker.id}
          className={`checker checker-${checker.color}${picked ? " checker-selected" : ""}${picked && lifted ? " checker-lifted" : ""}`}
          style={{ transform: `translate(${x}px, ${y}px)` }}
        >
          {location === 0 ? (
            <rect x={-TRAY_WIDTH_INNER / 2 + 3} y={-SLAB_HEIGHT / 2} width={TRAY_WIDTH_INNER - 6} height={SLAB_HEIGHT} rx={2} />
          ) : (
            <circle r={CHECKER / 2 - 1} />
          )}
        </g>
      );
    });
}

export function StackCounts({ position, viewer }: { position: Position; viewer: Color }) {
  const stacks = useMemo(() => {
    const counts: { location: number; count: number; color: Color }[] = [];
    for (const color of [viewer, other(viewer)] as const) {
      position[color].forEach((n, i) => {
        if (n > MAX_STACK || (i === 24 && n > 1)) counts.push({ location: toViewer(i + 1, color, viewer), count: n, color });
      });
    }
    return counts;
  }, [position, viewer]);
  return stacks.map(({ location, count, color }) => {
    const { x, y } = checkerCentre(location, MAX_STACK - 1, color === viewer);
    const shownAt = location === 25 ? checkerCentre(25, Math.min(count, MAX_STACK) - 1, color === viewer) : { x, y };
    return (
      <text key={`${color}-${location}`} className={`stack-count stack-count-${color}`} x={shownAt.x} y={shownAt.y + 5} textAnchor="middle">
        {count}
      </text>
    );
  });
}
