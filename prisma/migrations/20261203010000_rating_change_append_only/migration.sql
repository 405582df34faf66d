-- Rating changes are append-only like the roll log (written by hand, not by `prisma migrate diff`): a rating is as
-- tamper-evident as the dice. `verify --all` recomputes every rating from the match record (server/record/rating-audit.ts);
-- server/db/append-only.test.ts proves the triggers.
CREATE TRIGGER "RatingChange_no_update" BEFORE UPDATE ON "RatingChange"
BEGIN SELECT RAISE(ABORT, 'RatingChange is append-only: UPDATE refused'); END;
CREATE TRIGGER "RatingChange_no_delete" BEFORE DELETE ON "RatingChange"
BEGIN SELECT RAISE(ABORT, 'RatingChange is append-only: DELETE refused'); END;
