/**
 * The rules of a new tournament, once for the server and the form: who may create one, and the bounds of its
 * settings. The create form (components/tournaments/tournament-create-form.tsx) reads TOURNAMENT_LIMITS for its
 * inputs; `decideTournament` checks a request against the same numbers with `settingsFrom`.
 *
 * @example
 *   const settings = settingsFrom(request, Date.now()); // ok(settings) | err("ERR_TOURNAMENT", { reason: "closesAt" })
 */
import { may, type AccountKind } from "../access/may";
import { cleanUserText } from "../chat/chat-text";
import { err, ok, type Result } from "../engine/types";
import type { TournamentRefusal, TournamentSettings } from "./tournament";

const DAY_MS = 24 * 60 * 60_000;

export const TOURNAMENT_LIMITS = {
  nameLength: 80,
  players: { min: 2, max: 128 },
  matchLength: { min: 1, max: 25 },
  /** Registration closes in the future, at most this far ahead. */
  closesWithinMs: 30 * DAY_MS,
  /** The first round starts when registration closes or later, at most this long after. */
  startsWithinMsOfClose: DAY_MS,
  swissRounds: { min: 1, max: 20 },
  noShowMinutes: { min: 1, max: 60 },
} as const;

/**
 * What a creator asks for (the socket command's payload, times in ms since the epoch): the settings, with the no-show
 * time in minutes and the Swiss rounds only for a Swiss.
 */
export type TournamentRequest = Omit<TournamentSettings, "swissRounds" | "noShowMs"> & { readonly swissRounds?: number; readonly noShowMinutes: number };

/** Administrators always; registered players when the site allows it (/admin/settings, PLAYER_TOURNAMENTS). */
export function mayCreateTournament(account: { readonly kind: AccountKind; readonly admin: boolean }, playersMay: boolean): boolean {
  return account.admin || (playersMay && may(account.kind, "create-tournament"));
}

/** The settings of a tournament asked for at `now`, or why they cannot be. */
export function settingsFrom(request: TournamentRequest, now: number): Result<TournamentSettings, TournamentRefusal> {
  const limits = TOURNAMENT_LIMITS;
  // Cleaned as chat is (lib/chat/chat-text.ts): the name is shown on pages, in notifications and in draw.json.
  const name = cleanUserText(request.name).slice(0, limits.nameLength);
  if (name.length === 0) return err("ERR_TOURNAMENT", { reason: "name" });
  if (request.closesAt <= now || request.closesAt > now + limits.closesWithinMs) return err("ERR_TOURNAMENT", { reason: "closesAt" });
  if (request.startsAt < request.closesAt || request.startsAt > request.closesAt + limits.startsWithinMsOfClose) return err("ERR_TOURNAMENT", { reason: "startsAt" });
  const inRange = (value: number, range: { readonly min: number; readonly max: number }) => Number.isInteger(value) && value >= range.min && value <= range.max;
  if (!inRange(request.maxPlayers, limits.players) || !inRange(request.matchLength, limits.matchLength) || !inRange(request.noShowMinutes, limits.noShowMinutes)) {
    return err("ERR_TOURNAMENT", { reason: "other" });
  }
  const swiss = request.format === "swiss";
  if (swiss && (request.swissRounds === undefined || request.swissRounds < limits.swissRounds.min || request.swissRounds >= request.maxPlayers)) {
    return err("ERR_TOURNAMENT", { reason: "swissRounds", max: request.maxPlayers - 1 });
  }
  return ok({
    name,
    format: request.format,
    matchLength: request.matchLength,
    timeControl: request.timeControl,
    rated: request.rated,
    maxPlayers: request.maxPlayers,
    closesAt: request.closesAt,
    startsAt: request.startsAt,
    swissRounds: swiss ? (request.swissRounds ?? null) : null,
    noShowMs: request.noShowMinutes * 60_000,
  });
}
