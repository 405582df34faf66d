-- The public transparency log (docs/transparency-log.md; server/transparency/transparency-log.ts): its
-- entries, the complete subtrees of its Merkle tree and its signed tree heads.

-- CreateTable
CREATE TABLE "TransparencyEntry" (
    "index" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "entry" TEXT NOT NULL,
    "leafHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "TransparencyNode" (
    "level" INTEGER NOT NULL,
    "index" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,

    PRIMARY KEY ("level", "index")
);

-- CreateTable
CREATE TABLE "TransparencyHead" (
    "treeSize" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "rootHash" TEXT NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "signature" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "TransparencyEntry_matchId_idx" ON "TransparencyEntry"("matchId");

-- CreateIndex
CREATE UNIQUE INDEX "TransparencyEntry_kind_matchId_key" ON "TransparencyEntry"("kind", "matchId");

-- Append-only: the log's entries, nodes and heads are written once and never changed or removed
-- (server/transparency/transparency-log.test.ts proves it).
CREATE TRIGGER "TransparencyEntry_no_update" BEFORE UPDATE ON "TransparencyEntry"
BEGIN SELECT RAISE(ABORT, 'TransparencyEntry is append-only: UPDATE refused'); END;
CREATE TRIGGER "TransparencyEntry_no_delete" BEFORE DELETE ON "TransparencyEntry"
BEGIN SELECT RAISE(ABORT, 'TransparencyEntry is append-only: DELETE refused'); END;
CREATE TRIGGER "TransparencyNode_no_update" BEFORE UPDATE ON "TransparencyNode"
BEGIN SELECT RAISE(ABORT, 'TransparencyNode is append-only: UPDATE refused'); END;
CREATE TRIGGER "TransparencyNode_no_delete" BEFORE DELETE ON "TransparencyNode"
BEGIN SELECT RAISE(ABORT, 'TransparencyNode is append-only: DELETE refused'); END;
CREATE TRIGGER "TransparencyHead_no_update" BEFORE UPDATE ON "TransparencyHead"
BEGIN SELECT RAISE(ABORT, 'TransparencyHead is append-only: UPDATE refused'); END;
CREATE TRIGGER "TransparencyHead_no_delete" BEFORE DELETE ON "TransparencyHead"
BEGIN SELECT RAISE(ABORT, 'TransparencyHead is append-only: DELETE refused'); END;
