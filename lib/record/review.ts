/**
 * The match record as a review page shows it: split into games, one step per rules action (plus a step for each game's
 * end and the match's end), each with what happened as a message key, the board and the match state after it, and the gnubg Position ID
 * and Match ID to paste into GNU Backgammon. Also the record as a GNU Backgammon .mat file (`matFromEvents`).
 *
 * IDs follow gnubg: the Position ID encodes the player on roll second (after a move, the opponent; while a double is
 * answered, still the doubler), and the Match ID is `encodeMatchId(matchIdFields(state))` — except on the step that
 * ends a game, where it describes the game as gnubg shows it once over ("over", "dropped" or "resigned", the cube of
 * that game, the score counting it), while `matchState` is already the state after (the next game's opening).
 *
 * @example
 *   const games = reviewSteps(events);
 *   games[0]?.steps[1]?.say;        // { key: "move", values: { player: "white", dice: "3-1", opening: "yes", notation: "8/5 6/5" } }
 *   games[0]?.steps[1]?.positionId; // "4HPwATDgc/ABMA"-style, black on roll
 */
import { apply } from "../engine/match";
import { newMatch, resultMultiplier, type GameRecord, type MatchAction, type MatchState, type Score } from "../engine/match-state";
import { matchIdFields } from "../engine/match-queries";
import { encodeMatchId, encodePositionId } from "../engine/gnubg-id";
import { makeMat, matGamesFromActions } from "../engine/mat";
import { validatePlay } from "../engine/moves";
import { rollText } from "../engine/notation";
import { describeFailure, opponentOf, type Color, type Dice, type Position } from "../engine/types";
import type { MatchEvent } from "../match/events";

export type ReviewStepKind =
  | "opening-roll"
  | "roll"
  | "move"
  | "pass"
  | "double"
  | "take"
  | "drop"
  | "resign-offer"
  | "resign-accept"
  | "resign-decline"
  | "game-end"
  | "match-end";

export interface ReviewStep {
  /** 0-based position in the whole match. */
  readonly index: number;
  /** 1-based game number. */
  readonly game: number;
  /** Who acted; null for the opening roll (nobody chooses it); the winner for game-end and match-end. */
  readonly actor: Color | null;
  readonly kind: ReviewStepKind;
  /** As rolled: for an opening roll [white's die, black's die]; on a move or pass, the dice it played. */
  readonly dice?: Dice;
  /** gnubg's notation of the play ("24/18 13/11"); "" for a pass. */
  readonly notation?: string;
  /** What happened, as a message key and its arguments (`review.steps.<key>` in messages/<locale>.json): pages word
   * it in the reader's language, tools in English (i18n/english.ts); lib gives no words. */
  readonly say: StepMessage;
  /** The board after the step; where the game stopped, for a step that ends it. */
  readonly position: Position;
  readonly matchState: MatchState;
  readonly positionId: string;
  readonly matchId: string;
  /** On a move or pass: the gnubg IDs of the moment before it — the player on roll with the dice still to play —
   * which is what the analysis board needs to rank the alternatives (the IDs after it have the other side on roll). */
  readonly before?: { readonly positionId: string; readonly matchId: string };
}

export interface ReviewGame {
  /** 1-based. */
  readonly number: number;
  readonly crawford: boolean;
  readonly scoreBefore: Score;
  readonly steps: readonly ReviewStep[];
  /** How the game ended; null while it is unfinished (in progress or abandoned). */
  readonly record: GameRecord | null;
}

export interface StepMessage {
  readonly key: string;
  readonly values: Readonly<Record<string, string | number>>;
}

type StepFields = Omit<ReviewStep, "index" | "game" | "position" | "matchState" | "positionId" | "matchId">;

/** The step's kind, actor, dice, notation and sentence, from the states around the action. */
function describe(before: MatchState, after: MatchState, action: MatchAction, opening: boolean): StepFields {
  switch (action.type) {
    case "opening-roll": {
      const [w, b] = action.dice;
      if (w === b) return { kind: "opening-roll", actor: null, dice: action.dice, say: { key: "openingTie", values: { die: w } } };
      const starter = w > b ? "white" : "black";
      return { kind: "opening-roll", actor: null, dice: action.dice, say: { key: "opening", values: { white: w, black: b, player: starter } } };
    }
    case "roll":
      return { kind: "roll", actor: action.player, dice: action.dice, say: { key: "roll", values: { player: action.player, dice: rollText(action.dice) } } };
    case "move": {
      // `apply` accepted the move, so the dice were rolled and the play is legal.
      const dice = before.dice as Dice;
      const play = validatePlay(before.position, dice, action.moves);
      const notation = play.ok ? play.value.notation : "";
      const values = { player: action.player, dice: rollText(dice), opening: opening ? "yes" : "no", notation };
      const ids = { positionId: encodePositionId(before.position), matchId: encodeMatchId(matchIdFields(before)) };
      if (notation === "") return { kind: "pass", actor: action.player, dice, notation, say: { key: "pass", values }, before: ids };
      return { kind: "move", actor: action.player, dice, notation, say: { key: "move", values }, before: ids };
    }
    case "double":
      return { kind: "double", actor: action.player, say: { key: "double", values: { player: action.player, value: before.cube.value * 2 } } };
    case "take":
      return { kind: "take", actor: action.player, say: { key: "take", values: { player: action.player, value: after.cube.value } } };
    case "drop":
      return {
        kind: "drop",
        actor: action.player,
        say: { key: "drop", values: { player: action.player, other: opponentOf(action.player), points: before.cube.value } },
      };
    case "resign-offer": {
      const points = action.level * before.cube.value;
      return {
        kind: "resign-offer",
        actor: action.player,
        say: { key: "resignOffer", values: { player: action.player, level: action.level, points } },
      };
    }
    case "resign-accept": {
      const level = before.pendingResign?.level ?? 1;
      const points = level * before.cube.value;
      return { kind: "resign-accept", actor: action.player, say: { key: "resignAccept", values: { player: action.player, points } } };
    }
    case "resign-decline":
      return { kind: "resign-decline", actor: action.player, say: { key: "resignDecline", values: { player: action.player } } };
  }
}

