-- AlterTable
ALTER TABLE "ChatMessage" ADD COLUMN "deletedAt" DATETIME;
ALTER TABLE "ChatMessage" ADD COLUMN "hiddenAt" DATETIME;
ALTER TABLE "ChatMessage" ADD COLUMN "hiddenById" TEXT;

-- AlterTable
ALTER TABLE "ChatReport" ADD COLUMN "resolution" TEXT;
ALTER TABLE "ChatReport" ADD COLUMN "resolvedAt" DATETIME;
ALTER TABLE "ChatReport" ADD COLUMN "resolvedById" TEXT;

-- CreateTable
CREATE TABLE "ChatSanction" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "mutedUntil" DATETIME,
    "bannedAt" DATETIME,
    "byId" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChatSanction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
