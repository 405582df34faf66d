/**
 * What this page's player may send the match now, as the match aggregate would answer it (lib/match/allowed-commands.ts):
 * the buttons ask this rather than the rules. The player is the page's seat (match-asker.ts); the opponent's absence
 * comes from the presence lights.
 *
 * @example
 *   const allowed = useAllowedCommands(now);
 *   allowed.cancel; // a player, before the first roll
 */
import { useMemo } from "react";
import { opponentOf } from "@/lib/engine/types";
import { allowedCommands, NOTHING_ALLOWED, type AllowedCommands } from "@/lib/match/allowed-commands";
import { computerIn, seatedAsker } from "./match-asker";
import { useMatch } from "./match-provider";
import type { MatchPageState } from "./match-page-state";

/** What the player of seat `you` may send now (nothing for a spectator, or before the first snapshot). */
export function pageAllowed(state: Pick<MatchPageState, "view" | "you" | "awaySince" | "abandonAfterMs">, now: number): AllowedCommands {
  const { view, you } = state;
  if (!view) return NOTHING_ALLOWED;
  const opponentAwaySince = you === null ? null : state.awaySince[opponentOf(you)];
  return allowedCommands(view, seatedAsker(view, you), { now, abandonAfterMs: state.abandonAfterMs, opponentAwaySince, isComputer: computerIn(view) });
}

/** `now`: the time a claim is judged by (ms since the epoch); the other commands do not depend on it. */
export function useAllowedCommands(now = 0): AllowedCommands {
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const awaySince = useMatch((s) => s.awaySince);
  const abandonAfterMs = useMatch((s) => s.abandonAfterMs);
  return useMemo(() => pageAllowed({ view, you, awaySince, abandonAfterMs }, now), [view, you, awaySince, abandonAfterMs, now]);
}
