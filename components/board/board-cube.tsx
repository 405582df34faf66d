/**
 * The doubling cube on the board's left edge: in the middle while centred, on its owner's side once taken.
 *
 * @example
 *   <BoardCube value={2} owner="mine" label="Cube at 2, yours" />
 */
import { CUBE_X, MIDDLE, PLAY_BOTTOM, PLAY_TOP } from "./board-geometry";

export function BoardCube({ value, owner, label }: { value: number; owner: "mine" | "theirs" | null; label: string }) {
  const y = owner === "mine" ? PLAY_BOTTOM - 24 : owner === "theirs" ? PLAY_TOP + 24 : MIDDLE;
  return (
    <g className="cube" style={{ transform: `translate(${CUBE_X}px, ${y}px)` }} role="img" aria-label={label}>
      <rect x={-17} y={-17} width={34} height={34} rx={5} />
      {/* A centred cube shows 64, as real cubes do; the group's label says its value, so the face is not read out. */}
      <text y={7} textAnchor="middle" aria-hidden="true">
        {value === 1 ? 64 : value}
      </text>
    </g>
  );
}
