/**
 * What of a match may leave the server (fair-dice-v2, issue 46): the stored events and the server's view, less the
 * first opening salt while the roll waits for the second. An opponent who knew the game's seed (an insider's friend)
 * and saw the first salt could try salts of their own offline and send the one that wins the opening; withheld, the
 * first salt is fixed before the second is chosen, and the roll shows both. Every path out — the broadcast and the
 * command's answer, snapshots, the event log route — goes through here. Server-side only: the browser folds what it
 * is given with `evolve` and never needs the hash this imports.
 *
 * @example
 *   publishedEvent({ type: "salt", color: "white", nonce: 0, salt: "0f1e…" }); // { type: "salt", color: "white", nonce: 0, commitment: "9c4b…" }
 *   publicView(live.view).pendingSalts;                                      // { nonce: 0, from: ["white"], salts: {} }
 */
import { commitmentOf } from "../dice/commitment";
import type { MatchEvent, PublishedEvent } from "./events";
import type { MatchView } from "./view";

/**
 * `event` as clients get it: a `salt` event gives whose salt it is and its commitment (the same hash as the seed's,
 * hex(SHA-256) of the 32 ASCII characters) but not the salt; every other event as stored.
 */
export function publishedEvent(event: MatchEvent): PublishedEvent {
  if (event.type !== "salt") return event;
  return { type: "salt", color: event.color, nonce: event.nonce, commitment: commitmentOf(event.salt) };
}

/** The view as clients get it: the pending opening salts emptied (who sent one stays), the view folded from published events. */
export function publicView(view: MatchView): MatchView {
  if (!view.pendingSalts || Object.keys(view.pendingSalts.salts).length === 0) return view;
  return { ...view, pendingSalts: { ...view.pendingSalts, salts: {} } };
}
