-- AlterTable
ALTER TABLE "RollLog" ADD COLUMN "blackValue" TEXT;
ALTER TABLE "RollLog" ADD COLUMN "whiteValue" TEXT;
