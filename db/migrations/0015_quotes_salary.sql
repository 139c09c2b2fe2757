-- Until issue 24 no verb wrote quotes, pay slips or salary runs: only the demo seed did, in a shape
-- that no longer exists. Clear them so the NOT NULL columns below can be added.
DELETE FROM "pay_slips";--> statement-breakpoint
DELETE FROM "salary_runs";--> statement-breakpoint
DELETE FROM "quotes";--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('Draft', 'Sent', 'Accepted', 'Declined');--> statement-breakpoint
CREATE TYPE "public"."salary_line_status" AS ENUM('draft', 'paid');--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_costs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_costs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"category" "additional_cost_category" DEFAULT 'other' NOT NULL,
	"description" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"work_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"skill_id" integer NOT NULL,
	"level_id" integer,
	"positions" integer DEFAULT 1 NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"standard_minutes" integer DEFAULT 0 NOT NULL,
	"weekend_minutes" integer DEFAULT 0 NOT NULL,
	"night_minutes" integer DEFAULT 0 NOT NULL,
	"standard_price" integer,
	"weekend_price" integer,
	"night_price" integer,
	"amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "salary_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"country_id" integer,
	"branch_id" integer,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "salary_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer,
	"reported_hours_id" integer,
	"user_id" integer NOT NULL,
	"job_id" integer,
	"shift_id" integer,
	"skill_id" integer NOT NULL,
	"branch_id" integer,
	"country_id" integer,
	"work_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"currency_code" char(3) NOT NULL,
	"standard_minutes" integer DEFAULT 0 NOT NULL,
	"weekend_minutes" integer DEFAULT 0 NOT NULL,
	"night_minutes" integer DEFAULT 0 NOT NULL,
	"standard_rate" integer NOT NULL,
	"weekend_rate" integer,
	"night_rate" integer,
	"rate_source" text NOT NULL,
	"amount" integer NOT NULL,
	"status" "salary_line_status" DEFAULT 'draft' NOT NULL,
	"pay_slip_id" integer,
	"paid_at" timestamp with time zone,
	"paid_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_slips" DROP CONSTRAINT "pay_slips_salary_run_id_salary_runs_id_fk";
--> statement-breakpoint
DROP INDEX "pay_slips_user_id_period_start_index";--> statement-breakpoint
DROP INDEX "pay_slips_salary_run_id_index";--> statement-breakpoint
DROP INDEX "quotes_company_id_index";--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "vat_basis_points" integer;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "period_from" date NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "period_to" date NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "totals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "paid_by_id" integer;--> statement-breakpoint
ALTER TABLE "progress_monitors" ADD COLUMN "errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "year" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sequence" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "previous_revision_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "status" "quote_status" DEFAULT 'Draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "venue_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_value" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "vat_basis_points" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "subtotal_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "vat_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_by_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decided_by_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decision_comment" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "period_from" date NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "period_to" date NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "monitor_id" integer;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "worker_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "salary_runs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_costs" ADD CONSTRAINT "quote_costs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_exports" ADD CONSTRAINT "salary_exports_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_exports" ADD CONSTRAINT "salary_exports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_exports" ADD CONSTRAINT "salary_exports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_run_id_salary_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."salary_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_reported_hours_id_reported_hours_id_fk" FOREIGN KEY ("reported_hours_id") REFERENCES "public"."reported_hours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_pay_slip_id_pay_slips_id_fk" FOREIGN KEY ("pay_slip_id") REFERENCES "public"."pay_slips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_costs_quote_id_position_index" ON "quote_costs" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_id_position_index" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "salary_exports_created_at_index" ON "salary_exports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_lines_reported_hours_unique" ON "salary_lines" USING btree ("reported_hours_id");--> statement-breakpoint
CREATE INDEX "salary_lines_user_id_work_date_index" ON "salary_lines" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE INDEX "salary_lines_work_date_status_index" ON "salary_lines" USING btree ("work_date","status");--> statement-breakpoint
CREATE INDEX "salary_lines_run_id_index" ON "salary_lines" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "salary_lines_job_id_index" ON "salary_lines" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "salary_lines_pay_slip_id_index" ON "salary_lines" USING btree ("pay_slip_id");--> statement-breakpoint
ALTER TABLE "pay_slips" ADD CONSTRAINT "pay_slips_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_company_id_created_at_index" ON "quotes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_created_at_index" ON "quotes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quotes_job_id_index" ON "quotes" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "quotes_previous_revision_id_index" ON "quotes" USING btree ("previous_revision_id");--> statement-breakpoint
CREATE INDEX "salary_runs_period_from_period_to_index" ON "salary_runs" USING btree ("period_from","period_to");--> statement-breakpoint
ALTER TABLE "pay_slips" DROP COLUMN "salary_run_id";--> statement-breakpoint
ALTER TABLE "pay_slips" DROP COLUMN "period_start";--> statement-breakpoint
ALTER TABLE "pay_slips" DROP COLUMN "period_end";--> statement-breakpoint
ALTER TABLE "pay_slips" DROP COLUMN "gross_amount";--> statement-breakpoint
ALTER TABLE "pay_slips" DROP COLUMN "currency_code";--> statement-breakpoint
ALTER TABLE "pay_slips" DROP COLUMN "lines";--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "items";--> statement-breakpoint
ALTER TABLE "salary_runs" DROP COLUMN "period_start";--> statement-breakpoint
ALTER TABLE "salary_runs" DROP COLUMN "period_end";--> statement-breakpoint
ALTER TABLE "salary_runs" DROP COLUMN "total_amount";--> statement-breakpoint
ALTER TABLE "salary_runs" DROP COLUMN "currency_code";--> statement-breakpoint
ALTER TABLE "salary_runs" DROP COLUMN "export_key";--> statement-breakpoint
ALTER TABLE "pay_slips" ADD CONSTRAINT "pay_slips_period_unique" UNIQUE("user_id","period_from","period_to");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_number_unique" UNIQUE("year","sequence","revision");