CREATE TABLE "chat_digest_marks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_message_id" bigint NOT NULL,
	"digested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_digest_marks" ADD CONSTRAINT "chat_digest_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_idempotency_key_index" ON "mail_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_user_id_id_index" ON "mail_outbox" USING btree ("user_id","id");