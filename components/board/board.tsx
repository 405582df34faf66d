"use client";
/**
 * The backgammon board as an SVG: points numbered from the viewer's side, checkers (a count on a stack of more than
 * five), the bar, the borne-off trays, the dice and the cube. It draws what it is given and offers the moves it is
 * given: clicking (or Enter/Space on) a highlighted checker selects it, clicking a highlighted destination moves it;
 * a checker can also be dragged to its destination. It never decides what is legal.
 *
 * @example
 *   <Board position={pos} viewer="white" dice={{ values: [6, 5], used: [false, true], side: "white" }}
 *          cube={{ value: 2, owner: "black" }} input={{ movable, selected, targets, onSelect, onTarget }} />
 */
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { rollText } from "@/lib/engine/notation";
import type { CheckerMove, Color, Position } from "@/lib/engine/types";
import {
  BOARD_HEIGHT,
  BOARD_WIDTH,
  CHECKER,
  CUBE_X,
  LABEL_HEIGHT,
  MAX_STACK,
  MIDDLE,
  PLAY_BOTTOM,
  PLAY_LEFT,
  PLAY_RIGHT,
  PLAY_TOP,
  POINT_HEIGHT,
  POINT_WIDTH,
  SLAB_HEIGHT,
  TRAY_WIDTH_INNER,
  TRAY_X,
  BAR_X,
  checkerCentre,
  hitArea,
  locationAt,
  pointColumn,
} from "./board-geometry";
import { countsOf, placeCheckers, type PlacedChecker } from "./checker-ids";
import { BoardDice, type DiceShown } from "./board-dice";
import "./board.css";

export interface BoardInput {
  /** Locations (viewer's numbering, 25 = bar) whose checker may move now. */
  readonly movable: ReadonlySet<number>;
  readonly selected: number | null;
  /** Where the selected checker may go (viewer's numbering, 0 = off). */
  readonly targets: ReadonlySet<number>;
  readonly onSelect: (location: number | null) => void;
  readonly onTarget: (location: number) => void;
}

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

/** Where the viewer can click or drop: the 24 points, their bar (25) and their tray (0). */
const HIT_LOCATIONS: readonly number[] = [...Array.from({ length: 24 }, (_, i) => i + 1), 25, 0];
/** The opponent's bar and tray: named for a screen reader, never acted on. */
const OPPONENT_SIDE: readonly number[] = [25, 0];
const other = (c: Color): Color => (c === "white" ? "black" : "white");

/** A hit area's place in the arrow keys' order: points 1-24, then the bar, with the tray (off) first. */
function order(element: Element): number {
  const location = Number(element.getAttribute("data-location"));
  return location === 25 ? 25 : location;
}

/** A location in the viewer's numbering for the side `color`'s own location. */
function toViewer(location: number, color: Color, viewer: Color): number {
  if (color === viewer || location === 0 || location === 25) return location;
  return 25 - location;
}

function useCheckerIds(board: readonly number[], prefix: string): PlacedChecker[] {
  const previous = useRef<PlacedChecker[] | null>(null);
  return useMemo(() => {
    const placed = placeCheckers(previous.current, countsOf(board), prefix);
    previous.current = placed;
    return placed;
  }, [board, prefix]);
}

