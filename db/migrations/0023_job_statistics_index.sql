-- Live jobs by first shift, covering the job statistics (GET statistics/jobs, jobs-per-client).
-- (users_created_at_index is in 0017; the snapshot before this one had lost it.)
CREATE INDEX "jobs_live_starts_at_idx" ON "jobs" USING btree ("starts_at","country_id","company_id","status") WHERE "jobs"."deleted_at" is null;
