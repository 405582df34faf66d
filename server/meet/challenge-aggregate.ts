/**
 * The challenge aggregate as the kernel runs it (server/kernel/kernel.ts): lib/challenge's pure parts, and the
 * Challenge row they project to in the same transaction — the lists (`challenge:list`, the notices) read the rows.
 */
import { decideChallenge, emptyChallenge, evolveChallenge, type ChallengeCommand, type ChallengeContext, type ChallengeEvent, type ChallengeRefusal, type ChallengeView } from "@/lib/challenge/challenge";
import { challengeEventSchema } from "@/lib/challenge/event-schemas";
import type { Tx } from "@/server/db/db";
import type { Aggregate } from "@/server/kernel/kernel";

export const challengeAggregate: Aggregate<ChallengeView, ChallengeCommand, ChallengeEvent, ChallengeContext, ChallengeRefusal> = {
  name: "challenge",
  empty: emptyChallenge,
  evolve: evolveChallenge,
  decide: decideChallenge,
  settle: { type: "settle" },
  parse: (payload) => challengeEventSchema.parse(payload),
  project: projectChallenge,
};

async function projectChallenge(tx: Tx, _before: ChallengeView, after: ChallengeView, events: readonly ChallengeEvent[]): Promise<void> {
  for (const event of events) {
    if (event.type === "offered") {
      await tx.challenge.create({
        data: {
          id: after.id,
          matchId: event.matchId,
          fromId: event.from.id,
          toId: event.to.id,
          matchLength: event.matchLength,
          rated: event.rated,
          reserveMs: event.timeControl?.reserveMs ?? null,
          delayMs: event.timeControl?.delayMs ?? null,
          createdAt: new Date(event.at),
          expiresAt: new Date(event.expiresAt),
        },
      });
    } else {
      await tx.challenge.update({ where: { id: after.id }, data: { status: event.type, answeredAt: new Date(event.at) } });
    }
  }
}
