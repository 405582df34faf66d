-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('USER', 'ADMIN');

-- CreateEnum
CREATE TYPE "MatchStatus" AS ENUM ('waiting', 'seeding', 'playing', 'finished', 'aborted');

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('public', 'private');

-- CreateEnum
CREATE TYPE "Seat" AS ENUM ('white', 'black');

-- CreateEnum
CREATE TYPE "RollKind" AS ENUM ('opening', 'turn');

-- CreateEnum
CREATE TYPE "GameResultType" AS ENUM ('single', 'gammon', 'backgammon');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT,
    "role" "Role" NOT NULL DEFAULT 'USER',
    "isGuest" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "creatorId" TEXT NOT NULL,
    "whiteId" TEXT,
    "blackId" TEXT,
    "matchLength" INTEGER NOT NULL,
    "status" "MatchStatus" NOT NULL DEFAULT 'waiting',
    "visibility" "Visibility" NOT NULL DEFAULT 'public',
    "inviteToken" TEXT,
    "scoreWhite" INTEGER NOT NULL DEFAULT 0,
    "scoreBlack" INTEGER NOT NULL DEFAULT 0,
    "winner" "Seat",
    "endReason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MatchSeed" (
    "matchId" TEXT NOT NULL,
    "commitment" TEXT NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "iv" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    "whiteClientSeed" TEXT,
    "blackClientSeed" TEXT,
    "revealedSeed" TEXT,
    "revealedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchSeed_pkey" PRIMARY KEY ("matchId")
);

-- CreateTable
CREATE TABLE "RollLog" (
    "id" SERIAL NOT NULL,
    "matchId" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "game" INTEGER NOT NULL,
    "kind" "RollKind" NOT NULL,
    "player" "Seat",
    "die1" INTEGER NOT NULL,
    "die2" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RollLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MatchEvent" (
    "id" SERIAL NOT NULL,
    "matchId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "winner" "Seat" NOT NULL,
    "points" INTEGER NOT NULL,
    "resultType" "GameResultType" NOT NULL,
    "endedBy" TEXT NOT NULL,
    "cubeValue" INTEGER NOT NULL,
    "crawford" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminAudit" (
    "id" SERIAL NOT NULL,
    "adminId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "matchId" TEXT,
    "details" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminAudit_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_whiteId_fkey" FOREIGN KEY ("whiteId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_blackId_fkey" FOREIGN KEY ("blackId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchSeed" ADD CONSTRAINT "MatchSeed_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollLog" ADD CONSTRAINT "RollLog_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchEvent" ADD CONSTRAINT "MatchEvent_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchEvent" ADD CONSTRAINT "MatchEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdminAudit" ADD CONSTRAINT "AdminAudit_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdminAudit" ADD CONSTRAINT "AdminAudit_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Append-only tables (written by hand, not by `prisma migrate diff`): the roll log, the match record and the admin
-- audit trail accept INSERT only; UPDATE, DELETE and TRUNCATE raise. server/db/append-only.test.ts proves it.
CREATE FUNCTION "refuse_append_only_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$;

CREATE TRIGGER "RollLog_append_only" BEFORE UPDATE OR DELETE ON "RollLog"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "RollLog_no_truncate" BEFORE TRUNCATE ON "RollLog"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "MatchEvent_append_only" BEFORE UPDATE OR DELETE ON "MatchEvent"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "MatchEvent_no_truncate" BEFORE TRUNCATE ON "MatchEvent"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "AdminAudit_append_only" BEFORE UPDATE OR DELETE ON "AdminAudit"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "AdminAudit_no_truncate" BEFORE TRUNCATE ON "AdminAudit"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
