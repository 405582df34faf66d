"use client";
/**
 * Keeps the keyboard's place in a part of the page whose controls come and go: when the focused control disappears or
 * is disabled (Roll once rolled, a destination once moved to, Confirm once sent) the browser drops focus to the page,
 * and a keyboard user would have to Tab through the whole header again. After every render, if the focus was inside
 * `container` and is now nowhere, it goes to the first of `candidates` (CSS selectors, in order of preference) present.
 *
 * @example
 *   const area = useRef<HTMLDivElement>(null);
 *   useFocusRescue(area, ['.hit[tabindex="0"][aria-pressed]', ".controls button:not([disabled])", "svg.board"]);
 */
import { useEffect, useRef, type RefObject } from "react";
import { listen } from "@/components/ui/listen";

export function useFocusRescue(container: RefObject<HTMLElement | null>, candidates: readonly string[]): void {
  const inside = useRef(false);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onIn = () => (inside.current = true);
    // A blur to nowhere (relatedTarget null) is the case to rescue: it keeps `inside`.
    const onOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null && !root.contains(event.relatedTarget as Node)) inside.current = false;
    };
    return listen(root, { focusin: onIn, focusout: onOut });
  }, [container]);

  useEffect(() => {
    // The browser moves focus off a removed or disabled control after the render: look once it has.
    const timer = setTimeout(() => {
      const root = container.current;
      const active = document.activeElement;
      if (!root || !inside.current || (active !== null && active !== document.body)) return;
      for (const selector of candidates) {
        const next = root.querySelector<HTMLElement | SVGElement>(selector);
        if (next) {
          next.focus();
          return;
        }
      }
    }, 0);
    return () => clearTimeout(timer);
  });
}
