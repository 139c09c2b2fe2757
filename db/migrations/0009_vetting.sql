CREATE TABLE "document_type_roles" (
	"document_type_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "document_type_roles_document_type_id_role_id_pk" PRIMARY KEY("document_type_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "document_type_skills" (
	"document_type_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "document_type_skills_document_type_id_skill_id_pk" PRIMARY KEY("document_type_id","skill_id")
);
--> statement-breakpoint
DROP INDEX "documents_user_id_index";--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "expires_on" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "document_types" ADD COLUMN "warning_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_types" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_types" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_by_id" integer;--> statement-breakpoint
ALTER TABLE "document_type_roles" ADD CONSTRAINT "document_type_roles_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_type_roles" ADD CONSTRAINT "document_type_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_type_skills" ADD CONSTRAINT "document_type_skills_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_type_skills" ADD CONSTRAINT "document_type_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_type_roles_role_id_index" ON "document_type_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "document_type_skills_skill_id_index" ON "document_type_skills" USING btree ("skill_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_id_document_type_id_index" ON "documents" USING btree ("user_id","document_type_id");--> statement-breakpoint
CREATE INDEX "documents_document_type_id_index" ON "documents" USING btree ("document_type_id");--> statement-breakpoint
CREATE INDEX "documents_expires_on_index" ON "documents" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "users_approved_at_index" ON "users" USING btree ("approved_at");