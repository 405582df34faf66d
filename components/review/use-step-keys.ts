/**
 * The review's keys: ← and → step back and on, Home and End go to the ends — not while the reader types in a field,
 * nor with a modifier held (those keys are the browser's). `listening` turns true once the handler is in (after
 * hydration), so a test or a script knows the keys work.
 *
 * @example
 *   const listening = useStepKeys(last, setIndex);
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** `last`: the index of the last step; `setIndex` moves the step shown. */
export function useStepKeys(last: number, setIndex: Dispatch<SetStateAction<number>>): boolean {
  const [listening, setListening] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const moves: Record<string, (i: number) => number> = {
        ArrowLeft: (i) => i - 1,
        ArrowRight: (i) => i + 1,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setIndex((i) => Math.max(0, Math.min(last, move(i))));
    };
    window.addEventListener("keydown", onKey);
    setListening(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [last, setIndex]);
  return listening;
}
