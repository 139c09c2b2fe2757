DROP INDEX "shift_slots_live_fill_idx";--> statement-breakpoint
ALTER TABLE "shift_slots" ADD COLUMN "booked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A slot's booked places (issue 27): how many of its applications hold a place, the statuses of
-- FILLED_STATUSES (lib/domain/statuses.ts). The calendar read each event's fill by counting the
-- applications of each of its slots; it now reads this count from shift_slots_live_fill_idx.
UPDATE "shift_slots" AS "s" SET "booked" = "c"."n"
  FROM (SELECT "shift_slot_id", count(*)::int AS "n" FROM "applications"
         WHERE "status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved')
         GROUP BY 1) AS "c"
 WHERE "s"."id" = "c"."shift_slot_id";--> statement-breakpoint
CREATE INDEX "shift_slots_live_fill_idx" ON "shift_slots" USING btree ("shift_id","positions","booked") WHERE "shift_slots"."deleted_at" is null;--> statement-breakpoint
-- Kept by the writes of applications, in their transaction, so the count is exact at every
-- commit whoever writes (a verb, the sweep, a seed, a cascade). Inserts and deletes are counted
-- per statement (a seed's million rows: one update per slot); an update only when it moves a
-- place in or out of the filled statuses, or a held place to another slot. Every verb that
-- does so has locked the slots first (jobs → worker → slots → applications: the one lock
-- order, lib/services/applications/locks.ts), or holds the job FOR UPDATE (an edit denying the
-- places of the slots it removes), so these updates wait for no one. A slot deleted in the same
-- statement (a cascade) is simply not found.
CREATE FUNCTION "applications_slot_booked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "shift_slots" AS "s" SET "booked" = "s"."booked" + "d"."n"
      FROM (SELECT "shift_slot_id", count(*)::int AS "n" FROM "slot_booked_new"
             WHERE "status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved')
             GROUP BY 1) AS "d"
     WHERE "s"."id" = "d"."shift_slot_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "shift_slots" AS "s" SET "booked" = "s"."booked" - "d"."n"
      FROM (SELECT "shift_slot_id", count(*)::int AS "n" FROM "slot_booked_old"
             WHERE "status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved')
             GROUP BY 1) AS "d"
     WHERE "s"."id" = "d"."shift_slot_id";
  ELSE
    IF OLD."status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved') THEN
      UPDATE "shift_slots" SET "booked" = "booked" - 1 WHERE "id" = OLD."shift_slot_id";
    END IF;
    IF NEW."status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved') THEN
      UPDATE "shift_slots" SET "booked" = "booked" + 1 WHERE "id" = NEW."shift_slot_id";
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_slot_booked_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "slot_booked_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "applications_slot_booked"();--> statement-breakpoint
CREATE TRIGGER "applications_slot_booked_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "slot_booked_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "applications_slot_booked"();--> statement-breakpoint
CREATE TRIGGER "applications_slot_booked_update" AFTER UPDATE OF "status", "shift_slot_id" ON "applications"
  FOR EACH ROW WHEN (
    (OLD."status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved'))
      IS DISTINCT FROM (NEW."status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved'))
    OR (OLD."shift_slot_id" IS DISTINCT FROM NEW."shift_slot_id"
      AND OLD."status" IN ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved')))
  EXECUTE FUNCTION "applications_slot_booked"();
