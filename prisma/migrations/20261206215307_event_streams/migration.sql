-- Issue 48: one event store keyed by stream for the aggregates kept outside the match log (tournaments, direct
-- challenges), and challenges made of events: the Challenge table becomes their projection, and a challenge's match
-- is made only when it is accepted (so the row no longer points at a Match).

-- CreateTable
CREATE TABLE "StreamEvent" (
    "stream" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("stream", "version")
);

-- Every tournament's events move into its stream, unchanged.
INSERT INTO "StreamEvent" ("stream", "version", "type", "payload", "createdAt")
SELECT 'tournament:' || "tournamentId", "version", "type", "payload", "createdAt" FROM "TournamentEvent";

-- DropIndex
DROP INDEX "TournamentEvent_tournamentId_version_key";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "TournamentEvent";
PRAGMA foreign_keys=on;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Challenge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "matchId" TEXT NOT NULL,
    "fromId" TEXT NOT NULL,
    "toId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "matchLength" INTEGER NOT NULL,
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "reserveMs" INTEGER,
    "delayMs" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "answeredAt" DATETIME,
    CONSTRAINT "Challenge_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Challenge_toId_fkey" FOREIGN KEY ("toId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
-- A challenge of the old kind had its match made at once; its settings are that match's. One still pending has no
-- event stream to answer it from: it expires (its waiting private match stays its sender's to cancel, as before).
INSERT INTO "new_Challenge" ("answeredAt", "createdAt", "expiresAt", "fromId", "id", "matchId", "status", "toId", "matchLength", "rated", "reserveMs", "delayMs")
SELECT c."answeredAt", c."createdAt", c."createdAt", c."fromId", c."id", c."matchId",
       CASE WHEN c."status" = 'pending' THEN 'expired' ELSE c."status" END, c."toId",
       m."matchLength", m."rated", m."reserveMs", m."delayMs"
FROM "Challenge" c JOIN "Match" m ON m."id" = c."matchId";
DROP TABLE "Challenge";
ALTER TABLE "new_Challenge" RENAME TO "Challenge";
CREATE UNIQUE INDEX "Challenge_matchId_key" ON "Challenge"("matchId");
CREATE INDEX "Challenge_toId_status_idx" ON "Challenge"("toId", "status");
CREATE INDEX "Challenge_fromId_status_idx" ON "Challenge"("fromId", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Append-only, like the match log (server/db/append-only.test.ts).
CREATE TRIGGER "StreamEvent_no_update" BEFORE UPDATE ON "StreamEvent"
BEGIN SELECT RAISE(ABORT, 'StreamEvent is append-only: UPDATE refused'); END;
CREATE TRIGGER "StreamEvent_no_delete" BEFORE DELETE ON "StreamEvent"
BEGIN SELECT RAISE(ABORT, 'StreamEvent is append-only: DELETE refused'); END;
