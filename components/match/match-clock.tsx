"use client";
/**
 * One player's clock in a timed match: the reserve, and while it is their turn the Bronstein delay counting down
 * first, ticking by the server's time (this browser's clock plus the offset the last snapshot gave). What it shows is
 * read from the view's clock (lib/record/clock.ts), which the events define; the server alone decides when a flag
 * falls, so a browser's clock can show 0:00 a moment before the timeout arrives, never end the match itself.
 *
 * @example
 *   <MatchClock color="white" />   // inside a MatchProvider; nothing for an untimed match
 */
import { useEffect, useState } from "react";
import { formatClock, readClock } from "@/lib/record/clock";
import type { Color } from "@/lib/engine/types";
import { useMatch } from "./match-provider";

/** The server's time now, re-read every `ms` while `active`. */
function useServerNow(offsetMs: number, active: boolean, ms = 200): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), ms);
    return () => clearInterval(timer);
  }, [offsetMs, active, ms]);
  return now;
}

export function MatchClock({ color }: { color: Color }) {
  const clock = useMatch((s) => s.view?.clock ?? null);
  const playing = useMatch((s) => s.view?.status === "playing");
  const offset = useMatch((s) => s.serverOffsetMs);
  const running = playing && clock?.running?.color === color;
  const now = useServerNow(offset, running);
  if (!clock) return null;
  const reading = readClock(clock, now)[color];
  const low = reading.reserve <= 10_000;
  return (
    <span
      className={`match-clock${running ? " clock-running" : ""}${low ? " clock-low" : ""}`}
      data-testid={`clock-${color}`}
      aria-label={`${color} clock: ${formatClock(reading.reserve)} left${running && reading.delay > 0 ? `, delay ${Math.ceil(reading.delay / 1000)} s` : ""}`}
    >
      {running && reading.delay > 0 ? <span className="clock-delay">+{Math.ceil(reading.delay / 1000)}s</span> : null}
      <span className="clock-reserve">{formatClock(reading.reserve)}</span>
    </span>
  );
}
