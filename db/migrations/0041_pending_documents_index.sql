DROP INDEX "documents_status_created_at_index";--> statement-breakpoint
CREATE INDEX "documents_status_created_at_id_user_id_index" ON "documents" USING btree ("status","created_at","id","user_id");