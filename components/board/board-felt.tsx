/**
 * What the board is drawn on: the frame, the felt, the bar, the two trays and the 24 numbered points, with the
 * selected checker's destinations (a point, or the viewer's tray) lit.
 *
 * @example
 *   <BoardFelt targets={input?.selected !== null ? input?.targets : undefined} />
 */
import {
  BAR_X,
  BOARD_HEIGHT,
  BOARD_WIDTH,
  LABEL_HEIGHT,
  MIDDLE,
  PLAY_BOTTOM,
  PLAY_LEFT,
  PLAY_RIGHT,
  PLAY_TOP,
  POINT_HEIGHT,
  POINT_WIDTH,
  TRAY_WIDTH_INNER,
  TRAY_X,
  pointColumn,
} from "./board-geometry";

/** `targets`: where the selected checker may go (viewer's numbering, 0 = off); absent while nothing is selected. */
export function BoardFelt({ targets }: { targets: ReadonlySet<number> | undefined }) {
  return (
    <>
      <rect className="board-frame" x={0} y={LABEL_HEIGHT} width={BOARD_WIDTH} height={BOARD_HEIGHT - 2 * LABEL_HEIGHT} rx={6} />
      <rect className="board-felt" x={PLAY_LEFT} y={PLAY_TOP} width={PLAY_RIGHT - PLAY_LEFT} height={PLAY_BOTTOM - PLAY_TOP} />
      <rect className="board-bar" x={BAR_X - POINT_WIDTH / 2} y={PLAY_TOP} width={POINT_WIDTH} height={PLAY_BOTTOM - PLAY_TOP} />
      <rect className="board-tray" x={TRAY_X - TRAY_WIDTH_INNER / 2} y={PLAY_TOP} width={TRAY_WIDTH_INNER} height={MIDDLE - PLAY_TOP - 4} />
      <rect className="board-tray" x={TRAY_X - TRAY_WIDTH_INNER / 2} y={MIDDLE + 4} width={TRAY_WIDTH_INNER} height={PLAY_BOTTOM - MIDDLE - 4} />
      {Array.from({ length: 24 }, (_, i) => i + 1).map((point) => {
        const { x, top } = pointColumn(point);
        const base = top ? PLAY_TOP : PLAY_BOTTOM;
        const tip = top ? PLAY_TOP + POINT_HEIGHT : PLAY_BOTTOM - POINT_HEIGHT;
        const target = targets?.has(point);
        return (
          <g key={point}>
            <polygon
              className={`point ${point % 2 === 0 ? "point-dark" : "point-light"}${target ? " point-target" : ""}`}
              points={`${x - POINT_WIDTH / 2 + 1},${base} ${x + POINT_WIDTH / 2 - 1},${base} ${x},${tip}`}
            />
            <text className="point-label" x={x} y={top ? LABEL_HEIGHT - 4 : BOARD_HEIGHT - 4} textAnchor="middle">
              {point}
            </text>
          </g>
        );
      })}
      {targets?.has(0) ? (
        <rect className="tray-target" x={TRAY_X - TRAY_WIDTH_INNER / 2} y={MIDDLE + 4} width={TRAY_WIDTH_INNER} height={PLAY_BOTTOM - MIDDLE - 4} />
      ) : null}
    </>
  );
}
