-- CreateTable
CREATE TABLE "ProofKey" (
    "keyId" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "firstUsed" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProofKey_pkey" PRIMARY KEY ("keyId")
);
