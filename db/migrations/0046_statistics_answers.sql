CREATE TABLE "statistics_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"answer" jsonb,
	"content" "bytea",
	CONSTRAINT "statistics_answers_one_value" CHECK (("statistics_answers"."answer" is null) <> ("statistics_answers"."content" is null))
);
