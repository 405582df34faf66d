/**
 * What a roll request sends: in a fair-dice-v2 match the roller's salt for the next nonce, kept by this browser
 * (kept-salts.ts) before it leaves, so the same roll always carries the same salt.
 *
 * @example
 *   run("match:roll", rollPayload(view)); // { matchId, expectedVersion, salt: "0f1e…", nonce: 17 }
 */
import { allowedCommands } from "@/lib/match/allowed-commands";
import type { MatchView } from "@/lib/match/view";
import type { CommandPayload } from "@/lib/protocol/protocol";
import { saltFor } from "./kept-salts";
import { computerIn, seatedAsker } from "./match-asker";

export function rollPayload(view: MatchView): CommandPayload<"match:roll"> {
  const base = { matchId: view.matchId, expectedVersion: view.version };
  if (view.diceProtocol === "fair-dice-v1") return base;
  const nonce = view.rolls.length;
  // An opening salt is pinned by its nonce, not the version: the opponent's salt may land first, and that is fine.
  const pinned = view.state.phase === "opening" ? { matchId: view.matchId } : base;
  return { ...pinned, salt: saltFor(view.matchId, nonce), nonce };
}

/**
 * Whether this player's salt is what the opening roll of a fair-dice-v2 match waits for now, as the match would
 * answer it (lib/match/allowed-commands.ts). The page knows whose salt is in (`from`), never the other player's salt
 * itself: the server keeps that until the roll.
 */
export function owesOpeningSalt(view: MatchView, you: "white" | "black" | null): boolean {
  return pageAsks(view, you)["opening-salt"];
}

/**
 * What a fair-dice-v3 match waits for from this page's browser now, as the match would answer it: "chain-head", the
 * game's head, and "reveal", its next chain value (an opening roll's, or the answer to the roller's salt).
 */
export function owesContribution(view: MatchView, you: "white" | "black" | null): { readonly head: boolean; readonly reveal: boolean } {
  const allowed = pageAsks(view, you);
  return { head: allowed["chain-head"], reveal: allowed.reveal };
}

function pageAsks(view: MatchView, you: "white" | "black" | null) {
  return allowedCommands(view, seatedAsker(view, you), { now: 0, abandonAfterMs: 0, opponentAwaySince: null, isComputer: computerIn(view) });
}