function gameEndMessage(record: GameRecord): StepMessage {
  return {
    key: "gameEnd",
    values: {
      player: record.winner,
      number: record.number,
      points: record.points,
      how: record.ending === "played" ? record.resultKind : record.ending,
      level: resultMultiplier(record.resultKind),
      white: record.scoreAfter.white,
      black: record.scoreAfter.black,
    },
  };
}

/**
 * The game just ended as gnubg's Match ID shows it: the game's cube and Crawford flag, its ending, the score counting
 * it. gnubg leaves the doubler on roll and the doubled side on turn when a double was pending (still marked doubled
 * after a resignation, not after a drop), and the dice of a roll nobody played.
 */
function endedMatchId(before: MatchState, record: GameRecord): string {
  const pending = before.pendingDouble;
  const ended: MatchState = {
    ...before,
    phase: "match-over",
    score: record.scoreAfter,
    games: [...before.games, record],
    position: record.finalPosition,
    onRoll: null,
    turn: pending === null ? null : opponentOf(pending.player),
    // A roll not played before a resignation stays on the board in gnubg.
    dice: record.ending === "resigned" ? before.dice : null,
    pendingDouble: null,
    pendingResign: null,
  };
  return encodeMatchId({ ...matchIdFields(ended), doubled: pending !== null && record.ending === "resigned" });
}

interface GameBuilder {
  number: number;
  crawford: boolean;
  scoreBefore: Score;
  steps: ReviewStep[];
  record: GameRecord | null;
}

/**
 * The match record split into games and steps. Events other than rules actions add nothing, except an `ended` event
 * that stops an unfinished match (abandoned or cancelled), which becomes its match-end step. Throws on an action the
 * rules refuse: the stored log only holds accepted actions, so that is a corrupted record.
 */
export function reviewSteps(events: readonly MatchEvent[]): ReviewGame[] {
  const games: GameBuilder[] = [];
  let state: MatchState | null = null;
  let index = 0;
  const push = (game: GameBuilder, fields: StepFields, position: Position, matchState: MatchState, matchId: string) => {
    game.steps.push({ index: index++, game: game.number, ...fields, position, matchState, positionId: encodePositionId(position), matchId });
  };
  for (const event of events) {
    if (event.type === "created") state = newMatch({ matchLength: event.matchLength });
    if (event.type === "ended" && event.reason !== "finished" && state !== null && state.phase !== "match-over") {
      const game = games.at(-1);
      const say = { key: event.reason === "cancelled" ? "cancelled" : event.reason === "timeout" ? "timeout" : "abandoned", values: { player: event.winner ?? "none" } };
      if (game) push(game, { kind: "match-end", actor: event.winner, say }, state.position, state, encodeMatchId(matchIdFields(state)));
    }
    if (event.type !== "action" || state === null) continue;
    const before: MatchState = state;
    const next = apply(before, event.action);
    if (!next.ok) throw new Error(`stored action refused while building the review (${describeFailure(next)})`);
    const after = next.value;
    state = after;
    let game = games.at(-1);
    if (game === undefined || game.number !== before.gameNumber) {
      game = { number: before.gameNumber, crawford: before.crawford, scoreBefore: before.score, steps: [], record: null };
      games.push(game);
    }
    // A game's first play is the opening roll's.
    const opening = !game.steps.some((s) => s.kind === "move" || s.kind === "pass");
    const fields = describe(before, after, event.action, opening);
    const record = after.games.length > before.games.length ? after.games.at(-1) : undefined;
    if (record === undefined) {
      push(game, fields, after.position, after, encodeMatchId(matchIdFields(after)));
      continue;
    }
    game.record = record;
    const matchId = endedMatchId(before, record);
    push(game, fields, record.finalPosition, after, matchId);
    push(game, { kind: "game-end", actor: record.winner, say: gameEndMessage(record) }, record.finalPosition, after, matchId);
    if (after.phase === "match-over") {
      const say = { key: "matchOver", values: { player: record.winner, won: after.score[record.winner], lost: after.score[opponentOf(record.winner)] } };
      push(game, { kind: "match-end", actor: record.winner, say }, record.finalPosition, after, matchId);
    }
  }
  return games;
}

/** The players' names as the record has them; the colour's name for a seat nobody took. */
function namesOf(events: readonly MatchEvent[]): { white: string; black: string } {
  const names = { white: "White", black: "Black" };
  for (const event of events) {
    if (event.type === "created") names[event.creatorColor] = event.creator.name;
    if (event.type === "joined") names[event.color] = event.player.name;
  }
  return names;
}

/**
 * The match record as a GNU Backgammon .mat file (see lib/engine/mat.ts); names default to the players' names in the
 * record. The date is an argument, since lib/ reads no clock.
 */
export function matFromEvents(
  events: readonly MatchEvent[],
  names: { readonly white: string; readonly black: string } = namesOf(events),
  header: { readonly date?: string; readonly event?: string; readonly site?: string } = {},
): string {
  const created = events.find((e) => e.type === "created");
  if (created?.type !== "created") throw new Error("the match record has no created event");
  const actions = events.flatMap((e) => (e.type === "action" ? [e.action] : []));
  return makeMat({ matchLength: created.matchLength, players: names, games: matGamesFromActions(created.matchLength, actions), ...header });
}
