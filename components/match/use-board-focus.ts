"use client";
/**
 * Where the keyboard's focus goes in the play area after a shortcut: to the board (the Tab order goes on from there,
 * not from the page's top), and after a roll asked by its shortcut to the first checker to move once the roll's dice
 * are in, so that Enter picks it up; B takes it to that checker, else to the board itself.
 *
 * @example
 *   const { byKey, toBoard } = useBoardFocus(area, view);
 *   useShortcuts({ roll: byKey(roll, true), board: toBoard });
 */
import { useEffect, useRef, type RefObject } from "react";
import type { MatchView } from "@/lib/match/view";

export function useBoardFocus(area: RefObject<HTMLElement | null>, view: MatchView | null) {
  // The version a roll was asked at by its shortcut; null when none was.
  const focusChecker = useRef<number | null>(null);
  useEffect(() => {
    const root = area.current;
    const asked = focusChecker.current;
    if (asked === null || !root || !view) return;
    // The roll's own event, not a later turn's (a roll with no play passes the turn).
    if (view.version > asked + 1) focusChecker.current = null;
    const checker = root.querySelector<SVGElement>('.hit[tabindex="0"][aria-pressed]');
    if (checker && focusChecker.current !== null) {
      focusChecker.current = null;
      checker.focus();
    }
  });

  /** A shortcut's action, then the focus on the board (and, for a roll, on the first checker to move next). */
  const byKey = (action: () => void, checkerNext = false) => () => {
    area.current?.querySelector<SVGElement>("svg.board")?.focus({ preventScroll: true });
    focusChecker.current = checkerNext && view ? view.version : null;
    action();
  };
  /** B: the first checker to move, else the board itself. */
  const toBoard = () => {
    const root = area.current;
    (root?.querySelector<SVGElement>('.hit[tabindex="0"][aria-pressed]') ?? root?.querySelector<SVGElement>("svg.board"))?.focus({ preventScroll: true });
  };
  return { byKey, toBoard };
}
