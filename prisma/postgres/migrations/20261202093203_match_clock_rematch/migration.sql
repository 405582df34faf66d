-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "delayMs" INTEGER,
ADD COLUMN     "rematchId" TEXT,
ADD COLUMN     "rematchOfferBy" "Seat",
ADD COLUMN     "reserveMs" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "Match_rematchId_key" ON "Match"("rematchId");
