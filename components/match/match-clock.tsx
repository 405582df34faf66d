"use client";
/**
 * One player's clock in a timed match: the reserve, and while it is their turn the Bronstein delay counting down
 * first, ticking by the server's time (this browser's clock plus the offset the last snapshot gave). What it shows is
 * read from the view's clock (lib/match/clock.ts), which the events define; the server alone decides when a flag
 * falls, so a browser's clock can show 0:00 a moment before the timeout arrives, never end the match itself.
 *
 * @example
 *   <MatchClock color="white" />   // inside a MatchProvider; nothing for an untimed match
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { flagFall, formatClock, readClock } from "@/lib/match/clock";
import type { Color } from "@/lib/engine/types";
import { useMatch, useRun } from "./match-provider";

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
  const t = useTranslations("clock");
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
      aria-label={
        running && reading.delay > 0
          ? t("labelDelay", { color, left: formatClock(reading.reserve), delay: Math.ceil(reading.delay / 1000) })
          : t("label", { color, left: formatClock(reading.reserve) })
      }
    >
      {running && reading.delay > 0 ? <span className="clock-delay">{t("delayShort", { delay: Math.ceil(reading.delay / 1000) })}</span> : null}
      <span className="clock-reserve">{formatClock(reading.reserve)}</span>
    </span>
  );
}

/**
 * For a player: when the page's clock says the acting player's flag has fallen and no timeout has come a moment later,
 * ask the server to look (`match:check-clock`), and again every few seconds. The server decides by its own clock; its
 * timer normally ends the match first, and this only covers a server node that went away holding the timer.
 */
export function FlagWatch() {
  const clock = useMatch((s) => s.view?.clock ?? null);
  const matchId = useMatch((s) => s.view?.matchId ?? null);
  const playing = useMatch((s) => s.view?.status === "playing");
  const seated = useMatch((s) => s.you !== null);
  const offset = useMatch((s) => s.serverOffsetMs);
  const run = useRun();
  useEffect(() => {
    const flag = playing && seated && clock ? flagFall(clock) : null;
    if (!flag || !matchId) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      void run("match:check-clock", { matchId });
      timer = setTimeout(check, RECHECK_MS);
    };
    timer = setTimeout(check, Math.max(0, flag.at - (Date.now() + offset)) + GRACE_MS);
    return () => clearTimeout(timer);
  }, [clock, matchId, playing, seated, offset, run]);
  return null;
}

/** How long after the page's flag fall it asks, and how often again. */
const GRACE_MS = 2_000;
const RECHECK_MS = 5_000;
