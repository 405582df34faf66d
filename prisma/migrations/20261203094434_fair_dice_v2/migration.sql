-- AlterTable
ALTER TABLE "MatchSeed" ADD COLUMN "chainLength" INTEGER;

-- AlterTable
ALTER TABLE "RollLog" ADD COLUMN "blackSalt" TEXT;
ALTER TABLE "RollLog" ADD COLUMN "whiteSalt" TEXT;
