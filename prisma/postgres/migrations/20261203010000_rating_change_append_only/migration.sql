-- Rating changes are append-only like the roll log (written by hand, not by `prisma migrate diff`): a rating is as
-- tamper-evident as the dice. `verify --all` recomputes every rating from the match record (server/record/rating-audit.ts);
-- server/db/append-only.test.ts proves the triggers.
CREATE TRIGGER "RatingChange_append_only" BEFORE UPDATE OR DELETE ON "RatingChange"
    FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
CREATE TRIGGER "RatingChange_no_truncate" BEFORE TRUNCATE ON "RatingChange"
    FOR EACH STATEMENT EXECUTE FUNCTION "refuse_append_only_change"();
