CREATE TABLE "slot_book_branches" (
	"shift_slot_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "slot_book_branches_shift_slot_id_branch_id_pk" PRIMARY KEY("shift_slot_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "slot_book_branches" ADD CONSTRAINT "slot_book_branches_shift_slot_id_shift_slots_id_fk" FOREIGN KEY ("shift_slot_id") REFERENCES "public"."shift_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_book_branches" ADD CONSTRAINT "slot_book_branches_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_book_branches_walk_idx" ON "slot_book_branches" USING btree ("branch_id","starts_at","shift_id","shift_slot_id","skill_id");--> statement-breakpoint
CREATE INDEX "slot_book_branches_shift_id_index" ON "slot_book_branches" USING btree ("shift_id");--> statement-breakpoint
-- new-jobs (issue 27) walks one worker branch by start. Triggers keep the table in the writer's
-- transaction, so no writer — verb, seed, script — leaves it behind: a shift's rows are written
-- again whenever its slots, its start or job, or its job's branches change. The shifts are
-- locked first (NO KEY UPDATE: bookings' key-share locks pass) and the rows re-read after, so
-- two writers of one shift take turns and the later one writes from what the earlier committed.
CREATE FUNCTION "slot_book_branches_of_shifts"("shift_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "shifts" WHERE "id" = ANY("shift_ids") ORDER BY "id" FOR NO KEY UPDATE;
  DELETE FROM "slot_book_branches" WHERE "shift_id" = ANY("shift_ids");
  INSERT INTO "slot_book_branches" ("shift_slot_id", "branch_id", "shift_id", "starts_at", "skill_id")
    SELECT ss."id", coalesce(jb."branch_id", 0), s."id", s."starts_at", ss."skill_id"
      FROM "shifts" s
      JOIN "shift_slots" ss ON ss."shift_id" = s."id"
      LEFT JOIN "job_branches" jb ON jb."job_id" = s."job_id"
     WHERE s."id" = ANY("shift_ids");
END $$;--> statement-breakpoint
-- Inserts per statement (the job editor and the seeds add many slots at once: one rewrite of
-- their shifts, not one per slot); a move per row (no transition table with a column list).
CREATE FUNCTION "shift_slots_book_branches_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "slot_book_branches_of_shifts"(ARRAY(SELECT DISTINCT "shift_id" FROM "inserted"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shift_slots_book_branches_insert" AFTER INSERT ON "shift_slots"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT
  EXECUTE FUNCTION "shift_slots_book_branches_inserted"();--> statement-breakpoint
CREATE FUNCTION "shift_slots_book_branches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A slot moved to another shift leaves the old one's rows too.
  PERFORM "slot_book_branches_of_shifts"(ARRAY[OLD."shift_id", NEW."shift_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shift_slots_book_branches_update" AFTER UPDATE OF "shift_id", "skill_id" ON "shift_slots"
  FOR EACH ROW WHEN (OLD."shift_id" IS DISTINCT FROM NEW."shift_id" OR OLD."skill_id" IS DISTINCT FROM NEW."skill_id")
  EXECUTE FUNCTION "shift_slots_book_branches"();--> statement-breakpoint
CREATE FUNCTION "shifts_book_branches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "slot_book_branches_of_shifts"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shifts_book_branches" AFTER UPDATE OF "starts_at", "job_id" ON "shifts" FOR EACH ROW
  WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."job_id" IS DISTINCT FROM NEW."job_id")
  EXECUTE FUNCTION "shifts_book_branches"();--> statement-breakpoint
-- A job's branches change per statement (the job editor writes them all at once). A removed
-- job's shifts take their rows with them (foreign keys), whichever of its cascades runs first.
CREATE FUNCTION "job_branches_book_branches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "slot_book_branches_of_shifts"(ARRAY(
    SELECT s."id" FROM "shifts" s
     WHERE s."job_id" IN (SELECT "job_id" FROM "changed")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_branches_book_branches_insert" AFTER INSERT ON "job_branches"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "job_branches_book_branches"();--> statement-breakpoint
CREATE TRIGGER "job_branches_book_branches_delete" AFTER DELETE ON "job_branches"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT
  EXECUTE FUNCTION "job_branches_book_branches"();--> statement-breakpoint
CREATE FUNCTION "job_branches_book_branches_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "slot_book_branches_of_shifts"(ARRAY(
    SELECT "id" FROM "shifts" WHERE "job_id" IN (OLD."job_id", NEW."job_id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_branches_book_branches_update" AFTER UPDATE ON "job_branches"
  FOR EACH ROW EXECUTE FUNCTION "job_branches_book_branches_moved"();--> statement-breakpoint
INSERT INTO "slot_book_branches" ("shift_slot_id", "branch_id", "shift_id", "starts_at", "skill_id")
  SELECT ss."id", coalesce(jb."branch_id", 0), s."id", s."starts_at", ss."skill_id"
    FROM "shifts" s
    JOIN "shift_slots" ss ON ss."shift_id" = s."id"
    LEFT JOIN "job_branches" jb ON jb."job_id" = s."job_id";
