-- Issue 48: one event store keyed by stream for the aggregates kept outside the match log (tournaments, direct
-- challenges), and challenges made of events: the Challenge table becomes their projection, and a challenge's match
-- is made only when it is accepted (so the row no longer points at a Match).

-- CreateTable
CREATE TABLE "StreamEvent" (
    "stream" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StreamEvent_pkey" PRIMARY KEY ("stream","version")
);

-- Every tournament's events move into its stream, unchanged.
INSERT INTO "StreamEvent" ("stream", "version", "type", "payload", "createdAt")
SELECT 'tournament:' || "tournamentId", "version", "type", "payload", "createdAt" FROM "TournamentEvent";

-- DropForeignKey
ALTER TABLE "Challenge" DROP CONSTRAINT "Challenge_matchId_fkey";

-- DropForeignKey
ALTER TABLE "TournamentEvent" DROP CONSTRAINT "TournamentEvent_tournamentId_fkey";

-- AlterTable: a challenge of the old kind had its match made at once; its settings are that match's. One still
-- pending has no event stream to answer it from: it expires (its waiting private match stays its sender's to cancel).
ALTER TABLE "Challenge" ADD COLUMN     "delayMs" INTEGER,
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "matchLength" INTEGER,
ADD COLUMN     "rated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reserveMs" INTEGER;
UPDATE "Challenge" c SET "matchLength" = m."matchLength", "rated" = m."rated", "reserveMs" = m."reserveMs", "delayMs" = m."delayMs",
       "expiresAt" = c."createdAt", "status" = CASE WHEN c."status" = 'pending' THEN 'expired' ELSE c."status" END
FROM "Match" m WHERE m."id" = c."matchId";
ALTER TABLE "Challenge" ALTER COLUMN "expiresAt" SET NOT NULL, ALTER COLUMN "matchLength" SET NOT NULL;

-- DropTable
DROP TABLE "TournamentEvent";

-- Append-only, like the match log (server/db/append-only.test.ts).
CREATE TRIGGER "StreamEvent_append_only" BEFORE UPDATE OR DELETE ON "StreamEvent"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "StreamEvent_no_truncate" BEFORE TRUNCATE ON "StreamEvent"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