export function Board({ position, viewer, dice, cube, input, lastPlay = null }: BoardProps) {
  const t = useTranslations("board");
  const opponent = other(viewer);
  const mine = useCheckerIds(position[viewer], viewer[0] ?? "v");
  const theirs = useCheckerIds(position[opponent], opponent[0] ?? "o");
  const svg = useRef<SVGSVGElement>(null);
  const idPrefix = useId();
  const [drag, setDrag] = useState<{
    from: number;
    startX: number;
    startY: number;
    x: number;
    y: number;
    moved: boolean;
    pointer: number;
  } | null>(null);
  const suppressClick = useRef(false);

  const stacks = useMemo(() => {
    const counts: { location: number; count: number; color: Color }[] = [];
    for (const color of [viewer, opponent] as const) {
      position[color].forEach((n, i) => {
        if (n > MAX_STACK || (i === 24 && n > 1)) counts.push({ location: toViewer(i + 1, color, viewer), count: n, color });
      });
    }
    return counts;
  }, [position, viewer, opponent]);

  const svgPoint = (event: PointerEvent): { x: number; y: number } => {
    const matrix = svg.current?.getScreenCTM();
    if (!svg.current || !matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };

  const activate = (location: number, byKey = false) => {
    if (!input) return;
    if (input.selected !== null && input.targets.has(location)) {
      if (byKey) focusAfter.current = "movable";
      input.onTarget(location);
    } else if (input.movable.has(location)) {
      if (byKey && input.selected !== location) focusAfter.current = "target";
      input.onSelect(input.selected === location ? null : location);
    } else input.onSelect(null);
  };

  const onKey = (location: number) => (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(location, true);
    } else if (event.key === "Escape") {
      input?.onSelect(null);
    } else if (moveFocus(event.currentTarget, event.key)) {
      event.preventDefault();
    }
  };

  // Dragging: a press on a movable checker starts it, a move of a few units lifts the checker (and selects it, so
  // its destinations light up), and the release over a destination moves it there. A press and release without
  // moving is left to the click handler. No pointer capture: it would send the click to the <svg> instead.
  const onPointerDown = (location: number) => (event: PointerEvent) => {
    suppressClick.current = false;
    if (!input?.movable.has(location) || event.button !== 0) return;
    const at = svgPoint(event);
    setDrag({ from: location, startX: at.x, startY: at.y, x: at.x, y: at.y, moved: false, pointer: event.pointerId });
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const at = svgPoint(event);
    const moved = drag.moved || Math.hypot(at.x - drag.startX, at.y - drag.startY) > 8;
    if (moved && !drag.moved && input?.selected !== drag.from) input?.onSelect(drag.from);
    setDrag({ ...drag, x: at.x, y: at.y, moved });
  };

  const onPointerUp = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    setDrag(null);
    if (!drag.moved) return;
    suppressClick.current = true;
    const at = svgPoint(event);
    const location = locationAt(at.x, at.y);
    if (location !== null && location !== drag.from && input?.targets.has(location)) input.onTarget(location);
  };

  const onClick = (location: number) => () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    activate(location);
  };

  const isTarget = (location: number): boolean => input !== undefined && input !== null && input.selected !== null && input.targets.has(location);

  /** The name of a location the viewer can act on now (a checker to pick, a destination); undefined otherwise. */
  const actionLabel = (location: number): string | undefined => {
    if (!input) return undefined;
    if (isTarget(location)) return location === 0 ? t("bearOff") : t("moveTo", { location });
    if (input.movable.has(location)) return t("checkerOn", { color: viewer, location, count: countAt(position[viewer], location) });
    return undefined;
  };

  /** What is on a location, for a screen reader: every point, both bars and both trays have a name. */
  const contentsLabel = (location: number, side: "mine" | "theirs" = "mine"): string => {
    if (location === 25) return t("bar", { side, count: position[side === "mine" ? viewer : opponent][24] ?? 0 });
    if (location === 0) return t("tray", { side, count: countAt(position[side === "mine" ? viewer : opponent], 0) });
    const own = position[viewer][location - 1] ?? 0;
    const theirsHere = position[opponent][24 - location] ?? 0;
    return t("point", { location, count: own || theirsHere, color: own > 0 ? viewer : opponent });
  };

  // With the keyboard, a pick takes the focus to the checker's first destination and a move to the next checker to
  // move; when the play is complete the page's controls take it (components/match/focus-rescue.ts).
  const focusAfter = useRef<"target" | "movable" | null>(null);
  useEffect(() => {
    const wanted = focusAfter.current;
    focusAfter.current = null;
    const root = svg.current;
    if (!root || !wanted) return;
    const items = [...root.querySelectorAll<SVGElement>('.hit[tabindex="0"]')];
    const next = wanted === "target" ? items.find((el) => !el.hasAttribute("aria-pressed")) : items.find((el) => el.hasAttribute("aria-pressed"));
    next?.focus();
  });

  /** Arrow keys step between the locations that can be acted on (in point order), Home and End jump to the ends. */
  const moveFocus = (from: EventTarget, key: string): boolean => {
    const root = svg.current;
    if (!root || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key)) return false;
    const items = [...root.querySelectorAll<SVGElement>('.hit[tabindex="0"]')].sort((a, b) => order(a) - order(b));
    const at = items.indexOf(from as SVGElement);
    const index = key === "Home" ? 0 : key === "End" ? items.length - 1 : key === "ArrowRight" || key === "ArrowUp" ? at + 1 : at - 1;
    items[(index + items.length) % items.length]?.focus();
    return true;
  };

  return (
    <svg
      ref={svg}
      className="board"
      viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`}
      role="group"
      aria-label={t("label", { color: viewer })}
      aria-describedby={input ? `${idPrefix}-keys` : undefined}
      tabIndex={-1}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onPointerLeave={() => setDrag(null)}
    >
      {input ? <desc id={`${idPrefix}-keys`}>{t("keys")}</desc> : null}
      <rect className="board-frame" x={0} y={LABEL_HEIGHT} width={BOARD_WIDTH} height={BOARD_HEIGHT - 2 * LABEL_HEIGHT} rx={6} />
      <rect className="board-felt" x={PLAY_LEFT} y={PLAY_TOP} width={PLAY_RIGHT - PLAY_LEFT} height={PLAY_BOTTOM - PLAY_TOP} />
      <rect className="board-bar" x={BAR_X - POINT_WIDTH / 2} y={PLAY_TOP} width={POINT_WIDTH} height={PLAY_BOTTOM - PLAY_TOP} />
      <rect className="board-tray" x={TRAY_X - TRAY_WIDTH_INNER / 2} y={PLAY_TOP} width={TRAY_WIDTH_INNER} height={MIDDLE - PLAY_TOP - 4} />
      <rect className="board-tray" x={TRAY_X - TRAY_WIDTH_INNER / 2} y={MIDDLE + 4} width={TRAY_WIDTH_INNER} height={PLAY_BOTTOM - MIDDLE - 4} />
      {Array.from({ length: 24 }, (_, i) => i + 1).map((point) => {
        const { x, top } = pointColumn(point);
        const base = top ? PLAY_TOP : PLAY_BOTTOM;
        const tip = top ? PLAY_TOP + POINT_HEIGHT : PLAY_BOTTOM - POINT_HEIGHT;
        const target = input?.selected !== null && input?.targets.has(point);
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
      {input?.selected !== null && input?.targets.has(0) ? (
        <rect className="tray-target" x={TRAY_X - TRAY_WIDTH_INNER / 2} y={MIDDLE + 4} width={TRAY_WIDTH_INNER} height={PLAY_BOTTOM - MIDDLE - 4} />
      ) : null}
      <BoardCube value={cube.value} owner={cube.owner === null ? null : cube.owner === viewer ? "mine" : "theirs"} label={t("cube", { value: cube.value, owner: cube.owner === null ? "none" : cube.owner === viewer ? "mine" : "theirs" })} />
      {dice ? <BoardDice dice={dice} mine={dice.side === viewer} label={t("dice", { color: dice.side, dice: rollText(dice.values) })} /> : null}
      {[...mine.map((c) => ({ ...c, color: viewer, own: true })), ...theirs.map((c) => ({ ...c, color: opponent, own: false }))]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((checker) => {
          const location = toViewer(checker.location, checker.color, viewer);
          const { x, y } = checkerCentre(location, checker.index, checker.own);
          const selected = checker.own && input?.selected === location && isTop(checker, position[viewer]);
          const lifted = selected && drag?.moved;
          return (
            <g
              key={checker.id}
              className={`checker checker-${checker.color}${selected ? " checker-selected" : ""}${lifted ? " checker-lifted" : ""}`}
              style={{ transform: `translate(${x}px, ${y}px)` }}
            >
              {location === 0 ? (
                <rect x={-TRAY_WIDTH_INNER / 2 + 3} y={-SLAB_HEIGHT / 2} width={TRAY_WIDTH_INNER - 6} height={SLAB_HEIGHT} rx={2} />
              ) : (
                <circle r={CHECKER / 2 - 1} />
              )}
            </g>
          );
        })}
      {lastPlay ? <LastPlayMarks play={lastPlay} viewer={viewer} /> : null}
      {drag?.moved ? (
        <circle className={`checker-ghost checker-${viewer}`} cx={drag.x} cy={drag.y} r={CHECKER / 2 - 1} />
      ) : null}
      {stacks.map(({ location, count, color }) => {
        const { x, y } = checkerCentre(location, MAX_STACK - 1, color === viewer);
        const shownAt = location === 25 ? checkerCentre(25, Math.min(count, MAX_STACK) - 1, color === viewer) : { x, y };
        return (
          <text key={`${color}-${location}`} className={`stack-count stack-count-${color}`} x={shownAt.x} y={shownAt.y + 5} textAnchor="middle">
            {count}
          </text>
        );
      })}
      {OPPONENT_SIDE.map((location) => {
        const area = hitArea(location);
        return <rect key={`their-${location}`} className="hit" x={area.x} y={PLAY_TOP} width={area.width} height={area.height} role="img" aria-label={contentsLabel(location, "theirs")} />;
      })}
      {HIT_LOCATIONS.map((location) => {
        const area = hitArea(location);
        const action = actionLabel(location);
        const interactive = action !== undefined;
        const label = action ?? contentsLabel(location);
        return (
          <rect
            key={`hit-${location}`}
            className={`hit${interactive ? " hit-active" : ""}${input?.selected === location ? " hit-selected" : ""}`}
            x={area.x}
            y={area.y}
            width={area.width}
            height={area.height}
            role={interactive ? "button" : "img"}
            aria-label={label}
            // A toggle only while it means "pick this checker": a point that is also the selected checker's target
            // is a plain "move to" button, as its label says (a keyboard or screen-reader user must not hear both).
            aria-pressed={interactive && input?.movable.has(location) && !isTarget(location) ? input.selected === location : undefined}
            tabIndex={interactive ? 0 : undefined}
            data-location={location}
            onKeyDown={interactive ? onKey(location) : undefined}
            onPointerDown={onPointerDown(location)}
            onClick={input ? onClick(location) : undefined}
          />
        );
      })}
    </svg>
  );
}

function countAt(board: readonly number[], location: number): number {
  if (location === 0) return 15 - board.reduce((a, b) => a + b, 0);
  return board[location - 1] ?? 0;
}

/** The checker a click on its location would pick up: the top one of the stack. */
function isTop(checker: PlacedChecker, board: readonly number[]): boolean {
  return checker.index === countAt(board, checker.location) - 1;
}

function BoardCube({ value, owner, label }: { value: number; owner: "mine" | "theirs" | null; label: string }) {
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

/**
 * The marks of the opponent's last play: a dashed ring where each checker left, a ring where it landed, a line between,
 * and a red ring where it hit. Drawn over the checkers, taking no clicks; the live region says the play in words.
 */
function LastPlayMarks({ play, viewer }: { play: { readonly color: Color; readonly moves: readonly CheckerMove[] }; viewer: Color }) {
  const mine = play.color === viewer;
  const at = (location: number) => checkerCentre(toViewer(location, play.color, viewer), 0, mine);
  return (
    <g className="last-play" aria-hidden="true" data-testid="last-play">
      {play.moves.map((move, i) => {
        const from = at(move.from);
        const to = at(move.to);
        return (
          <g key={`${i}-${move.from}-${move.to}`} data-from={move.from} data-to={move.to} data-hit={move.hit ? "yes" : "no"}>
            <line className="last-path" x1={from.x} y1={from.y} x2={to.x} y2={to.y} />
            <circle className="last-from" cx={from.x} cy={from.y} r={CHECKER / 2 - 2} />
            <circle className={move.hit ? "last-to last-hit" : "last-to"} cx={to.x} cy={to.y} r={CHECKER / 2 + 1} />
          </g>
        );
      })}
    </g>
  );
}
