-- AlterTable
ALTER TABLE "MatchSeed" ADD COLUMN     "chainLength" INTEGER;

-- AlterTable
ALTER TABLE "RollLog" ADD COLUMN     "blackSalt" TEXT,
ADD COLUMN     "whiteSalt" TEXT;
