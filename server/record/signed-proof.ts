/**
 * A fair-dice-v2 bundle made into a signed proof (docs/fair-dice-v2.md, sections 5a and 5b): who sat where (and which
 * seat is the computer), how the match ended, the game record as canonical lines and their digest, and the site's
 * signature over all of it with the roll log and its salts. Made whenever a bundle is served or exported — for old
 * matches too — so that a roll, salt, move, end or seat rewritten after the match no longer verifies. A fair-dice-v1
 * bundle is returned as it is: v1 predates signed proofs (its rolls have no salts a forger could grind).
 *
 * @example
 *   const proof = signedProof(bundle, { view, events }, getProofKey());
 *   proof.signature; // { keyId: "fg-ed25519-…", value: "…" }
 */
import type { AuditBundle, AuditBundleV2, ProofEnd, ProofSeat } from "@/lib/dice";
import { recordDigest } from "@/lib/dice";
import { matGamesFromActions } from "@/lib/engine/mat";
import type { Color } from "@/lib/engine/types";
import type { MatchEvent } from "@/lib/match/events";
import type { MatchView } from "@/lib/match/view";
import { recordLinesOf } from "@/lib/record/record-lines";
import type { ProofSigningKey } from "@/server/vault/proof-key";

export interface ProofSource {
  readonly view: MatchView;
  readonly events: readonly MatchEvent[];
}

function seatOf(view: MatchView, color: Color, computer: Color | null): ProofSeat | null {
  const player = view.players[color];
  if (!player) return null;
  return { kind: color === computer ? "computer" : player.isGuest ? "guest" : "person", id: player.id, name: player.name };
}

/** The end as the proof states it, from the match itself (not from the bundle it vouches for). */
function endOf(view: MatchView): ProofEnd | null {
  if (!view.ended) return null;
  return {
    reason: view.ended.reason,
    winner: view.ended.winner,
    score: { white: view.state.score.white, black: view.state.score.black },
    games: view.rolls.at(-1)?.game ?? 0,
    rolls: view.rolls.length,
  };
}

/** The match's game record as canonical lines (lib/record/record-lines.ts): what `recordDigest` is over. */
export function matchRecordLines(view: Pick<MatchView, "matchLength">, events: readonly MatchEvent[]): string[] {
  const actions = events.flatMap((event) => (event.type === "action" ? [event.action] : []));
  return recordLinesOf(matGamesFromActions(view.matchLength, actions));
}

export function signedProof(bundle: AuditBundle | AuditBundleV2, source: ProofSource, key: ProofSigningKey): AuditBundle | AuditBundleV2 {
  if (bundle.protocol !== "fair-dice-v2") return bundle;
  const { view, events } = source;
  const computer = bundle.computer ?? null;
  const recordLines = matchRecordLines(view, events);
  return key.sign({
    ...bundle,
    computer,
    seats: { white: seatOf(view, "white", computer), black: seatOf(view, "black", computer) },
    end: endOf(view),
    recordDigest: recordDigest(recordLines),
    recordLines,
  });
}
