-- salary_month_workers (0045) without its advisory lock. A rename took it exclusively after the
-- rename had locked the worker's row; a salary run's batch took it shared at its first
-- statement and then inserted the worker's lines, whose foreign key waits on that row when the
-- profile edit holds it FOR UPDATE (as it does): a deadlock, and the edit or the batch failed.
-- The worker's own row is now the lock: a writer key-share locks the rows of the workers it
-- lists (as its lines' foreign key does), which no ordinary user update waits on, and a rename
-- upgrades its row to FOR UPDATE, which waits for those writers and makes later ones wait.
-- Locking read in read committed, the writer reads the name a rename committed meanwhile; the
-- rename's UPDATE, after its wait, sees every row the writers committed. Both wait on one
-- worker's row only, so a rename no longer waits for salary writes of other workers.
CREATE OR REPLACE FUNCTION "salary_month_workers_add"("months" date[], "user_ids" integer[], "ns" integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "salary_month_workers" AS w ("month", "user_id", "name_key", "lines")
    SELECT d."month", d."user_id", lower(u."name"), d."n"
      FROM (SELECT "month", "user_id", sum("n")::int AS "n"
              FROM unnest("months", "user_ids", "ns") AS t ("month", "user_id", "n")
             GROUP BY "month", "user_id" HAVING sum("n") <> 0) d
      JOIN "users" u ON u."id" = d."user_id"
     ORDER BY d."user_id", d."month"
       FOR KEY SHARE OF u
  ON CONFLICT ("user_id", "month") DO UPDATE SET "lines" = w."lines" + excluded."lines";
  DELETE FROM "salary_month_workers" w
   USING unnest("months", "user_ids") AS d ("month", "user_id")
   WHERE w."month" = d."month" AND w."user_id" = d."user_id" AND w."lines" <= 0;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "salary_month_workers_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = NEW."id" FOR UPDATE;
  UPDATE "salary_month_workers" SET "name_key" = lower(NEW."name") WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;
