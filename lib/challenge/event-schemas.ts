/** zod schemas of a challenge's stored events (challenge.ts), parsed whenever a challenge is folded from its stream. */
import { z } from "zod";
import { timeControlSchema } from "../match/event-schemas";
import type { ChallengeEvent } from "./challenge";

const party = z.object({ id: z.string().min(1).max(64), name: z.string().max(200) });
const at = z.number().int().min(0);

export const challengeEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("offered"),
    from: party,
    to: party,
    matchId: z.string().min(6).max(40),
    matchLength: z.int().min(1).max(25),
    timeControl: timeControlSchema.nullable(),
    rated: z.boolean(),
    color: z.enum(["white", "black"]),
    at,
    expiresAt: at,
  }),
  z.object({ type: z.literal("accepted"), at }),
  z.object({ type: z.literal("declined"), at }),
  z.object({ type: z.literal("withdrawn"), at }),
  z.object({ type: z.literal("expired"), at }),
]) satisfies z.ZodType<ChallengeEvent>;
