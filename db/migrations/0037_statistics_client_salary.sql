CREATE TABLE "statistics_salary_client_months" (
	"month" date NOT NULL,
	"company_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "statistics_salary_client_months_month_company_id_currency_code_pk" PRIMARY KEY("month","company_id","currency_code")
);
--> statement-breakpoint
-- Salary roll-up per client (issue 27): a month of statistics_salary_client_months counts only
-- while none of its dates is marked, so whatever moves a line to another client, or in or out
-- of the live jobs, marks the line's date. A line's job changing (set null when its job is
-- deleted) now marks too: the per-date totals do not depend on it (a harmless extra sweep of
-- the date), the per-client ones do.
CREATE OR REPLACE FUNCTION "salary_lines_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "statistics_salary_marks" ("work_date")
      SELECT DISTINCT "work_date" FROM "statistics_new_lines";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "statistics_salary_marks" ("work_date")
      SELECT DISTINCT "work_date" FROM "statistics_old_lines";
  ELSE
    -- Updates that change no figure (a pay slip linked, a run set null) mark nothing.
    INSERT INTO "statistics_salary_marks" ("work_date")
      SELECT "d" FROM "statistics_old_lines" AS "o"
        JOIN "statistics_new_lines" AS "n" ON "n"."id" = "o"."id"
        CROSS JOIN LATERAL (VALUES ("o"."work_date"), ("n"."work_date")) AS "v" ("d")
        WHERE ("o"."work_date", "o"."currency_code", "o"."status", "o"."amount",
               "o"."standard_minutes", "o"."weekend_minutes", "o"."night_minutes", "o"."job_id")
          IS DISTINCT FROM ("n"."work_date", "n"."currency_code", "n"."status", "n"."amount",
               "n"."standard_minutes", "n"."weekend_minutes", "n"."night_minutes", "n"."job_id")
        GROUP BY "d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A job moved to another client, deleted or restored: the dates of its lines (a statement
-- trigger: transition tables cannot go with a column list, so it compares old and new rows).
CREATE FUNCTION "jobs_salary_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistics_salary_marks" ("work_date")
    SELECT DISTINCT "l"."work_date" FROM "salary_statistics_old_jobs" AS "o"
      JOIN "salary_statistics_new_jobs" AS "n" ON "n"."id" = "o"."id"
      JOIN "salary_lines" AS "l" ON "l"."job_id" = "n"."id"
      WHERE ("o"."company_id", "o"."deleted_at") IS DISTINCT FROM ("n"."company_id", "n"."deleted_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_salary_statistics_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS "salary_statistics_old_jobs" NEW TABLE AS "salary_statistics_new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_salary_statistics"();--> statement-breakpoint
-- Backfill by the sweep: every date with lines is marked again, so every month with lines is
-- read live until the sweep has written it.
INSERT INTO "statistics_salary_marks" ("work_date") SELECT DISTINCT "work_date" FROM "salary_lines";
