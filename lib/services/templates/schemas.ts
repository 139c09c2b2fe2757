import { z } from "zod";
import { NAME_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { TEMPLATE_SHIFT_STATUS } from "@/lib/domain/job-template";
import { normalizeDate, normalizeTime } from "@/lib/domain/shift-editing";
import { pageInput } from "../pagination";
import { MAX_INT, flag, idSchema, optionalId, searchText } from "../params";
import { jobFields } from "../jobs/schemas";

/**
 * Input of the job-template verbs (spec §3 Job template, §7 job-templates). json_data is
 * `{ job, shifts }`: `job` holds the job fields of the create payload (minus shifts), each
 * shift `{ id, startDate, startHour, endHour, skills: [{ skill_id, qty }], status }`.
 */

export const TEMPLATES_PER_PAGE = 8;
export const MAX_TEMPLATE_SHIFTS = 366;

const date = z
  .string({ error: "must be a date as DD/MM/YYYY" })
  .refine((v) => normalizeDate(v) !== null, "must be a date as DD/MM/YYYY")
  .transform((v) => normalizeDate(v)!);

const hour = z
  .string({ error: "must be a time as HH:mm" })
  .refine((v) => normalizeTime(v) !== null, "must be a time as HH:mm")
  .transform((v) => normalizeTime(v)!);

export const templateSkillInput = z.object({
  skill_id: idSchema,
  qty: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "may be at most 500"),
});

export const templateShiftInput = z
  .object({
    /** Renumbered 1..n in date order on save, so the ids always run without gaps. */
    id: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .positive("must be at least 1")
      .max(MAX_INT, "is out of range"),
    startDate: date,
    startHour: hour,
    /** At or before startHour means the next day (overnight). */
    endHour: hour,
    skills: z
      .array(templateSkillInput, { error: "must be a list of skills" })
      .min(1, "needs at least one skill")
      .max(50, "may have at most 50 skills"),
    status: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(50, "may be at most 50 characters")
      .default(TEMPLATE_SHIFT_STATUS),
  })
  .superRefine((s, ctx) => {
    const ids = s.skills.map((k) => k.skill_id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({
        code: "custom",
        path: ["skills"],
        message: "Each skill may appear once per shift; change its quantity instead.",
      });
  });

/**
 * The job part of a template: the create payload's job fields. The booker and a venue typed
 * by hand are left out: a template is reused by people who may not choose a booker, and a
 * typed venue would make a new private venue on every use.
 */
export const templateJobInput = z
  .object(jobFields)
  .omit({ booker_id: true, venue_name: true })
  .partial();
export type TemplateJob = z.output<typeof templateJobInput>;

/** json_data; also accepted as a JSON string, as form posts send it. */
export const templateDataInput = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.object(
    {
      job: templateJobInput.optional().default({}),
      shifts: z
        .array(templateShiftInput, { error: "must be a list of shifts" })
        .min(1, "A template needs at least one shift.")
        .max(MAX_TEMPLATE_SHIFTS, `A template may have at most ${MAX_TEMPLATE_SHIFTS} shifts.`),
    },
    { error: "must be an object with job and shifts" },
  ),
);

const templateName = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ error: "The name field is required." })
    .min(1, "The name field is required.")
    .max(NAME_MAX, tooLongMessage("name", NAME_MAX)),
);

export const templatesListInput = pageInput(TEMPLATES_PER_PAGE).extend({
  filter: z
    .object({ company: optionalId, name: searchText })
    .optional()
    .default({ company: undefined, name: undefined }),
});

/** POST job-templates with the template's data. */
export const createTemplateFromDataInput = z.object({
  name: templateName,
  company_id: idSchema,
  data: templateDataInput,
  /** Accepted for the spec's callers and ignored: the creator is the signed-in user. */
  created_by_id: optionalId,
});

/** POST job-templates from an existing job: its live shifts become the template's. */
export const createTemplateFromJobInput = z.object({
  job_id: idSchema,
  name: templateName,
});

export const createTemplateInput = z.union([
  createTemplateFromDataInput,
  createTemplateFromJobInput,
]);

/** PUT job-templates/{id}: any of name, company_id, data. */
export const updateTemplateInput = z.object({
  name: templateName.optional(),
  company_id: idSchema.optional(),
  data: templateDataInput.optional(),
  /** Accepted for the spec's callers and ignored: a template keeps its creator. */
  created_by_id: optionalId,
});

export const buildTemplateDataInput = z.object({
  /** DD/MM/YYYY: the first shift moves to this day; without it the shifts keep their dates. */
  date: z.preprocess((v) => (v === "" || v === null ? undefined : v), date.optional()),
});

export const createJobFromTemplateInput = z.object({
  /** DD/MM/YYYY: the day of the new job's first shift. */
  date: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: "The date field is required." }).pipe(date),
  ),
  /** The new job's name; the template's job name (or the template's name) when left out. */
  name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v === null ? undefined : v),
    z.string().max(NAME_MAX, tooLongMessage("name", NAME_MAX)).optional(),
  ),
  /** Confirms a start date before today (the job rule of spec §5 past-date helper). */
  is_past: flag,
});
