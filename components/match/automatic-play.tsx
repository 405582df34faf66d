"use client";
/**
 * Does for the player what their settings allow (lib/play/automatic-play.ts): rolls when Roll is the only choice,
 * makes a forced play or an obvious bear-off. It waits a moment first, so the dice are seen before the checkers go,
 * and tries each version of the match once: if the server refuses (the opponent acted first, a lost connection), the
 * page does not insist — the buttons are still there.
 *
 * @example
 *   <AutomaticPlay />   // inside a MatchProvider and a PlayPreferencesProvider
 */
import { useEffect, useRef } from "react";
import { usePlayPreferences } from "@/components/play/play-preferences";
import { automaticAction } from "@/lib/play/automatic-play";
import { rollPayload } from "./roll-payload";
import { useRun } from "./match-provider";
import { useMatchFields } from "./use-match-fields";

/** Long enough to see the dice land before a forced play moves the checkers. */
export const AUTOMATIC_DELAY_MS = 600;

export function AutomaticPlay() {
  const { view, you, busy } = useMatchFields("view", "you", "busy");
  const run = useRun();
  const { preferences } = usePlayPreferences();
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!view || !you || busy || view.status !== "playing") return;
    const action = automaticAction(view.state, you, preferences);
    const key = `${view.matchId}:${view.version}`;
    if (!action || tried.current === key) return;
    const timer = setTimeout(() => {
      tried.current = key;
      const base = { matchId: view.matchId, expectedVersion: view.version };
      if (action.type === "roll") void run("match:roll", rollPayload(view));
      else void run("match:move", { ...base, moves: action.play.moves.map(({ from, to }) => ({ from, to })) });
    }, AUTOMATIC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, you, busy, preferences, run]);

  return null;
}
