CREATE TABLE "salary_month_workers" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"name_key" text NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "salary_month_workers_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "salary_month_workers" ADD CONSTRAINT "salary_month_workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salary_month_workers_walk_idx" ON "salary_month_workers" USING btree ("month","name_key","user_id");--> statement-breakpoint
-- The salary overview of a whole month by name (issue 27) walks this table's index. Triggers
-- keep it in the writer's transaction, so no writer (run, jobs/salaries, seed, script) leaves it
-- behind. Each statement adds its lines' count per month and worker (+1 a line written, -1 a
-- line removed; a move is both) and drops the rows it brought to zero. The rows are taken in
-- (user_id, month) order, so two writers of the same workers wait in turn, never in a cycle.
-- A rename takes the advisory lock exclusively and the writers share it: a worker renamed while
-- a writer adds its first line of a month waits for that writer and then renames its row too.
-- Applies counts per (month, user) given as three arrays of one length.
CREATE FUNCTION "salary_month_workers_add"("months" date[], "user_ids" integer[], "ns" integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('salary_month_workers'));
  INSERT INTO "salary_month_workers" AS w ("month", "user_id", "name_key", "lines")
    SELECT d."month", d."user_id", lower(u."name"), d."n"
      FROM (SELECT "month", "user_id", sum("n")::int AS "n"
              FROM unnest("months", "user_ids", "ns") AS t ("month", "user_id", "n")
             GROUP BY "month", "user_id" HAVING sum("n") <> 0) d
      JOIN "users" u ON u."id" = d."user_id"
     ORDER BY d."user_id", d."month"
  ON CONFLICT ("user_id", "month") DO UPDATE SET "lines" = w."lines" + excluded."lines";
  DELETE FROM "salary_month_workers" w
   USING unnest("months", "user_ids") AS d ("month", "user_id")
   WHERE w."month" = d."month" AND w."user_id" = d."user_id" AND w."lines" <= 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "salary_month_workers_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "m" date[];
  "u" integer[];
  "n" integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("mo"), array_agg("user_id"), array_agg("c") INTO "m", "u", "n"
      FROM (SELECT date_trunc('month', "work_date")::date AS "mo", "user_id", count(*)::int AS "c"
              FROM "month_workers_new" GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("mo"), array_agg("user_id"), array_agg("c") INTO "m", "u", "n"
      FROM (SELECT date_trunc('month', "work_date")::date AS "mo", "user_id", -count(*)::int AS "c"
              FROM "month_workers_old" GROUP BY 1, 2) x;
  ELSE
    -- Only lines moved to another worker or month count (a status or pay slip change does not).
    SELECT array_agg("mo"), array_agg("user_id"), array_agg("c") INTO "m", "u", "n"
      FROM (SELECT "mo", "user_id", sum("c")::int AS "c" FROM (
              SELECT date_trunc('month', n."work_date")::date AS "mo", n."user_id", 1 AS "c"
                FROM "month_workers_old" o JOIN "month_workers_new" n ON n."id" = o."id"
               WHERE (o."user_id", date_trunc('month', o."work_date"))
                     IS DISTINCT FROM (n."user_id", date_trunc('month', n."work_date"))
              UNION ALL
              SELECT date_trunc('month', o."work_date")::date, o."user_id", -1
                FROM "month_workers_old" o JOIN "month_workers_new" n ON n."id" = o."id"
               WHERE (o."user_id", date_trunc('month', o."work_date"))
                     IS DISTINCT FROM (n."user_id", date_trunc('month', n."work_date"))) y
             GROUP BY 1, 2) x;
  END IF;
  IF "m" IS NOT NULL THEN
    PERFORM "salary_month_workers_add"("m", "u", "n");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "salary_lines_month_workers_insert" AFTER INSERT ON "salary_lines"
  REFERENCING NEW TABLE AS "month_workers_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "salary_month_workers_apply"();--> statement-breakpoint
CREATE TRIGGER "salary_lines_month_workers_update" AFTER UPDATE ON "salary_lines"
  REFERENCING OLD TABLE AS "month_workers_old" NEW TABLE AS "month_workers_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "salary_month_workers_apply"();--> statement-breakpoint
CREATE TRIGGER "salary_lines_month_workers_delete" AFTER DELETE ON "salary_lines"
  REFERENCING OLD TABLE AS "month_workers_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "salary_month_workers_apply"();--> statement-breakpoint
CREATE FUNCTION "salary_month_workers_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('salary_month_workers'));
  UPDATE "salary_month_workers" SET "name_key" = lower(NEW."name") WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_salary_month_workers_rename" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (lower(OLD."name") IS DISTINCT FROM lower(NEW."name"))
  EXECUTE FUNCTION "salary_month_workers_rename"();--> statement-breakpoint
INSERT INTO "salary_month_workers" ("month", "user_id", "name_key", "lines")
  SELECT l."month", l."user_id", lower(u."name"), l."n"
    FROM (SELECT date_trunc('month', "work_date")::date AS "month", "user_id", count(*)::int AS "n"
            FROM "salary_lines" GROUP BY 1, 2) l
    JOIN "users" u ON u."id" = l."user_id";--> statement-breakpoint
ALTER TABLE "salary_month_workers" SET (autovacuum_vacuum_scale_factor = 0.02);
