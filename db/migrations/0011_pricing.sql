CREATE TYPE "public"."additional_cost_category" AS ENUM('travel', 'equipment', 'food', 'other');--> statement-breakpoint
ALTER TABLE "additional_costs" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "additional_costs" ADD COLUMN "category" "additional_cost_category" DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "additional_costs" ADD COLUMN "equipment_category_id" integer;--> statement-breakpoint
ALTER TABLE "worker_rates" ADD COLUMN "weekend_amount" integer;--> statement-breakpoint
ALTER TABLE "worker_rates" ADD COLUMN "night_amount" integer;--> statement-breakpoint
ALTER TABLE "worker_rates" ADD COLUMN "night_start" text;--> statement-breakpoint
ALTER TABLE "worker_rates" ADD COLUMN "night_end" text;--> statement-breakpoint
ALTER TABLE "additional_costs" ADD CONSTRAINT "additional_costs_equipment_category_id_equipment_categories_id_fk" FOREIGN KEY ("equipment_category_id") REFERENCES "public"."equipment_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additional_costs_equipment_category_id_index" ON "additional_costs" USING btree ("equipment_category_id");--> statement-breakpoint
CREATE INDEX "worker_rates_branch_id_index" ON "worker_rates" USING btree ("branch_id");