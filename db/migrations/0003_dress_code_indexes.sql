CREATE INDEX "jobs_dress_code_id_index" ON "jobs" USING btree ("dress_code_id");--> statement-breakpoint
CREATE INDEX "shifts_dress_code_id_index" ON "shifts" USING btree ("dress_code_id");