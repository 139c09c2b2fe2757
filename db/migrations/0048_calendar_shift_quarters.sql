CREATE TABLE "calendar_shift_quarters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_shift_quarters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"starts" integer NOT NULL,
	"ends" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "calendar_shift_quarters_at_starts_ends_index" ON "calendar_shift_quarters" USING btree ("at","starts","ends");--> statement-breakpoint
-- The calendar's day counts for the office without filters (issue 27). A live shift of a live
-- job adds 1 to "starts" in the quarter hour (UTC) holding its start and 1 to "ends" in the
-- quarter holding the instant just before its end; a month day [d0, d1) then holds the shifts
-- running at d0 plus the starts of its quarters, and the next day's d0 is reached by adding
-- starts and taking away ends (lib/services/calendar/query.ts). Every statement that adds,
-- removes or moves such a shift, or archives, restores or deletes its job, inserts its deltas
-- in its own transaction, so the sums are exact at every commit; rows are only inserted (writers
-- never wait on each other for a counter) and the sweep sums each quarter's rows into one.
-- A shift's job is locked FOR SHARE first: archiving a job (an UPDATE of its row) and adding,
-- moving or removing one of its shifts then happen one after the other, and each sees the
-- other's rows (READ COMMITTED: every statement of the trigger reads a fresh snapshot).
CREATE FUNCTION "shifts_calendar_quarters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "jobs" AS "j"
      WHERE "j"."id" IN (SELECT "n"."job_id" FROM "calendar_new_shifts" AS "n" WHERE "n"."deleted_at" IS NULL)
      ORDER BY "j"."id" FOR SHARE OF "j";
    INSERT INTO "calendar_shift_quarters" ("at", "starts", "ends")
      SELECT "q"."at", sum("q"."s"), sum("q"."e")
        FROM "calendar_new_shifts" AS "n"
        JOIN "jobs" AS "j" ON "j"."id" = "n"."job_id" AND "j"."deleted_at" IS NULL
        CROSS JOIN LATERAL (VALUES
          (date_bin('15 minutes', "n"."starts_at", timestamptz 'epoch'), 1, 0),
          (date_bin('15 minutes', "n"."ends_at" - interval '1 microsecond', timestamptz 'epoch'), 0, 1)) AS "q" ("at", "s", "e")
       WHERE "n"."deleted_at" IS NULL
       GROUP BY "q"."at";
  ELSIF TG_OP = 'DELETE' THEN
    -- A job deleted with its shifts (cascade) is gone from "jobs" here: its BEFORE DELETE
    -- trigger below took its live shifts away already.
    PERFORM 1 FROM "jobs" AS "j"
      WHERE "j"."id" IN (SELECT "o"."job_id" FROM "calendar_old_shifts" AS "o" WHERE "o"."deleted_at" IS NULL)
      ORDER BY "j"."id" FOR SHARE OF "j";
    INSERT INTO "calendar_shift_quarters" ("at", "starts", "ends")
      SELECT "q"."at", sum("q"."s"), sum("q"."e")
        FROM "calendar_old_shifts" AS "o"
        JOIN "jobs" AS "j" ON "j"."id" = "o"."job_id" AND "j"."deleted_at" IS NULL
        CROSS JOIN LATERAL (VALUES
          (date_bin('15 minutes', "o"."starts_at", timestamptz 'epoch'), -1, 0),
          (date_bin('15 minutes', "o"."ends_at" - interval '1 microsecond', timestamptz 'epoch'), 0, -1)) AS "q" ("at", "s", "e")
       WHERE "o"."deleted_at" IS NULL
       GROUP BY "q"."at";
  ELSE
    -- Updates that change nothing counted (slots, prices, names, times that stay) insert nothing.
    PERFORM 1 FROM "jobs" AS "j"
      WHERE "j"."id" IN (SELECT "o"."job_id" FROM "calendar_old_shifts" AS "o"
                           JOIN "calendar_new_shifts" AS "n" ON "n"."id" = "o"."id"
                          WHERE ("o"."starts_at", "o"."ends_at", "o"."job_id", "o"."deleted_at" IS NULL)
                                IS DISTINCT FROM ("n"."starts_at", "n"."ends_at", "n"."job_id", "n"."deleted_at" IS NULL)
                         UNION
                         SELECT "n"."job_id" FROM "calendar_old_shifts" AS "o"
                           JOIN "calendar_new_shifts" AS "n" ON "n"."id" = "o"."id"
                          WHERE ("o"."starts_at", "o"."ends_at", "o"."job_id", "o"."deleted_at" IS NULL)
                                IS DISTINCT FROM ("n"."starts_at", "n"."ends_at", "n"."job_id", "n"."deleted_at" IS NULL))
      ORDER BY "j"."id" FOR SHARE OF "j";
    INSERT INTO "calendar_shift_quarters" ("at", "starts", "ends")
      SELECT "q"."at", sum("q"."s"), sum("q"."e")
        FROM "calendar_old_shifts" AS "o"
        JOIN "calendar_new_shifts" AS "n" ON "n"."id" = "o"."id"
        CROSS JOIN LATERAL (VALUES ("o"."starts_at", "o"."ends_at", "o"."job_id", "o"."deleted_at", -1),
                                   ("n"."starts_at", "n"."ends_at", "n"."job_id", "n"."deleted_at", 1))
          AS "c" ("starts_at", "ends_at", "job_id", "deleted_at", "k")
        JOIN "jobs" AS "j" ON "j"."id" = "c"."job_id" AND "j"."deleted_at" IS NULL
        CROSS JOIN LATERAL (VALUES
          (date_bin('15 minutes', "c"."starts_at", timestamptz 'epoch'), "c"."k", 0),
          (date_bin('15 minutes', "c"."ends_at" - interval '1 microsecond', timestamptz 'epoch'), 0, "c"."k")) AS "q" ("at", "s", "e")
       WHERE "c"."deleted_at" IS NULL
         AND ("o"."starts_at", "o"."ends_at", "o"."job_id", "o"."deleted_at" IS NULL)
             IS DISTINCT FROM ("n"."starts_at", "n"."ends_at", "n"."job_id", "n"."deleted_at" IS NULL)
       GROUP BY "q"."at"
      HAVING sum("q"."s") <> 0 OR sum("q"."e") <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shifts_calendar_quarters_insert" AFTER INSERT ON "shifts"
  REFERENCING NEW TABLE AS "calendar_new_shifts"
  FOR EACH STATEMENT EXECUTE FUNCTION "shifts_calendar_quarters"();--> statement-breakpoint
