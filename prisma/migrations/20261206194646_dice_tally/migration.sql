-- CreateTable
CREATE TABLE "DiceTally" (
    "month" TEXT NOT NULL,
    "die1" INTEGER NOT NULL,
    "die2" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("month", "die1", "die2")
);

-- CreateTable
CREATE TABLE "DicePlayerTally" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "rolls" INTEGER NOT NULL,
    "doubles" INTEGER NOT NULL,
    "pips" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "DiceTallyMatch" (
    "matchId" TEXT NOT NULL PRIMARY KEY,
    "countedAt" DATETIME NOT NULL
);

-- Backfill: the rolls of every public match finished before this migration, counted once, as
-- server/fairness/dice-tally.ts counts the ones that finish after it (months are the first 7 characters of the stored
-- ISO timestamp text).
INSERT INTO "DiceTallyMatch" ("matchId", "countedAt")
SELECT m."id", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Match" m WHERE m."status" = 'finished' AND m."visibility" = 'public';

INSERT INTO "DiceTally" ("month", "die1", "die2", "count")
SELECT substr(r."createdAt", 1, 7), r."die1", r."die2", COUNT(*)
  FROM "RollLog" r JOIN "DiceTallyMatch" t ON t."matchId" = r."matchId"
 GROUP BY substr(r."createdAt", 1, 7), r."die1", r."die2";

INSERT INTO "DicePlayerTally" ("userId", "rolls", "doubles", "pips")
SELECT CASE WHEN r."player" = 'white' THEN m."whiteId" ELSE m."blackId" END, COUNT(*),
       SUM(CASE WHEN r."die1" = r."die2" THEN 1 ELSE 0 END),
       SUM(CASE WHEN r."die1" = r."die2" THEN 4 * r."die1" ELSE r."die1" + r."die2" END)
  FROM "RollLog" r JOIN "DiceTallyMatch" t ON t."matchId" = r."matchId" JOIN "Match" m ON m."id" = r."matchId"
 WHERE r."kind" = 'turn' AND (CASE WHEN r."player" = 'white' THEN m."whiteId" ELSE m."blackId" END) IS NOT NULL
 GROUP BY CASE WHEN r."player" = 'white' THEN m."whiteId" ELSE m."blackId" END;
