CREATE TABLE "unavailable_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unavailable_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unavailable_days_note_length" CHECK (char_length("unavailable_days"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "unavailable_days" ADD CONSTRAINT "unavailable_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unavailable_days_user_day_unique" ON "unavailable_days" USING btree ("user_id","day");