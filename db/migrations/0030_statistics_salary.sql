CREATE INDEX "users_live_created_at_idx" ON "users" USING btree ("created_at","company_id","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "salary_lines_work_date_totals_idx" ON "salary_lines" USING btree ("work_date","currency_code","status","amount","standard_minutes","weekend_minutes","night_minutes","job_id","user_id","branch_id","country_id");--> statement-breakpoint
CREATE TABLE "statistics_salary_days" (
	"work_date" date NOT NULL,
	"currency_code" char(3) NOT NULL,
	"paid" boolean NOT NULL,
	"amount" bigint NOT NULL,
	"minutes" bigint NOT NULL,
	CONSTRAINT "statistics_salary_days_work_date_currency_code_paid_pk" PRIMARY KEY("work_date","currency_code","paid")
);
--> statement-breakpoint
CREATE TABLE "statistics_salary_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statistics_salary_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"work_date" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_salary_marks_work_date_index" ON "statistics_salary_marks" USING btree ("work_date");--> statement-breakpoint-- Salary roll-up (issue 27): every statement that inserts, deletes or changes what the salary
-- charts add up of a line (its work date, currency, status, amount, minutes) marks the dates it
-- touched, in its own transaction (triggers, so no writer — verbs, seeds, scripts, cascades —
-- can leave a date's totals stale). A mark is a new row, never an update: writers do not wait
-- on each other, and the sweep deletes only the marks it read.
CREATE FUNCTION "salary_lines_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "statistics_salary_marks" ("work_date")
      SELECT DISTINCT "work_date" FROM "statistics_new_lines";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "statistics_salary_marks" ("work_date")
      SELECT DISTINCT "work_date" FROM "statistics_old_lines";
  ELSE
    -- Updates that change no figure (a pay slip linked, a run or job set null) mark nothing.
    INSERT INTO "statistics_salary_marks" ("work_date")
      SELECT "d" FROM "statistics_old_lines" AS "o"
        JOIN "statistics_new_lines" AS "n" ON "n"."id" = "o"."id"
        CROSS JOIN LATERAL (VALUES ("o"."work_date"), ("n"."work_date")) AS "v" ("d")
        WHERE ("o"."work_date", "o"."currency_code", "o"."status", "o"."amount",
               "o"."standard_minutes", "o"."weekend_minutes", "o"."night_minutes")
          IS DISTINCT FROM ("n"."work_date", "n"."currency_code", "n"."status", "n"."amount",
               "n"."standard_minutes", "n"."weekend_minutes", "n"."night_minutes")
        GROUP BY "d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "salary_lines_statistics_insert" AFTER INSERT ON "salary_lines"
  REFERENCING NEW TABLE AS "statistics_new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "salary_lines_statistics"();--> statement-breakpoint
CREATE TRIGGER "salary_lines_statistics_update" AFTER UPDATE ON "salary_lines"
  REFERENCING OLD TABLE AS "statistics_old_lines" NEW TABLE AS "statistics_new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "salary_lines_statistics"();--> statement-breakpoint
CREATE TRIGGER "salary_lines_statistics_delete" AFTER DELETE ON "salary_lines"
  REFERENCING OLD TABLE AS "statistics_old_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "salary_lines_statistics"();--> statement-breakpoint
-- Backfill by the sweep: every date with lines starts marked (read live until swept).
INSERT INTO "statistics_salary_marks" ("work_date") SELECT DISTINCT "work_date" FROM "salary_lines";
