-- AlterTable
ALTER TABLE "User" ADD COLUMN     "computerLevel" TEXT;
