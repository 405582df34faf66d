/**
 * Where things go on the board's SVG, seen from one side: the viewer's home board is bottom right, their points
 * numbered 1 (bottom right) to 24 (top right) counter-clockwise, as on a real board in front of them. Locations are
 * in the viewer's numbering: 1..24 the points, 25 the bar, 0 off (borne off), as in lib/engine's moves.
 *
 * @example
 *   pointColumn(1);        // { x: 556, top: false } — the right-most bottom point
 *   checkerCentre(13, 0);  // the first checker on the viewer's 13 point (top left)
 */

export const CHECKER = 36;
export const POINT_WIDTH = 40;
const CUBE_COLUMN = 48;
const FRAME = 8;
const BAR_WIDTH = 40;
const TRAY_WIDTH = 48;
const LABEL = 16;
const POINT_DEPTH = 5 * CHECKER;
const GAP = 40;

export const BOARD_WIDTH = CUBE_COLUMN + FRAME + 12 * POINT_WIDTH + BAR_WIDTH + FRAME + TRAY_WIDTH;
export const BOARD_HEIGHT = 2 * (LABEL + FRAME + POINT_DEPTH) + GAP;
export const PLAY_LEFT = CUBE_COLUMN + FRAME;
export const PLAY_RIGHT = PLAY_LEFT + 12 * POINT_WIDTH + BAR_WIDTH;
export const PLAY_TOP = LABEL + FRAME;
export const PLAY_BOTTOM = BOARD_HEIGHT - LABEL - FRAME;
export const MIDDLE = BOARD_HEIGHT / 2;
export const BAR_X = PLAY_LEFT + 6 * POINT_WIDTH + BAR_WIDTH / 2;
export const TRAY_X = BOARD_WIDTH - TRAY_WIDTH / 2;
export const TRAY_WIDTH_INNER = TRAY_WIDTH - 12;
export const CUBE_X = CUBE_COLUMN / 2;
export const LABEL_HEIGHT = LABEL;
export const POINT_HEIGHT = POINT_DEPTH - 8;
/** Checkers drawn per point; more are counted on the last one. */
export const MAX_STACK = 5;
const SLAB = 10;

/** The centre x of a point's column and whether the point is on the top row. */
export function pointColumn(point: number): { readonly x: number; readonly top: boolean } {
  const rightHalf = PLAY_LEFT + 6 * POINT_WIDTH + BAR_WIDTH;
  let left: number;
  if (point <= 6) left = rightHalf + (6 - point) * POINT_WIDTH;
  else if (point <= 12) left = PLAY_LEFT + (12 - point) * POINT_WIDTH;
  else if (point <= 18) left = PLAY_LEFT + (point - 13) * POINT_WIDTH;
  else left = rightHalf + (point - 19) * POINT_WIDTH;
  return { x: left + POINT_WIDTH / 2, top: point >= 13 };
}

/**
 * The centre of the `index`-th checker (0 = nearest the edge) at a location, for the viewer's side (`mine`) or the
 * opponent's. On the bar the viewer's checkers sit below the middle, the opponent's above; borne-off checkers are
 * slabs in the tray, the viewer's at the bottom.
 */
export function checkerCentre(location: number, index: number, mine: boolean): { readonly x: number; readonly y: number } {
  const shown = Math.min(index, MAX_STACK - 1);
  if (location === 25) {
    const offset = CHECKER / 2 + 4 + shown * (CHECKER - 6);
    return { x: BAR_X, y: mine ? MIDDLE + offset : MIDDLE - offset };
  }
  if (location === 0) {
    const offset = SLAB / 2 + 2 + index * SLAB;
    return { x: TRAY_X, y: mine ? PLAY_BOTTOM - offset : PLAY_TOP + offset };
  }
  const { x, top } = pointColumn(location);
  const offset = CHECKER / 2 + shown * CHECKER;
  return { x, y: top ? PLAY_TOP + offset : PLAY_BOTTOM - offset };
}

export const SLAB_HEIGHT = SLAB - 2;

/**
 * The rectangle that takes clicks and drops for a point (its half of the board's height), or the viewer's half of the
 * bar (25) or of the tray (0): only the viewer moves on their board.
 */
export function hitArea(location: number): { readonly x: number; readonly y: number; readonly width: number; readonly height: number } {
  if (location === 25) return { x: BAR_X - BAR_WIDTH / 2, y: MIDDLE, width: BAR_WIDTH, height: MIDDLE - PLAY_TOP };
  if (location === 0) return { x: TRAY_X - TRAY_WIDTH / 2, y: MIDDLE, width: TRAY_WIDTH, height: MIDDLE - PLAY_TOP };
  const { x, top } = pointColumn(location);
  return { x: x - POINT_WIDTH / 2, y: top ? PLAY_TOP : MIDDLE, width: POINT_WIDTH, height: MIDDLE - PLAY_TOP };
}

/** The location (viewer's numbering) under an SVG coordinate, for drops; null outside any. */
export function locationAt(x: number, y: number): number | null {
  if (y < PLAY_TOP || y > PLAY_BOTTOM) return null;
  if (x >= BOARD_WIDTH - TRAY_WIDTH) return 0;
  if (Math.abs(x - BAR_X) <= BAR_WIDTH / 2) return 25;
  const top = y < MIDDLE;
  for (let point = 1; point <= 24; point++) {
    const column = pointColumn(point);
    if (column.top === top && Math.abs(x - column.x) <= POINT_WIDTH / 2) return point;
  }
  return null;
}
