DROP INDEX "jobs_ends_at_index";--> statement-breakpoint
CREATE INDEX "jobs_live_ends_at_idx" ON "jobs" USING btree ("ends_at") WHERE "jobs"."deleted_at" is null;