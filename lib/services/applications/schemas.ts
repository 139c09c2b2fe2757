import { z } from "zod";
import { APPLICATION_STATUSES, statusFromSlug } from "@/lib/domain/statuses";
import { BOOKING_STATUSES } from "@/lib/domain/application-status";
import { flag, idList, idSchema, optionalId } from "../params";

/** A status as spec §4 writes it, or its lower-case slug ("request-accepted"). */
const statusOf = <T extends string>(allowed: readonly T[]) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (statusFromSlug(allowed, v) ?? v) : v),
    z.enum(allowed as unknown as [T, ...T[]], {
      error: `The status must be one of: ${allowed.join(", ")}.`,
    }),
  );

export const bookInput = z.object({
  assignee_id: idSchema,
  shiftIds: idList,
  shift_slots: idList.refine((v) => v && v.length > 0, {
    message: "Choose at least one shift slot.",
  }),
  status: statusOf(["Applied", ...BOOKING_STATUSES] as const),
  created_by_id: optionalId,
  book_anyway: flag,
  /** When the booking was agreed, "YYYY-MM-DD HH:mm:ss" in the job's zone (spec §9). */
  booked_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "The booked_at must be YYYY-MM-DD HH:mm:ss.")
    .optional(),
  closely: flag,
});
export type BookInput = z.input<typeof bookInput>;

/** POST shift-slots/{id}/book-applicants: `book_anyway` books onto a skill with no client price. */
export const bookAllInput = z.object({ book_anyway: flag });

export const statusChangeInput = z.object({
  status: statusOf(APPLICATION_STATUSES),
  closely: flag,
  book_anyway: flag,
});

export const applicationChangeInput = z.object({
  application_id: idSchema,
  shift_slot_id: idSchema,
  shift_id: optionalId,
  closely: flag,
  book_anyway: flag,
});

/** DELETE applications/{id}: `notify` sends the worker an e-mail that they were taken off. */
export const removeInput = z.object({ notify: flag });

/** POST applications/undo: the activity row of the change to undo, as its answer named it. */
export const undoInput = z.object({
  activity_id: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .positive("must be a positive id")
    .max(Number.MAX_SAFE_INTEGER, "is out of range"),
  closely: flag,
});
