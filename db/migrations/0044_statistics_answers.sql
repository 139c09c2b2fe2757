CREATE TABLE "statistics_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"answer" jsonb NOT NULL
);
