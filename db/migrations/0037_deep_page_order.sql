DROP INDEX "documents_created_at_id_index";--> statement-breakpoint
DROP INDEX "users_name_lower_idx";--> statement-breakpoint
CREATE INDEX "documents_created_at_id_user_id_document_type_id_index" ON "documents" USING btree ("created_at","id","user_id","document_type_id");--> statement-breakpoint
CREATE INDEX "users_archived_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"),"id","name","status","deleted_at");