ALTER TABLE "applications" ADD COLUMN "check_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reported_hours" ADD COLUMN "office_comment" text;--> statement-breakpoint
ALTER TABLE "reported_hours" ADD COLUMN "updated_by_id" integer;--> statement-breakpoint
ALTER TABLE "reported_hours" ADD CONSTRAINT "reported_hours_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;