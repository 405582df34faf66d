-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT,
    "role" TEXT NOT NULL DEFAULT 'USER',
    "isGuest" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "creatorId" TEXT NOT NULL,
    "whiteId" TEXT,
    "blackId" TEXT,
    "matchLength" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "inviteToken" TEXT,
    "scoreWhite" INTEGER NOT NULL DEFAULT 0,
    "scoreBlack" INTEGER NOT NULL DEFAULT 0,
    "winner" TEXT,
    "endReason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Match_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Match_whiteId_fkey" FOREIGN KEY ("whiteId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Match_blackId_fkey" FOREIGN KEY ("blackId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MatchSeed" (
    "matchId" TEXT NOT NULL PRIMARY KEY,
    "commitment" TEXT NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "iv" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    "whiteClientSeed" TEXT,
    "blackClientSeed" TEXT,
    "revealedSeed" TEXT,
    "revealedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MatchSeed_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RollLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "matchId" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "game" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "player" TEXT,
    "die1" INTEGER NOT NULL,
    "die2" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RollLog_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MatchEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "matchId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MatchEvent_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "MatchEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "matchId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "winner" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "resultType" TEXT NOT NULL,
    "endedBy" TEXT NOT NULL,
    "cubeValue" INTEGER NOT NULL,
    "crawford" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Game_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AdminAudit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "adminId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "matchId" TEXT,
    "details" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AdminAudit_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "AdminAudit_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");

-- CreateIndex
CREATE UNIQUE INDEX "Match_inviteToken_key" ON "Match"("inviteToken");

-- CreateIndex
CREATE INDEX "Match_whiteId_createdAt_idx" ON "Match"("whiteId", "createdAt");

-- CreateIndex
CREATE INDEX "Match_blackId_createdAt_idx" ON "Match"("blackId", "createdAt");

-- CreateIndex
CREATE INDEX "Match_creatorId_createdAt_idx" ON "Match"("creatorId", "createdAt");

-- CreateIndex
CREATE INDEX "Match_status_createdAt_idx" ON "Match"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Match_visibility_status_createdAt_idx" ON "Match"("visibility", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Match_createdAt_idx" ON "Match"("createdAt");

-- CreateIndex
CREATE INDEX "RollLog_createdAt_idx" ON "RollLog"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RollLog_matchId_nonce_key" ON "RollLog"("matchId", "nonce");

-- CreateIndex
CREATE INDEX "MatchEvent_actorId_idx" ON "MatchEvent"("actorId");

-- CreateIndex
CREATE UNIQUE INDEX "MatchEvent_matchId_sequence_key" ON "MatchEvent"("matchId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "Game_matchId_number_key" ON "Game"("matchId", "number");

-- CreateIndex
CREATE INDEX "AdminAudit_adminId_createdAt_idx" ON "AdminAudit"("adminId", "createdAt");

-- CreateIndex
CREATE INDEX "AdminAudit_matchId_createdAt_idx" ON "AdminAudit"("matchId", "createdAt");

-- CreateIndex
CREATE INDEX "AdminAudit_createdAt_idx" ON "AdminAudit"("createdAt");

-- Append-only tables (written by hand, not by `prisma migrate diff`): the roll log, the match record and the admin
-- audit trail accept INSERT only. server/db/append-only.test.ts proves it.
CREATE TRIGGER "RollLog_no_update" BEFORE UPDATE ON "RollLog"
BEGIN SELECT RAISE(ABORT, 'RollLog is append-only: UPDATE refused'); END;
CREATE TRIGGER "RollLog_no_delete" BEFORE DELETE ON "RollLog"
BEGIN SELECT RAISE(ABORT, 'RollLog is append-only: DELETE refused'); END;
CREATE TRIGGER "MatchEvent_no_update" BEFORE UPDATE ON "MatchEvent"
BEGIN SELECT RAISE(ABORT, 'MatchEvent is append-only: UPDATE refused'); END;
CREATE TRIGGER "MatchEvent_no_delete" BEFORE DELETE ON "MatchEvent"
BEGIN SELECT RAISE(ABORT, 'MatchEvent is append-only: DELETE refused'); END;
CREATE TRIGGER "AdminAudit_no_update" BEFORE UPDATE ON "AdminAudit"
BEGIN SELECT RAISE(ABORT, 'AdminAudit is append-only: UPDATE refused'); END;
CREATE TRIGGER "AdminAudit_no_delete" BEFORE DELETE ON "AdminAudit"
BEGIN SELECT RAISE(ABORT, 'AdminAudit is append-only: DELETE refused'); END;
