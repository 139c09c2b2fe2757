-- Live jobs by end with their start: the jobs list reads the earliest start of the upcoming jobs
-- from this index alone (GET jobs, upcoming tab).
DROP INDEX "jobs_live_ends_at_idx";--> statement-breakpoint
CREATE INDEX "jobs_live_ends_at_idx" ON "jobs" USING btree ("ends_at","starts_at") WHERE "jobs"."deleted_at" is null;