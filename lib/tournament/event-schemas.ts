/**
 * zod schemas of a tournament's stored events (lib/tournament/tournament.ts `TournamentEvent`): the server parses
 * every stored payload with them when it folds a tournament (server/kernel), so a corrupt or hand-edited row is
 * named where it is read instead of surfacing later as a strange bracket.
 */
import { z } from "zod";
import { timeControlSchema } from "../match/event-schemas";
import type { TournamentEvent } from "./tournament";

const id = z.string().min(1).max(64);
const player = z.object({ id, name: z.string().max(200) });
const pairing = z.object({ white: id, black: id.nullable() });
const index = z.int().min(0).max(10_000);
const round = z.int().min(1).max(10_000);

const settings = z.object({
  name: z.string().max(200),
  format: z.enum(["knockout", "swiss"]),
  matchLength: z.int().min(1).max(25),
  timeControl: timeControlSchema,
  rated: z.boolean(),
  maxPlayers: z.int().min(2).max(1024),
  closesAt: z.number(),
  startsAt: z.number(),
  swissRounds: z.int().min(1).nullable(),
  noShowMs: z.number().min(0),
});

export const tournamentEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("created"), settings, commitment: z.string().regex(/^[0-9a-f]{64}$/), createdBy: player }),
  z.object({ type: z.literal("registered"), player }),
  z.object({ type: z.literal("unregistered"), playerId: id }),
  z.object({ type: z.literal("closed"), entrants: z.array(id), digest: z.string() }),
  z.object({ type: z.literal("cancelled"), reason: z.literal("too-few") }),
  z.object({ type: z.literal("started"), seed: z.string(), order: z.array(id) }),
  z.object({ type: z.literal("round-started"), round, pairings: z.array(pairing) }),
  z.object({ type: z.literal("match-made"), round, index, matchId: z.string().min(1).max(64), at: z.number() }),
  z.object({ type: z.literal("result"), round, index, winner: id, reason: z.enum(["played", "forfeit", "bye", "withdrawal"]) }),
  z.object({ type: z.literal("withdrawn"), playerId: id, fromRound: z.int().min(1) }),
  z.object({ type: z.literal("finished"), winner: z.string() }),
]) satisfies z.ZodType<TournamentEvent>;
