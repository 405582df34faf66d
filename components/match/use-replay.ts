"use client";
/**
 * The board's position while an opponent's play is shown step by step: when a play of two or more checker steps
 * arrives live (not one already in the log when the page opened), each step is shown for STEP_MS, then the board shows
 * the match as it is (null). Skipped when the reader asked for reduced motion: the board then shows the play at once,
 * with its marks.
 *
 * @example
 *   const replayed = useReplay(log, you);
 *   <Board position={replayed ?? state.position} input={replayed ? null : input} … />
 */
import { useEffect, useRef, useState } from "react";
import type { Position } from "@/lib/engine/types";
import { lastPlay } from "@/lib/play/last-play";
import { replayFrames } from "@/lib/play/replay";
import type { Color } from "@/lib/engine/types";
import type { LogLine } from "./match-store";

export const STEP_MS = 320;

export function useReplay(log: readonly LogLine[], you: Color | null): Position | null {
  const [frame, setFrame] = useState<Position | null>(null);
  /** The version of the newest move already shown (or present when the page opened). */
  const shown = useRef<number | null>(null);
  // The steps' timers outlive the render that started them: later events (the viewer's own roll right after) must not
  // cut the replay short. Cleared when a newer play starts, and when the page goes.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    const newest = log.findLast((line) => line.event.type === "action" && line.event.action.type === "move");
    if (!newest) return;
    if (shown.current === null || newest.version <= shown.current) {
      shown.current = Math.max(shown.current ?? 0, newest.version);
      return;
    }
    shown.current = newest.version;
    const play = lastPlay([newest], you);
    if (!play || play.moves.length < 2 || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const frames = replayFrames(newest.before.state.position, play.player, play.moves);
    timers.current.forEach(clearTimeout);
    // The first step at once, each next one STEP_MS later; after the last, the match as it is.
    timers.current = [...frames.map((position, i) => setTimeout(() => setFrame(position), i * STEP_MS)), setTimeout(() => setFrame(null), frames.length * STEP_MS)];
  }, [log, you]);

  return frame;
}
