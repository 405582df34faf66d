"use client";
/**
 * Listens for the match page's keyboard shortcuts (lib/play/shortcuts.ts) and runs the action given for the key, if
 * any is given now: a component passes only what its player may do at this moment (Roll while it is theirs to roll).
 * A key the page's own controls handled (the board's Enter on a checker) or one typed into a field is left alone.
 *
 * @example
 *   useShortcuts({ roll: canRoll ? roll : undefined, undo: steps.length > 0 ? undo : undefined });
 */
import { useEffect, useRef } from "react";
import { shortcutFor, type Shortcut } from "@/lib/play/shortcuts";

export type ShortcutActions = Partial<Record<Shortcut, (() => void) | undefined>>;

export function useShortcuts(actions: ShortcutActions): void {
  // The actions of the last render, read when a key comes: one listener for the page's whole life.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const element = event.target instanceof Element ? event.target : null;
      const target = element ? { tagName: element.tagName, isContentEditable: element instanceof HTMLElement && element.isContentEditable, role: element.getAttribute("role") } : null;
      const shortcut = shortcutFor({ key: event.key, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey, target });
      const run = shortcut ? latest.current[shortcut] : undefined;
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
