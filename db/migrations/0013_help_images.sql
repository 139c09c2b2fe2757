CREATE TABLE "help_article_images" (
	"article_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	CONSTRAINT "help_article_images_article_id_image_id_pk" PRIMARY KEY("article_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "help_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_images_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "help_article_images" ADD CONSTRAINT "help_article_images_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_article_images" ADD CONSTRAINT "help_article_images_image_id_help_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."help_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_images" ADD CONSTRAINT "help_images_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_article_images_image_id_index" ON "help_article_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "help_images_created_at_index" ON "help_images" USING btree ("created_at");