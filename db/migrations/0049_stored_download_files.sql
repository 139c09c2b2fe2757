-- The stored workers downloads move from a bytea to the files port (file_key): the rows that held
-- bytes go (the background round builds the files again within its 2 minutes; meanwhile the
-- download is built live, as before a round).
DELETE FROM "statistics_answers" WHERE "content" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_answers" DROP CONSTRAINT "statistics_answers_one_value";--> statement-breakpoint
ALTER TABLE "statistics_answers" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "statistics_answers" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "statistics_answers" ADD CONSTRAINT "statistics_answers_one_value" CHECK (("statistics_answers"."answer" is null) <> ("statistics_answers"."file_key" is null));