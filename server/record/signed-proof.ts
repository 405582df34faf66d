/**
 * A fair-dice-v2 or v3 bundle made into a signed proof (docs/fair-dice-v2.md, sections 5a and 5b; docs/fair-dice-v3.md,
 * section 9b): who sat where (and which seat is the computer), how the match ended, the game record as canonical lines
 * and their digest, and the site's signature over all of it with the roll log and its salts — for v3 also the chain
 * heads and each roll's values, under v3's statement with the same key. Made whenever a bundle is served or exported — for old
 * matches too — so that a roll, salt, move, end or seat rewritten after the match no longer verifies. A fair-dice-v1
 * bundle is returned as it is: v1 predates signed proofs (its rolls have no salts a forger could grind).
 *
 * @example
 *   const proof = signedProof(bundle, { view, events }, getProofKey());
 *   proof.signature; // { keyId: "fg-ed25519-…", value: "…" }
 */
import type { ProofEnd, ProofSeat } from "@/lib/dice";
import { recordDigest } from "@/lib/dice";
import { matGamesFromActions } from "@/lib/engine/mat";
import type { Color } from "@/lib/engine/types";
import type { MatchEvent } from "@/lib/match/events";
import type { MatchView } from "@/lib/match/view";
import { recordLinesOf } from "@/lib/record/record-lines";
import type { MatchBundle } from "@/server/db/bundle-rows";
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

export function signedProof<B extends MatchBundle>(bundle: B, source: ProofSource, key: ProofSigningKey): B;
export function signedProof(bundle: MatchBundle, source: ProofSource, key: ProofSigningKey): MatchBundle {
  if (bundle.protocol === "fair-dice-v1") return bundle;
  const { view, events } = source;
  const computer = bundle.computer ?? null;
  const recordLines = matchRecordLines(view, events);
  const proof = {
    computer,
    seats: { white: seatOf(view, "white", computer), black: seatOf(view, "black", computer) },
    end: endOf(view),
    recordDigest: recordDigest(recordLines),
    recordLines,
  };
  return bundle.protocol === "fair-dice-v3" ? key.signV3({ ...bundle, ...proof }) : key.sign({ ...bundle, ...proof });
}
