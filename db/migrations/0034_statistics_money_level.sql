-- Money statistics at scale (issue 27): each job-day carries its job's company and the pricing
-- version it was priced under, so the readers sum a range of dates from one index without
-- joining jobs and statistics_jobs. The rows written before have neither: they are dropped and
-- every job is marked, so the statistics read them live until the sweep has rewritten them.
DELETE FROM "statistics_job_days";--> statement-breakpoint
UPDATE "statistics_jobs" SET "dirty_version" = nextval('statistics_dirty_version');--> statement-breakpoint
-- The month level (per month, client and currency): always the sum of the month's job-days,
-- moved by the sweep with them; empty like them here.
CREATE TABLE "statistics_month_totals" (
	"month" date NOT NULL,
	"company_id" integer NOT NULL,
	"currency" char(3),
	"approved_seconds" numeric NOT NULL,
	"pending_seconds" numeric NOT NULL,
	"approved_price" bigint NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "statistics_month_totals_month_companyId_currency_unique" UNIQUE NULLS NOT DISTINCT("month","company_id","currency")
);
--> statement-breakpoint
DROP INDEX "statistics_job_days_local_date_job_id_index";--> statement-breakpoint
ALTER TABLE "statistics_job_days" ADD COLUMN "company_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_job_days" ADD COLUMN "pricing_version" bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "statistics_month_totals_company_totals_idx" ON "statistics_month_totals" USING btree ("company_id","month","currency","approved_seconds","pending_seconds","approved_price","days");--> statement-breakpoint
CREATE INDEX "statistics_job_days_local_date_totals_idx" ON "statistics_job_days" USING btree ("local_date","job_id","company_id","pricing_version","currency","approved_seconds","pending_seconds","approved_price");--> statement-breakpoint
-- The job-days now hold the job's company and exist only for live jobs: moving a job to another
-- client or deleting or restoring it marks it too (0023 already bumps pricing_version on a
-- company change; the mark must not depend on that).
DROP TRIGGER "jobs_statistics" ON "jobs";--> statement-breakpoint
CREATE TRIGGER "jobs_statistics" AFTER UPDATE ON "jobs" FOR EACH ROW
  WHEN (OLD."country_id" IS DISTINCT FROM NEW."country_id" OR OLD."pricing_version" IS DISTINCT FROM NEW."pricing_version"
    OR OLD."company_id" IS DISTINCT FROM NEW."company_id" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at")
  EXECUTE FUNCTION "jobs_statistics"();
