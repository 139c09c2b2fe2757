-- The approvals inbox (GET approvals) finds one status of every job by index: its count read all
-- applications without it (a million at scale).
CREATE INDEX "applications_status_shift_idx" ON "applications" USING btree ("status","shift_id");