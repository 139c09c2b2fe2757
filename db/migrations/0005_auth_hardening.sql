CREATE TABLE "redeemed_tickets" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "call_window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "calls_in_window" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_secrets" ADD COLUMN "last_used_step" integer;