-- CreateTable
CREATE TABLE "RatingChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "matchId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "opponentId" TEXT NOT NULL,
    "matchLength" INTEGER NOT NULL,
    "won" BOOLEAN NOT NULL,
    "before" REAL NOT NULL,
    "after" REAL NOT NULL,
    "delta" REAL NOT NULL,
    "opponentRating" REAL NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RatingChange_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "RatingChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Match" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "creatorId" TEXT NOT NULL,
    "whiteId" TEXT,
    "blackId" TEXT,
    "matchLength" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "rated" BOOLEAN NOT NULL DEFAULT false,
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
INSERT INTO "new_Match" ("blackId", "createdAt", "creatorId", "endReason", "finishedAt", "id", "inviteToken", "matchLength", "scoreBlack", "scoreWhite", "startedAt", "status", "updatedAt", "version", "visibility", "whiteId", "winner") SELECT "blackId", "createdAt", "creatorId", "endReason", "finishedAt", "id", "inviteToken", "matchLength", "scoreBlack", "scoreWhite", "startedAt", "status", "updatedAt", "version", "visibility", "whiteId", "winner" FROM "Match";
DROP TABLE "Match";
ALTER TABLE "new_Match" RENAME TO "Match";
CREATE UNIQUE INDEX "Match_inviteToken_key" ON "Match"("inviteToken");
CREATE INDEX "Match_whiteId_createdAt_idx" ON "Match"("whiteId", "createdAt");
CREATE INDEX "Match_blackId_createdAt_idx" ON "Match"("blackId", "createdAt");
CREATE INDEX "Match_creatorId_createdAt_idx" ON "Match"("creatorId", "createdAt");
CREATE INDEX "Match_status_createdAt_idx" ON "Match"("status", "createdAt");
CREATE INDEX "Match_visibility_status_createdAt_idx" ON "Match"("visibility", "status", "createdAt");
CREATE INDEX "Match_createdAt_idx" ON "Match"("createdAt");
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT,
    "role" TEXT NOT NULL DEFAULT 'USER',
    "isGuest" BOOLEAN NOT NULL DEFAULT false,
    "computerLevel" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rating" REAL NOT NULL DEFAULT 1500,
    "experience" INTEGER NOT NULL DEFAULT 0,
    "ratedMatches" INTEGER NOT NULL DEFAULT 0,
    "lastRatedAt" DATETIME
);
INSERT INTO "new_User" ("computerLevel", "createdAt", "id", "isGuest", "passwordHash", "role", "username") SELECT "computerLevel", "createdAt", "id", "isGuest", "passwordHash", "role", "username" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");
CREATE INDEX "User_lastRatedAt_rating_idx" ON "User"("lastRatedAt", "rating");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "RatingChange_userId_createdAt_idx" ON "RatingChange"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RatingChange_matchId_userId_key" ON "RatingChange"("matchId", "userId");
