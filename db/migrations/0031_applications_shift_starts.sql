ALTER TABLE "applications" ADD COLUMN "shift_starts_at" timestamp with time zone;--> statement-breakpoint
-- The approvals inbox (issue 27): an application carries its shift's start, so one status pages
-- newest shift first along an index and stops at the page. Triggers keep it, so no writer — verb,
-- seed, script — can leave it behind: set on insert and on a move to another shift (before the
-- row is written), rewritten for every application of a shift whose start changes.
CREATE FUNCTION "applications_shift_starts_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."shift_starts_at" := (SELECT "starts_at" FROM "shifts" WHERE "id" = NEW."shift_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_shift_starts_at" BEFORE INSERT OR UPDATE OF "shift_id", "shift_starts_at"
  ON "applications" FOR EACH ROW EXECUTE FUNCTION "applications_shift_starts_at"();--> statement-breakpoint
CREATE FUNCTION "shifts_application_starts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "applications" SET "shift_starts_at" = NEW."starts_at" WHERE "shift_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shifts_application_starts" AFTER UPDATE OF "starts_at" ON "shifts" FOR EACH ROW
  WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at")
  EXECUTE FUNCTION "shifts_application_starts"();--> statement-breakpoint
UPDATE "applications" SET "shift_starts_at" = "shifts"."starts_at"
  FROM "shifts" WHERE "shifts"."id" = "applications"."shift_id";--> statement-breakpoint
CREATE INDEX "applications_status_shift_starts_idx" ON "applications" USING btree ("status","shift_starts_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
