CREATE TABLE "job_pricing_changes" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The price sweep's cheap test "has any job's pricing version moved since my last complete
-- pass?" (issue 27): a counter instead of a sum over every job. Counted at commit (a deferred
-- constraint trigger), so the row is locked only for the instant before the commit, after
-- everything else the transaction locks; and transactional, so a sweep that reads it counts
-- only committed moves (a sequence would count a move its pass could not see yet).
INSERT INTO "job_pricing_changes" ("id", "changes") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION "count_job_pricing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_pricing_changes" SET "changes" = "changes" + 1 WHERE "id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "jobs_pricing_changes" AFTER UPDATE ON "jobs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."pricing_version" IS DISTINCT FROM NEW."pricing_version")
  EXECUTE FUNCTION "count_job_pricing_change"();
