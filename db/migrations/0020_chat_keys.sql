DROP INDEX "chats_job_id_index";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "pair_key" text;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_id_created_at_index" ON "chat_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_job_id_unique" ON "chats" USING btree ("job_id");--> statement-breakpoint
-- Private chats made before the pair key: the oldest chat of each pair takes it.
UPDATE "chats" SET "pair_key" = p.k FROM (
  SELECT c.id, min(cp.user_id)::text || ':' || max(cp.user_id)::text AS k,
    row_number() OVER (PARTITION BY min(cp.user_id), max(cp.user_id) ORDER BY c.id) AS n
  FROM "chats" c JOIN "chat_participants" cp ON cp.chat_id = c.id
  WHERE c.type = 'private' GROUP BY c.id HAVING count(*) = 2
) p WHERE "chats".id = p.id AND p.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_pair_key_unique" ON "chats" USING btree ("pair_key");