CREATE TABLE "statistics_client_months" (
	"month" date NOT NULL,
	"company_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "statistics_client_months_month_company_id_pk" PRIMARY KEY("month","company_id")
);--> statement-breakpoint
-- Count roll-up, jobs per client (issue 27): a "jobs" mark of a date also covers its month's
-- client counts, so a job moved to another client marks its date now.
CREATE OR REPLACE FUNCTION "jobs_count_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'jobs', ("n"."starts_at" AT TIME ZONE "c"."time_zone")::date
        FROM "statistics_new_jobs" AS "n" JOIN "countries" AS "c" ON "c"."id" = "n"."country_id"
       WHERE "n"."starts_at" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'jobs', ("o"."starts_at" AT TIME ZONE "c"."time_zone")::date
        FROM "statistics_old_jobs" AS "o" JOIN "countries" AS "c" ON "c"."id" = "o"."country_id"
       WHERE "o"."starts_at" IS NOT NULL;
  ELSE
    -- Updates that change nothing counted (a name, prices, a status other than to or from
    -- Cancelled) mark nothing. The client counts too: jobs per client (statistics_client_months).
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT 'jobs', "v"."d" FROM "statistics_old_jobs" AS "o"
        JOIN "statistics_new_jobs" AS "n" ON "n"."id" = "o"."id"
        JOIN "countries" AS "oc" ON "oc"."id" = "o"."country_id"
        JOIN "countries" AS "nc" ON "nc"."id" = "n"."country_id"
        CROSS JOIN LATERAL (VALUES (("o"."starts_at" AT TIME ZONE "oc"."time_zone")::date),
                                   (("n"."starts_at" AT TIME ZONE "nc"."time_zone")::date)) AS "v" ("d")
        WHERE "v"."d" IS NOT NULL
          AND ("o"."starts_at", "o"."country_id", "o"."company_id", "o"."status" = 'Cancelled',
               "o"."deleted_at" IS NULL)
              IS DISTINCT FROM
              ("n"."starts_at", "n"."country_id", "n"."company_id", "n"."status" = 'Cancelled',
               "n"."deleted_at" IS NULL)
        GROUP BY "v"."d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Backfill by the sweep: every date with jobs is marked again (its month's client counts too).
INSERT INTO "statistics_count_marks" ("source", "local_date")
  SELECT DISTINCT 'jobs', ("j"."starts_at" AT TIME ZONE "c"."time_zone")::date
    FROM "jobs" AS "j" JOIN "countries" AS "c" ON "c"."id" = "j"."country_id"
   WHERE "j"."starts_at" IS NOT NULL;
