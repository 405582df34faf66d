-- The public transparency log (docs/transparency-log.md; server/transparency/transparency-log.ts): its
-- entries, the complete subtrees of its Merkle tree and its signed tree heads.

-- CreateTable
CREATE TABLE "TransparencyEntry" (
    "index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "entry" TEXT NOT NULL,
    "leafHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TransparencyEntry_pkey" PRIMARY KEY ("index")
);

-- CreateTable
CREATE TABLE "TransparencyNode" (
    "level" INTEGER NOT NULL,
    "index" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "TransparencyNode_pkey" PRIMARY KEY ("level","index")
);

-- CreateTable
CREATE TABLE "TransparencyHead" (
    "treeSize" INTEGER NOT NULL,
    "rootHash" TEXT NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "signature" TEXT NOT NULL,

    CONSTRAINT "TransparencyHead_pkey" PRIMARY KEY ("treeSize")
);

-- CreateIndex
CREATE INDEX "TransparencyEntry_matchId_idx" ON "TransparencyEntry"("matchId");

-- CreateIndex
CREATE UNIQUE INDEX "TransparencyEntry_kind_matchId_key" ON "TransparencyEntry"("kind", "matchId");

-- Append-only: the log's entries, nodes and heads are written once and never changed or removed
-- (server/transparency/transparency-log.test.ts proves it).
CREATE TRIGGER "TransparencyEntry_append_only" BEFORE UPDATE OR DELETE ON "TransparencyEntry"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "TransparencyEntry_no_truncate" BEFORE TRUNCATE ON "TransparencyEntry"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "TransparencyNode_append_only" BEFORE UPDATE OR DELETE ON "TransparencyNode"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "TransparencyNode_no_truncate" BEFORE TRUNCATE ON "TransparencyNode"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "TransparencyHead_append_only" BEFORE UPDATE OR DELETE ON "TransparencyHead"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "TransparencyHead_no_truncate" BEFORE TRUNCATE ON "TransparencyHead"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
