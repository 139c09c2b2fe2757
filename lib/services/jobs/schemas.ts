import { z } from "zod";
import { parseDate, parseTime } from "@/lib/domain/format";
import {
  JOB_TEXT_LIMITS as JOB,
  SHIFT_TEXT_LIMITS as SHIFT,
  atMostChars,
  tooLongMessage,
} from "@/lib/domain/text-limits";
import { flag, idList, idSchema, optionalId } from "../params";

/** Text fields of a job: trimmed, blank becomes null. */
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? undefined : v),
    z.string().max(max, atMostChars(max)).nullable().optional(),
  );

const ddmmyyyy = z.string().refine((v) => parseDate(v) !== null, "must be a date as DD/MM/YYYY");
const hhmm = z.string().refine((v) => parseTime(v) !== null, "must be a time as HH:mm");

export const slotInput = z.object({
  skill_id: idSchema,
  qty: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "may be at most 500"),
});

/** One shift of the create payload (spec §3), times in the job's country time zone. */
export const createShiftInput = z.object({
  startDate: ddmmyyyy,
  start: hhmm,
  endHour: hhmm,
  slots: z.array(slotInput).min(1, "needs at least one skill slot").max(50),
  pm: optionalId,
  col: optionalId,
  dresscodeID: optionalId,
  dresscodeNotes: text(SHIFT.dresscodeNotes),
  workerNotes: text(SHIFT.notesForWorkers),
  description: text(SHIFT.description),
});
export type CreateShiftInput = z.infer<typeof createShiftInput>;

/** Job fields shared by the create and edit payloads. */
export const jobFields = {
  name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: "The name field is required." })
      .min(1, "The name field is required.")
      .max(JOB.name, tooLongMessage("name", JOB.name)),
  ),
  company_id: idSchema,
  country_id: idSchema,
  venue_id: optionalId,
  /** A venue typed by hand: saved as a private venue of the company. */
  venue_name: text(JOB.venue_name),
  city: text(JOB.city),
  address: text(JOB.address),
  zip: text(JOB.zip),
  province: text(JOB.province),
  entrance: text(JOB.entrance),
  invoice_reference: text(JOB.invoice_reference),
  contact_on_location_id: optionalId,
  project_manager_id: optionalId,
  dresscode_id: optionalId,
  details: text(JOB.details),
  book_from_branches: idList,
  booker_id: optionalId,
};

export const createJobInput = z.object({
  ...jobFields,
  reason: text(JOB.reason),
  status: z.enum(["Published", "Draft"]).optional().default("Published"),
  is_past: flag,
  sendEmail: flag,
  /** Computed from the shifts; accepted and ignored for callers that send them. */
  start: z.unknown().optional(),
  end: z.unknown().optional(),
  shifts: z.unknown().optional(),
});
export type CreateJobInput = z.infer<typeof createJobInput>;

const dateTime = z
  .string()
  .refine(
    (v) => /^\d{1,2}\/\d{1,2}\/\d{4}\s+\d{1,2}:\d{2}$/.test(v.trim()),
    "must be a date and time as DD/MM/YYYY HH:mm",
  );
const nullableText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    z.string().max(max, atMostChars(max)).nullable(),
  );

/** One shift of the edit payload (spec §3 "Shift edit form"); new shifts have ids new_{n}. */
export const editShiftInput = z.object({
  id: z.union([idSchema, z.string().regex(/^new_\d+$/, "must be a shift id or new_{n}")]),
  start: dateTime,
  end: dateTime.optional(),
  duration: z.coerce
    .number()
    .gt(0, "must be more than 0 hours")
    .max(24, "may be at most 24 hours")
    .optional(),
  isDeleted: flag,
  isEdited: flag,
  project_manager_id: optionalId.nullable(),
  contact_on_location_id: optionalId.nullable(),
  dresscode_id: optionalId.nullable(),
  dresscode_notes: nullableText(SHIFT.dresscodeNotes).optional(),
  notes_for_workers: nullableText(SHIFT.notesForWorkers).optional(),
  description: nullableText(SHIFT.description).optional(),
  shift_slots: z
    .array(
      z.object({
        id: optionalId.nullable(),
        skill_id: idSchema,
        positions: z.coerce
          .number()
          .int("must be a whole number")
          .min(1, "must be at least 1")
          .max(500, "may be at most 500"),
        isDeleted: flag,
      }),
    )
    .max(50),
});
export type EditShiftInput = z.infer<typeof editShiftInput>;

export const editJobInput = z.object({
  ...jobFields,
  dresscode_id: optionalId.nullable(),
  reason: text(JOB.reason),
  sendEmail: flag,
  /** The user confirmed cancelling the bookings on shifts or slots being removed. */
  cancel_bookings: flag,
  shifts: z.unknown().optional(),
});
