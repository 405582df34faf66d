/**
 * How the board takes a play: clicking (or Enter/Space on) a highlighted checker selects it, clicking a highlighted
 * destination moves it, a checker can be dragged to its destination, and the arrow keys, Home and End step between
 * what can be acted on. With the keyboard, a pick takes the focus to the checker's first destination and a move to
 * the next checker to move; when the play is complete the page's controls take it (components/match/focus-rescue.ts).
 *
 * @example
 *   const { svg, drag, handlers } = useBoardInput(input);
 *   <svg ref={svg} onPointerMove={handlers.onPointerMove} …>
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { locationAt } from "./board-geometry";

/** What the viewer may do on the board while choosing a play (the page works it out; the board never does). */
export interface BoardInput {
  /** Locations (viewer's numbering, 25 = bar) whose checker may move now. */
  readonly movable: ReadonlySet<number>;
  readonly selected: number | null;
  /** Where the selected checker may go (viewer's numbering, 0 = off). */
  readonly targets: ReadonlySet<number>;
  readonly onSelect: (location: number | null) => void;
  readonly onTarget: (location: number) => void;
}

/** A checker pressed on, and (once `moved` a few units) lifted and following the pointer, in SVG units. */
export interface Drag {
  readonly from: number;
  readonly startX: number;
  readonly startY: number;
  readonly x: number;
  readonly y: number;
  readonly moved: boolean;
  readonly pointer: number;
}

/** A hit area's place in the arrow keys' order: points 1-24, then the bar, with the tray (off) first. */
function order(element: Element): number {
  const location = Number(element.getAttribute("data-location"));
  return location === 25 ? 25 : location;
}

export function useBoardInput(input: BoardInput | null) {
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const suppressClick = useRef(false);
  const focusAfter = useRef<"target" | "movable" | null>(null);

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

  useEffect(() => {
    const wanted = focusAfter.current;
    focusAfter.current = null;
    const root = svg.current;
    if (!root || !wanted) return;
    const items = [...root.querySelectorAll<SVGElement>('.hit[tabindex="0"]')];
    const next = wanted === "target" ? items.find((el) => !el.hasAttribute("aria-pressed")) : items.find((el) => el.hasAttribute("aria-pressed"));
    next?.focus();
  });

  const handlers = {
    onKey: (location: number) => (event: KeyboardEvent) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        activate(location, true);
      } else if (event.key === "Escape") {
        input?.onSelect(null);
      } else if (moveFocus(event.currentTarget, event.key)) {
        event.preventDefault();
      }
    },
    // Dragging: a press on a movable checker starts it, a move of a few units lifts the checker (and selects it, so
    // its destinations light up), and the release over a destination moves it there. A press and release without
    // moving is left to the click handler. No pointer capture: it would send the click to the <svg> instead.
    onPointerDown: (location: number) => (event: PointerEvent) => {
      suppressClick.current = false;
      if (!input?.movable.has(location) || event.button !== 0) return;
      const at = svgPoint(event);
      setDrag({ from: location, startX: at.x, startY: at.y, x: at.x, y: at.y, moved: false, pointer: event.pointerId });
    },
    onPointerMove: (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointer) return;
      const at = svgPoint(event);
      const moved = drag.moved || Math.hypot(at.x - drag.startX, at.y - drag.startY) > 8;
      if (moved && !drag.moved && input?.selected !== drag.from) input?.onSelect(drag.from);
      setDrag({ ...drag, x: at.x, y: at.y, moved });
    },
    onPointerUp: (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointer) return;
      setDrag(null);
      if (!drag.moved) return;
      suppressClick.current = true;
      const at = svgPoint(event);
      const location = locationAt(at.x, at.y);
      if (location !== null && location !== drag.from && input?.targets.has(location)) input.onTarget(location);
    },
    cancelDrag: () => setDrag(null),
    onClick: (location: number) => () => {
      if (suppressClick.current) {
        suppressClick.current = false;
        return;
      }
      activate(location);
    },
  };

  return { svg, drag, handlers };
}

export type BoardHandlers = ReturnType<typeof useBoardInput>["handlers"];
