-- AlterTable
ALTER TABLE "Match" ADD COLUMN "delayMs" INTEGER;
ALTER TABLE "Match" ADD COLUMN "rematchId" TEXT;
ALTER TABLE "Match" ADD COLUMN "rematchOfferBy" TEXT;
ALTER TABLE "Match" ADD COLUMN "reserveMs" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "Match_rematchId_key" ON "Match"("rematchId");
