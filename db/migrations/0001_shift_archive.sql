DROP INDEX "shift_slots_shift_skill_unique";--> statement-breakpoint
ALTER TABLE "shift_slots" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_slots_shift_skill_unique" ON "shift_slots" USING btree ("shift_id","skill_id") WHERE "shift_slots"."deleted_at" is null;