-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "rated" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "experience" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastRatedAt" TIMESTAMP(3),
ADD COLUMN     "ratedMatches" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rating" DOUBLE PRECISION NOT NULL DEFAULT 1500;

-- CreateTable
CREATE TABLE "RatingChange" (
    "id" SERIAL NOT NULL,
    "matchId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "opponentId" TEXT NOT NULL,
    "matchLength" INTEGER NOT NULL,
    "won" BOOLEAN NOT NULL,
    "before" DOUBLE PRECISION NOT NULL,
    "after" DOUBLE PRECISION NOT NULL,
    "delta" DOUBLE PRECISION NOT NULL,
    "opponentRating" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RatingChange_userId_createdAt_idx" ON "RatingChange"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RatingChange_matchId_userId_key" ON "RatingChange"("matchId", "userId");

-- CreateIndex
CREATE INDEX "User_lastRatedAt_rating_idx" ON "User"("lastRatedAt", "rating");

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
