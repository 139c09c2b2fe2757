CREATE TABLE "agency_holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_id" integer NOT NULL,
	"rule" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "holiday_region" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "old_email" text;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "report_token_hash" text;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agency_holidays" ADD CONSTRAINT "agency_holidays_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_holidays_country_rule_unique" ON "agency_holidays" USING btree ("country_id","rule");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verifications_report_hash_unique" ON "email_verifications" USING btree ("report_token_hash");--> statement-breakpoint
CREATE INDEX "email_verifications_user_id_index" ON "email_verifications" USING btree ("user_id");