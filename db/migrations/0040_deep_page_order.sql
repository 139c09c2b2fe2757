DROP INDEX "documents_created_at_id_index";--> statement-breakpoint
DROP INDEX "users_name_lower_idx";--> statement-breakpoint
CREATE INDEX "documents_created_at_id_user_id_document_type_id_index" ON "documents" USING btree ("created_at","id","user_id","document_type_id");--> statement-breakpoint
CREATE INDEX "users_archived_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"),"id","name","status","deleted_at");--> statement-breakpoint
-- The lists' deep pages walk users_name_lower_idx and the documents' (created_at, id, …) index
-- alone only on pages the visibility map marks all-visible; a login (users.last_login_at) or a
-- review clears its page's mark until the next vacuum. At the default 20 % of rows changed that
-- is ~5,000 logins: a deep page then reads half its heap pages again. 2 % keeps them marked
-- (vacuuming users' ~1,100 pages costs milliseconds).
ALTER TABLE "users" SET (autovacuum_vacuum_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "documents" SET (autovacuum_vacuum_scale_factor = 0.02);
