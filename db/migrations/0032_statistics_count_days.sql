CREATE TABLE "statistics_count_days" (
	"source" text NOT NULL,
	"local_date" date NOT NULL,
	"series" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "statistics_count_days_source_local_date_series_pk" PRIMARY KEY("source","local_date","series")
);
--> statement-breakpoint
CREATE TABLE "statistics_count_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statistics_count_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"local_date" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_count_marks_source_local_date_index" ON "statistics_count_marks" USING btree ("source","local_date");--> statement-breakpoint
-- Count roll-up (issue 27): every statement that inserts, deletes or changes what the count
-- charts read of a job (its first shift's start, country, cancelled or not, deleted or not) or
-- of a user (creation, deleted or not, roles) marks the local dates it touched, in its own
-- transaction (triggers, so no writer — verbs, seeds, scripts, cascades — can leave a date's
-- counts stale). A mark is a new row, never an update: writers do not wait on each other, and
-- the sweep deletes only the marks it read.
CREATE FUNCTION "jobs_count_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- Cancelled) mark nothing.
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT 'jobs', "v"."d" FROM "statistics_old_jobs" AS "o"
        JOIN "statistics_new_jobs" AS "n" ON "n"."id" = "o"."id"
        JOIN "countries" AS "oc" ON "oc"."id" = "o"."country_id"
        JOIN "countries" AS "nc" ON "nc"."id" = "n"."country_id"
        CROSS JOIN LATERAL (VALUES (("o"."starts_at" AT TIME ZONE "oc"."time_zone")::date),
                                   (("n"."starts_at" AT TIME ZONE "nc"."time_zone")::date)) AS "v" ("d")
        WHERE "v"."d" IS NOT NULL
          AND ("o"."starts_at", "o"."country_id", "o"."status" = 'Cancelled', "o"."deleted_at" IS NULL)
              IS DISTINCT FROM
              ("n"."starts_at", "n"."country_id", "n"."status" = 'Cancelled', "n"."deleted_at" IS NULL)
        GROUP BY "v"."d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_count_statistics_insert" AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS "statistics_new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_count_statistics"();--> statement-breakpoint
CREATE TRIGGER "jobs_count_statistics_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS "statistics_old_jobs" NEW TABLE AS "statistics_new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_count_statistics"();--> statement-breakpoint
CREATE TRIGGER "jobs_count_statistics_delete" AFTER DELETE ON "jobs"
  REFERENCING OLD TABLE AS "statistics_old_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_count_statistics"();--> statement-breakpoint
-- A country's zone moves its jobs' local dates: the dates under the old zone and the new.
CREATE FUNCTION "countries_count_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistics_count_marks" ("source", "local_date")
    SELECT 'jobs', "v"."d" FROM "jobs" AS "j"
      CROSS JOIN LATERAL (VALUES (("j"."starts_at" AT TIME ZONE OLD."time_zone")::date),
                                 (("j"."starts_at" AT TIME ZONE NEW."time_zone")::date)) AS "v" ("d")
     WHERE "j"."country_id" = NEW."id" AND "j"."starts_at" IS NOT NULL
     GROUP BY "v"."d";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "countries_count_statistics" AFTER UPDATE ON "countries"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "countries_count_statistics"();--> statement-breakpoint
-- Users count on their creation date in the agency's zone (AGENCY_TIME_ZONE,
-- lib/services/viewer-zone.ts: the same text there and here).
CREATE FUNCTION "users_count_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'users', ("created_at" AT TIME ZONE 'Europe/Copenhagen')::date
        FROM "statistics_new_users";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'users', ("created_at" AT TIME ZONE 'Europe/Copenhagen')::date
        FROM "statistics_old_users";
  ELSE
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT 'users', "v"."d" FROM "statistics_old_users" AS "o"
        JOIN "statistics_new_users" AS "n" ON "n"."id" = "o"."id"
        CROSS JOIN LATERAL (VALUES (("o"."created_at" AT TIME ZONE 'Europe/Copenhagen')::date),
                                   (("n"."created_at" AT TIME ZONE 'Europe/Copenhagen')::date)) AS "v" ("d")
        WHERE ("o"."created_at", "o"."deleted_at" IS NULL)
              IS DISTINCT FROM ("n"."created_at", "n"."deleted_at" IS NULL)
        GROUP BY "v"."d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_count_statistics_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "statistics_new_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_statistics"();--> statement-breakpoint
CREATE TRIGGER "users_count_statistics_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "statistics_old_users" NEW TABLE AS "statistics_new_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_statistics"();--> statement-breakpoint
CREATE TRIGGER "users_count_statistics_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "statistics_old_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_statistics"();--> statement-breakpoint
-- A user's roles decide its series (worker, client contact, office). A user deleted with its
-- roles (cascade) was marked by the users trigger; the join finds no row then.
CREATE FUNCTION "user_roles_count_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'users', ("u"."created_at" AT TIME ZONE 'Europe/Copenhagen')::date
        FROM "statistics_new_roles" AS "r" JOIN "users" AS "u" ON "u"."id" = "r"."user_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'users', ("u"."created_at" AT TIME ZONE 'Europe/Copenhagen')::date
        FROM "statistics_old_roles" AS "r" JOIN "users" AS "u" ON "u"."id" = "r"."user_id";
  ELSE
    INSERT INTO "statistics_count_marks" ("source", "local_date")
      SELECT DISTINCT 'users', ("u"."created_at" AT TIME ZONE 'Europe/Copenhagen')::date
        FROM (SELECT "user_id" FROM "statistics_old_roles"
              UNION SELECT "user_id" FROM "statistics_new_roles") AS "r"
        JOIN "users" AS "u" ON "u"."id" = "r"."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_roles_count_statistics_insert" AFTER INSERT ON "user_roles"
  REFERENCING NEW TABLE AS "statistics_new_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_count_statistics"();--> statement-breakpoint
CREATE TRIGGER "user_roles_count_statistics_update" AFTER UPDATE ON "user_roles"
  REFERENCING OLD TABLE AS "statistics_old_roles" NEW TABLE AS "statistics_new_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_count_statistics"();--> statement-breakpoint
CREATE TRIGGER "user_roles_count_statistics_delete" AFTER DELETE ON "user_roles"
  REFERENCING OLD TABLE AS "statistics_old_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_roles_count_statistics"();--> statement-breakpoint
-- A role renamed to or from a built-in title moves its users between series.
CREATE FUNCTION "roles_count_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "statistics_count_marks" ("source", "local_date")
    SELECT DISTINCT 'users', ("u"."created_at" AT TIME ZONE 'Europe/Copenhagen')::date
      FROM "user_roles" AS "r" JOIN "users" AS "u" ON "u"."id" = "r"."user_id"
     WHERE "r"."role_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "roles_count_statistics" AFTER UPDATE ON "roles"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION "roles_count_statistics"();--> statement-breakpoint
-- Backfill by the sweep: every date with jobs or users starts marked (counted live until swept).
INSERT INTO "statistics_count_marks" ("source", "local_date")
  SELECT DISTINCT 'jobs', ("j"."starts_at" AT TIME ZONE "c"."time_zone")::date
    FROM "jobs" AS "j" JOIN "countries" AS "c" ON "c"."id" = "j"."country_id"
   WHERE "j"."starts_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "statistics_count_marks" ("source", "local_date")
  SELECT DISTINCT 'users', ("created_at" AT TIME ZONE 'Europe/Copenhagen')::date FROM "users";
