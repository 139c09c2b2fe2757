DROP INDEX "activity_log_created_at_index";--> statement-breakpoint
DROP INDEX "activity_log_log_name_created_at_index";--> statement-breakpoint
DROP INDEX "activity_log_causer_id_created_at_index";--> statement-breakpoint
CREATE INDEX "activity_log_created_at_id_index" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_log_name_created_at_id_index" ON "activity_log" USING btree ("log_name","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_causer_id_created_at_id_index" ON "activity_log" USING btree ("causer_id","created_at","id");