CREATE TRIGGER "shifts_calendar_quarters_update" AFTER UPDATE ON "shifts"
  REFERENCING OLD TABLE AS "calendar_old_shifts" NEW TABLE AS "calendar_new_shifts"
  FOR EACH STATEMENT EXECUTE FUNCTION "shifts_calendar_quarters"();--> statement-breakpoint
CREATE TRIGGER "shifts_calendar_quarters_delete" AFTER DELETE ON "shifts"
  REFERENCING OLD TABLE AS "calendar_old_shifts"
  FOR EACH STATEMENT EXECUTE FUNCTION "shifts_calendar_quarters"();--> statement-breakpoint
-- Archiving a job takes its live shifts away, restoring it brings them back.
CREATE FUNCTION "jobs_calendar_quarters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "calendar_shift_quarters" ("at", "starts", "ends")
    SELECT "q"."at", sum("q"."s"), sum("q"."e")
      FROM "calendar_old_jobs" AS "o"
      JOIN "calendar_new_jobs" AS "n" ON "n"."id" = "o"."id"
      JOIN "shifts" AS "s" ON "s"."job_id" = "n"."id" AND "s"."deleted_at" IS NULL
      CROSS JOIN LATERAL (VALUES (CASE WHEN "n"."deleted_at" IS NULL THEN 1 ELSE -1 END)) AS "c" ("k")
      CROSS JOIN LATERAL (VALUES
        (date_bin('15 minutes', "s"."starts_at", timestamptz 'epoch'), "c"."k", 0),
        (date_bin('15 minutes', "s"."ends_at" - interval '1 microsecond', timestamptz 'epoch'), 0, "c"."k")) AS "q" ("at", "s", "e")
     WHERE ("o"."deleted_at" IS NULL) <> ("n"."deleted_at" IS NULL)
     GROUP BY "q"."at";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_calendar_quarters_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS "calendar_old_jobs" NEW TABLE AS "calendar_new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_calendar_quarters"();--> statement-breakpoint
-- A live job deleted: its live shifts go before the cascade removes them (the shifts' trigger
-- then no longer finds the job). BEFORE, as the cascade runs ahead of AFTER row triggers.
CREATE FUNCTION "jobs_calendar_quarters_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."deleted_at" IS NULL THEN
    INSERT INTO "calendar_shift_quarters" ("at", "starts", "ends")
      SELECT "q"."at", sum("q"."s"), sum("q"."e")
        FROM "shifts" AS "s"
        CROSS JOIN LATERAL (VALUES
          (date_bin('15 minutes', "s"."starts_at", timestamptz 'epoch'), -1, 0),
          (date_bin('15 minutes', "s"."ends_at" - interval '1 microsecond', timestamptz 'epoch'), 0, -1)) AS "q" ("at", "s", "e")
       WHERE "s"."job_id" = OLD."id" AND "s"."deleted_at" IS NULL
       GROUP BY "q"."at";
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_calendar_quarters_delete" BEFORE DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "jobs_calendar_quarters_delete"();--> statement-breakpoint
-- The shifts already there.
INSERT INTO "calendar_shift_quarters" ("at", "starts", "ends")
  SELECT "q"."at", sum("q"."s"), sum("q"."e")
    FROM "shifts" AS "s"
    JOIN "jobs" AS "j" ON "j"."id" = "s"."job_id" AND "j"."deleted_at" IS NULL
    CROSS JOIN LATERAL (VALUES
      (date_bin('15 minutes', "s"."starts_at", timestamptz 'epoch'), 1, 0),
      (date_bin('15 minutes', "s"."ends_at" - interval '1 microsecond', timestamptz 'epoch'), 0, 1)) AS "q" ("at", "s", "e")
   WHERE "s"."deleted_at" IS NULL
   GROUP BY "q"."at";
