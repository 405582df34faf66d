/**
 * What storing one match event writes, as an appendEvent input: the event row, and with it the roll it logs, the
 * game it finishes, the client seed it adds (MatchSeed, where the audit bundle reads it) and the Match columns it
 * changes (lib/protocol matchColumns), and for the end of a rated match the result its rating changes are computed
 * from (lib/rating ratedOutcome) — all derived from the view before and after it. Every event after a match's
 * first is stored through here, a rules action as much as a join, so no event type has rows of its own making.
 *
 * @example
 *   const after = evolve(before, event);
 *   await appendEvent(db, eventAppend(before, after, event, actorId, new Date()));
 */
import { matchColumns } from "@/lib/match";
import { ratedOutcome } from "@/lib/match/rated";
import type { MatchEvent, MatchView } from "@/lib/match";
import type { AppendEventInput } from "./append-event";
import { encodeEvent } from "./event-codec";
import type { GameInput } from "./types";

/** The append of an event after a match's first ones (createMatch writes those). */
export function eventAppend(before: MatchView, after: MatchView, event: MatchEvent, actorId: string | null, at: Date): AppendEventInput {
  const roll = event.type === "action" ? event.roll : undefined;
  const columns = matchColumns(before, after, at);
  return {
    matchId: before.matchId,
    expectedVersion: before.version,
    event: encodeEvent(event, actorId),
    roll: roll && {
      nonce: roll.nonce,
      game: roll.game,
      kind: roll.kind,
      player: roll.player,
      die1: roll.dice[0],
      die2: roll.dice[1],
      ...(roll.salts && { whiteSalt: roll.salts.white ?? null, blackSalt: roll.salts.black ?? null }),
      ...(roll.values && { whiteValue: roll.values.white ?? null, blackValue: roll.values.black ?? null }),
    },
    matchUpdate: Object.keys(columns).length > 0 ? columns : undefined,
    game: finishedGame(before, after),
    clientSeed: event.type === "seed" ? { color: event.color, seed: event.clientSeed } : undefined,
    rating: ratedOutcome(before, after) ?? undefined,
  };
}

/** The game `after` finished, if it finished one. */
function finishedGame(before: MatchView, after: MatchView): GameInput | undefined {
  if (after.state.games.length === before.state.games.length) return undefined;
  const game = after.state.games[after.state.games.length - 1];
  if (!game) return undefined;
  return {
    number: game.number,
    winner: game.winner,
    points: game.points,
    resultType: game.resultKind,
    endedBy: game.ending,
    cubeValue: game.cubeValue,
    crawford: game.crawford,
  };
}
