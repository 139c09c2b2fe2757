CREATE SEQUENCE "public"."statistics_dirty_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "statistics_job_days" (
	"job_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"approved_seconds" numeric NOT NULL,
	"pending_seconds" numeric NOT NULL,
	"currency" char(3),
	"approved_price" bigint NOT NULL,
	CONSTRAINT "statistics_job_days_job_id_local_date_pk" PRIMARY KEY("job_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "statistics_jobs" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"dirty_version" bigint DEFAULT nextval('statistics_dirty_version'),
	"pricing_version" bigint DEFAULT -1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_job_days_local_date_job_id_index" ON "statistics_job_days" USING btree ("local_date","job_id");--> statement-breakpoint
CREATE INDEX "statistics_jobs_dirty_idx" ON "statistics_jobs" USING btree ("job_id") WHERE "statistics_jobs"."dirty_version" is not null;--> statement-breakpoint
CREATE INDEX "statistics_jobs_pricing_version_index" ON "statistics_jobs" USING btree ("pricing_version");--> statement-breakpoint
-- Statistics roll-up (issue 27): every write that moves a report's hours, approval, work date,
-- job, filled place or price marks the report's job dirty in its own transaction (triggers, so
-- no writer — verb, seed, script — can leave a total stale). The mark is an upsert: it takes the
-- job's row lock and always sets a fresh value of the sequence, so the sweep, which clears only
-- the value it read, never clears a mark set after it read the job's reports. Job-level pricing
-- inputs already bump jobs.pricing_version (0023): that bump marks too; shared ones move
-- pricing_versions.version, which the totals carry as their stamp.
CREATE FUNCTION "mark_statistics_jobs"("job_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- In job order: two transactions marking the same jobs take their locks in the same order.
  INSERT INTO "statistics_jobs" ("job_id")
    SELECT DISTINCT "j" FROM unnest("job_ids") AS "j" WHERE "j" IS NOT NULL ORDER BY 1
  ON CONFLICT ("job_id") DO UPDATE SET "dirty_version" = nextval('statistics_dirty_version');
END $$;--> statement-breakpoint
-- Reports: bulk inserts and deletes (the seeds, cascades) mark once per statement. A report
-- whose application, slot or shift is deleted with it is marked by that row's own trigger.
-- A new report holds its application FOR SHARE: an application's status change (which marks
-- only when the application has a report, so bookings do not queue on their job's mark) then
-- waits for the report to commit and sees it, or the report waits for the change.
CREATE FUNCTION "reported_hours_statistics_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "applications"
      WHERE "id" IN (SELECT "application_id" FROM "statistics_rows") ORDER BY "id" FOR SHARE;
    PERFORM "mark_statistics_jobs"(array(
      SELECT "shifts"."job_id" FROM "statistics_rows" AS "r"
        JOIN "applications" ON "applications"."id" = "r"."application_id"
        JOIN "shift_slots" ON "shift_slots"."id" = "applications"."shift_slot_id"
        JOIN "shifts" ON "shifts"."id" = "shift_slots"."shift_id"));
  ELSE
    PERFORM "mark_statistics_jobs"(array(
      SELECT "shifts"."job_id" FROM "statistics_old_rows" AS "r"
        JOIN "applications" ON "applications"."id" = "r"."application_id"
        JOIN "shift_slots" ON "shift_slots"."id" = "applications"."shift_slot_id"
        JOIN "shifts" ON "shifts"."id" = "shift_slots"."shift_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reported_hours_statistics_insert" AFTER INSERT ON "reported_hours"
  REFERENCING NEW TABLE AS "statistics_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "reported_hours_statistics_rows"();--> statement-breakpoint
CREATE TRIGGER "reported_hours_statistics_delete" AFTER DELETE ON "reported_hours"
  REFERENCING OLD TABLE AS "statistics_old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "reported_hours_statistics_rows"();--> statement-breakpoint
CREATE FUNCTION "reported_hours_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."application_id" IS DISTINCT FROM NEW."application_id" THEN
    PERFORM 1 FROM "applications" WHERE "id" = NEW."application_id" FOR SHARE;
  END IF;
  PERFORM "mark_statistics_jobs"(array(
    SELECT "shifts"."job_id" FROM "applications"
      JOIN "shift_slots" ON "shift_slots"."id" = "applications"."shift_slot_id"
      JOIN "shifts" ON "shifts"."id" = "shift_slots"."shift_id"
      WHERE "applications"."id" IN (OLD."application_id", NEW."application_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
-- The stored price (client_price_*) is not a trigger column: the sweep prices what is not
-- stored with the same inputs, so storing a price never changes a total.
CREATE TRIGGER "reported_hours_statistics" AFTER UPDATE ON "reported_hours" FOR EACH ROW
  WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."ends_at" IS DISTINCT FROM NEW."ends_at"
    OR OLD."application_id" IS DISTINCT FROM NEW."application_id" OR OLD."approved_at" IS DISTINCT FROM NEW."approved_at")
  EXECUTE FUNCTION "reported_hours_statistics"();--> statement-breakpoint
-- Applications: the status decides whether the place is filled, the slot which job it is on.
-- Only an application with a report counts in the totals: a booking (no report yet) marks
-- nothing. A delete marks always: its report is gone by then (the cascade runs first).
CREATE FUNCTION "applications_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT EXISTS (SELECT 1 FROM "reported_hours" WHERE "application_id" = NEW."id") THEN
    RETURN NULL;
  END IF;
  PERFORM "mark_statistics_jobs"(array(
    SELECT "shifts"."job_id" FROM "shift_slots"
      JOIN "shifts" ON "shifts"."id" = "shift_slots"."shift_id"
      WHERE "shift_slots"."id" = OLD."shift_slot_id"));
  IF TG_OP = 'UPDATE' THEN
    PERFORM "mark_statistics_jobs"(array(
      SELECT "shifts"."job_id" FROM "shift_slots"
        JOIN "shifts" ON "shifts"."id" = "shift_slots"."shift_id"
        WHERE "shift_slots"."id" = NEW."shift_slot_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_statistics" AFTER UPDATE ON "applications" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."shift_slot_id" IS DISTINCT FROM NEW."shift_slot_id")
  EXECUTE FUNCTION "applications_statistics"();--> statement-breakpoint
CREATE TRIGGER "applications_statistics_delete" AFTER DELETE ON "applications" FOR EACH ROW
  EXECUTE FUNCTION "applications_statistics"();--> statement-breakpoint
CREATE FUNCTION "shift_slots_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "mark_statistics_jobs"(array(SELECT "job_id" FROM "shifts" WHERE "id" = OLD."shift_id"));
  IF TG_OP = 'UPDATE' THEN
    PERFORM "mark_statistics_jobs"(array(SELECT "job_id" FROM "shifts" WHERE "id" = NEW."shift_id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shift_slots_statistics" AFTER UPDATE ON "shift_slots" FOR EACH ROW
  WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."shift_id" IS DISTINCT FROM NEW."shift_id")
  EXECUTE FUNCTION "shift_slots_statistics"();--> statement-breakpoint
CREATE TRIGGER "shift_slots_statistics_delete" AFTER DELETE ON "shift_slots" FOR EACH ROW
  EXECUTE FUNCTION "shift_slots_statistics"();--> statement-breakpoint
-- Shifts: the start decides the work date, deleted_at whether it counts, job_id whose it is.
CREATE FUNCTION "shifts_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "mark_statistics_jobs"(ARRAY[OLD."job_id"]);
  IF TG_OP = 'UPDATE' THEN PERFORM "mark_statistics_jobs"(ARRAY[NEW."job_id"]); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shifts_statistics" AFTER UPDATE ON "shifts" FOR EACH ROW
  WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
    OR OLD."job_id" IS DISTINCT FROM NEW."job_id")
  EXECUTE FUNCTION "shifts_statistics"();--> statement-breakpoint
CREATE TRIGGER "shifts_statistics_delete" AFTER DELETE ON "shifts" FOR EACH ROW
  EXECUTE FUNCTION "shifts_statistics"();--> statement-breakpoint
-- Jobs: the country is the zone of the work dates; pricing_version moves with every job-level
-- pricing input (0023: its rates, branches, slots' skills, company). Its company and deleted_at
-- are read live by the statistics (they join jobs), so they need no mark.
CREATE FUNCTION "jobs_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "mark_statistics_jobs"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_statistics" AFTER UPDATE ON "jobs" FOR EACH ROW
  WHEN (OLD."country_id" IS DISTINCT FROM NEW."country_id" OR OLD."pricing_version" IS DISTINCT FROM NEW."pricing_version")
  EXECUTE FUNCTION "jobs_statistics"();--> statement-breakpoint
-- Backfill by the sweep: every job that may have reports starts dirty (read live until swept).
INSERT INTO "statistics_jobs" ("job_id") SELECT DISTINCT "job_id" FROM "shifts";
