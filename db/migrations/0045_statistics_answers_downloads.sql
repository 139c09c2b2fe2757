ALTER TABLE "statistics_answers" ALTER COLUMN "answer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_answers" ADD COLUMN "content" "bytea";--> statement-breakpoint
ALTER TABLE "statistics_answers" ADD CONSTRAINT "statistics_answers_one_value" CHECK (("statistics_answers"."answer" is null) <> ("statistics_answers"."content" is null));