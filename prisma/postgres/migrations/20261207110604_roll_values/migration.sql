-- AlterTable
ALTER TABLE "RollLog" ADD COLUMN     "blackValue" TEXT,
ADD COLUMN     "whiteValue" TEXT;
