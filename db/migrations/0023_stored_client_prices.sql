CREATE TABLE "pricing_versions" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pricing_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reported_hours" ADD COLUMN "client_price" bigint;--> statement-breakpoint
ALTER TABLE "reported_hours" ADD COLUMN "client_price_currency" char(3);--> statement-breakpoint
ALTER TABLE "reported_hours" ADD COLUMN "client_price_version" bigint;--> statement-breakpoint
ALTER TABLE "reported_hours" ADD COLUMN "client_price_job_version" integer;--> statement-breakpoint
CREATE INDEX "reported_hours_unpriced_idx" ON "reported_hours" USING btree ("id") WHERE "reported_hours"."approved_at" is not null and "reported_hours"."client_price" is null;--> statement-breakpoint
-- Stored client prices (issue 27): a price stored on reported_hours is stamped with the
-- versions below and trusted only while they are current. The bumps are triggers rather than
-- service code so no writer (verb, seed, script, a future screen) can change a pricing input
-- without making the prices it affects stale, and each bump commits with the change it records.
INSERT INTO "pricing_versions" ("id", "version") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION "bump_pricing_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pricing_versions" SET "version" = "version" + 1 WHERE "id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Shared inputs: any write may change the price of many jobs' hours, so the one version moves.
CREATE TRIGGER "skills_pricing" AFTER UPDATE OF "parent_id" OR DELETE ON "skills"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pricing_version"();--> statement-breakpoint
CREATE TRIGGER "companies_pricing" AFTER UPDATE OF "default_branch_id" ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pricing_version"();--> statement-breakpoint
CREATE TRIGGER "branches_pricing" AFTER UPDATE OF "country_id", "holiday_region", "deleted_at" OR DELETE ON "branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pricing_version"();--> statement-breakpoint
CREATE TRIGGER "countries_pricing" AFTER UPDATE OF "iso_code", "currency_code", "time_zone" OR DELETE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pricing_version"();--> statement-breakpoint
CREATE TRIGGER "agency_holidays_pricing" AFTER INSERT OR UPDATE OR DELETE ON "agency_holidays"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_pricing_version"();--> statement-breakpoint
-- One job's inputs move that job's version only (a new job's rates must not make every stored
-- price stale). A job without shifts has no hours and so no stored price: left alone (a job
-- being created, the bulk seed), so its version stays where its rows put it.
CREATE FUNCTION "bump_job_pricing_version"("job" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "jobs" SET "pricing_version" = "pricing_version" + 1
    WHERE "id" = "job" AND EXISTS (SELECT 1 FROM "shifts" WHERE "shifts"."job_id" = "job");
END $$;--> statement-breakpoint
CREATE FUNCTION "client_rates_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."job_id" IS NULL OR TG_OP <> 'DELETE' AND NEW."job_id" IS NULL THEN
    UPDATE "pricing_versions" SET "version" = "version" + 1 WHERE "id";
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."job_id" IS NOT NULL THEN
    PERFORM "bump_job_pricing_version"(OLD."job_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."job_id" IS NOT NULL THEN
    PERFORM "bump_job_pricing_version"(NEW."job_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "client_rates_pricing" AFTER INSERT OR UPDATE OR DELETE ON "client_rates"
  FOR EACH ROW EXECUTE FUNCTION "client_rates_pricing"();--> statement-breakpoint
CREATE FUNCTION "jobs_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."pricing_version" := OLD."pricing_version" + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_pricing" BEFORE UPDATE ON "jobs" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id" OR OLD."country_id" IS DISTINCT FROM NEW."country_id")
  EXECUTE FUNCTION "jobs_pricing"();--> statement-breakpoint
CREATE FUNCTION "job_branches_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_job_pricing_version"(OLD."job_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "bump_job_pricing_version"(NEW."job_id"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_branches_pricing" AFTER INSERT OR UPDATE OR DELETE ON "job_branches"
  FOR EACH ROW EXECUTE FUNCTION "job_branches_pricing"();--> statement-breakpoint
CREATE FUNCTION "shift_slots_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_job_pricing_version"("job_id") FROM "shifts" WHERE "id" IN (OLD."shift_id", NEW."shift_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shift_slots_pricing" AFTER UPDATE ON "shift_slots" FOR EACH ROW
  WHEN (OLD."skill_id" IS DISTINCT FROM NEW."skill_id" OR OLD."shift_id" IS DISTINCT FROM NEW."shift_id")
  EXECUTE FUNCTION "shift_slots_pricing"();--> statement-breakpoint
CREATE FUNCTION "shifts_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_job_pricing_version"(OLD."job_id");
  PERFORM "bump_job_pricing_version"(NEW."job_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shifts_pricing" AFTER UPDATE ON "shifts" FOR EACH ROW
  WHEN (OLD."job_id" IS DISTINCT FROM NEW."job_id")
  EXECUTE FUNCTION "shifts_pricing"();--> statement-breakpoint
-- A report's own inputs (its times, its application and so its slot) live on its row or its
-- application's: a change there forgets the stored price of that report alone.
CREATE FUNCTION "reported_hours_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."client_price" := NULL;
  NEW."client_price_currency" := NULL;
  NEW."client_price_version" := NULL;
  NEW."client_price_job_version" := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "reported_hours_pricing" BEFORE UPDATE ON "reported_hours" FOR EACH ROW
  WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."ends_at" IS DISTINCT FROM NEW."ends_at"
    OR OLD."application_id" IS DISTINCT FROM NEW."application_id" OR OLD."approved_at" IS DISTINCT FROM NEW."approved_at")
  EXECUTE FUNCTION "reported_hours_pricing"();--> statement-breakpoint
CREATE FUNCTION "applications_pricing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reported_hours" SET "client_price" = NULL, "client_price_currency" = NULL,
    "client_price_version" = NULL, "client_price_job_version" = NULL
    WHERE "application_id" = NEW."id" AND "client_price" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_pricing" AFTER UPDATE ON "applications" FOR EACH ROW
  WHEN (OLD."shift_slot_id" IS DISTINCT FROM NEW."shift_slot_id" OR OLD."shift_id" IS DISTINCT FROM NEW."shift_id")
  EXECUTE FUNCTION "applications_pricing"();
