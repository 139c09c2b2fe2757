DROP INDEX "chats_job_id_index";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "pair_key" text;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_id_created_at_index" ON "chat_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_job_id_unique" ON "chats" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_pair_key_unique" ON "chats" USING btree ("pair_key");