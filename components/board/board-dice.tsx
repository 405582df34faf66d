/**
 * The dice on the board: on the right half for the viewer's roll, the left half for the opponent's, used dice
 * dimmed while a play is being built. Doubles show four dice.
 *
 * @example
 *   <BoardDice dice={{ values: [6, 6, 6, 6], used: [true, false, false, false], side: "white" }} mine label="White rolled 6-6" />
 */
import type { Color } from "@/lib/engine/types";
import { MIDDLE, PLAY_LEFT, POINT_WIDTH } from "./board-geometry";

export interface DiceShown {
  readonly values: readonly number[];
  readonly used: readonly boolean[];
  /** Whose dice they are. */
  readonly side: Color;
}

const SIZE = 30;
const GAP = 8;
/** Pip positions on a die of size 1, centred. */
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[0, 0]],
  2: [[-0.25, -0.25], [0.25, 0.25]],
  3: [[-0.25, -0.25], [0, 0], [0.25, 0.25]],
  4: [[-0.25, -0.25], [0.25, -0.25], [-0.25, 0.25], [0.25, 0.25]],
  5: [[-0.25, -0.25], [0.25, -0.25], [0, 0], [-0.25, 0.25], [0.25, 0.25]],
  6: [[-0.25, -0.27], [0.25, -0.27], [-0.25, 0], [0.25, 0], [-0.25, 0.27], [0.25, 0.27]],
};

export function BoardDice({ dice, mine, label }: { dice: DiceShown; mine: boolean; label: string }) {
  const halfCentre = PLAY_LEFT + 3 * POINT_WIDTH + (mine ? 6 * POINT_WIDTH + 40 : 0);
  const width = dice.values.length * SIZE + (dice.values.length - 1) * GAP;
  return (
    <g className={`dice dice-${dice.side}`} role="img" aria-label={label}>
      {dice.values.map((value, i) => {
        const x = halfCentre - width / 2 + i * (SIZE + GAP);
        return (
          <g key={i} className={`die${dice.used[i] ? " die-used" : ""}`} transform={`translate(${x} ${MIDDLE - SIZE / 2})`}>
            <rect width={SIZE} height={SIZE} rx={5} />
            {(PIPS[value] ?? []).map(([px, py], k) => (
              <circle key={k} cx={SIZE / 2 + px * SIZE} cy={SIZE / 2 + py * SIZE} r={SIZE * 0.08} />
            ))}
          </g>
        );
      })}
    </g>
  );
}
