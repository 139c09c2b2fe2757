import { z } from "zod";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import type { Ctx } from "../context";
import { ValidationError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { loadCrewJob } from "./access";
import {
  buildCrewListModel,
  CREW_LIST_FIELDS,
  CREW_LIST_GROUPS,
  DEFAULT_CREW_LIST_FIELDS,
  type CrewListField,
  type CrewListModel,
  type CrewListSource,
} from "./crew-list-model";
import { renderCrewListPdf } from "./crew-list-pdf";
import { getFile } from "@/lib/files/storage";
import { agencyBranding, getSetting } from "../settings";

/** `a,b`, `x=a&x=b`, `x[]=a` and JSON arrays alike → a trimmed list; nothing → undefined. */
const commaList = (v: unknown) => {
  if (v === undefined || v === null || v === "") return undefined;
  const items = (Array.isArray(v) ? v : [v])
    .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
    .map((x) => (typeof x === "string" ? x.trim() : x))
    .filter((x) => x !== "");
  return items.length ? items : undefined;
};

const fieldList = CREW_LIST_FIELDS.join(", ");

export const crewListInput = z.object({
  shifts: z
    .preprocess(commaList, z.array(idSchema).max(500, "Choose at most 500 shifts.").optional())
    .describe("Shift ids (comma list or repeated); default every live shift of the job"),
  fields: z
    .preprocess(
      commaList,
      z
        .array(z.string({ error: `Each field must be one of: ${fieldList}.` }))
        .max(20)
        .superRefine((list, ctx) => {
          const unknown = list.filter((f) => !(CREW_LIST_FIELDS as readonly string[]).includes(f));
          if (unknown.length)
            ctx.addIssue({
              code: "custom",
              message: `Unknown field${unknown.length > 1 ? "s" : ""} ${unknown
                .map((f) => `"${f.slice(0, 40)}"`)
                .join(", ")}: choose from ${fieldList}.`,
            });
        })
        .optional(),
    )
    .describe(`Columns (comma list) from: ${fieldList}; default name, phone, skill, status`),
  group_by: z
    .preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.enum(CREW_LIST_GROUPS, { error: 'group_by must be "shift" or "skill".' }).optional(),
    )
    .describe("shift (default) or skill"),
});

/**
 * What goes into the crew list of a job: the header, the chosen shifts and the people holding
 * a position on them. Four queries whatever the size of the crew. Exported so tests can read
 * the rows without parsing a PDF.
 */
export async function crewListModel(
  ctx: Ctx,
  jobId: unknown,
  raw: unknown,
): Promise<CrewListModel> {
  const job = await loadCrewJob(ctx, jobId);
  const input = parseInput(crewListInput, raw ?? {});
  const fields = [...new Set((input.fields ?? DEFAULT_CREW_LIST_FIELDS) as CrewListField[])];

  const live = await ctx.db
    .select({
      id: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
    })
    .from(schema.shifts)
    .where(and(eq(schema.shifts.jobId, job.id), isNull(schema.shifts.deletedAt)))
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id));
  let shifts = live;
  if (input.shifts) {
    const chosen = new Set(input.shifts);
    const known = new Set(live.map((s) => s.id));
    const foreign = [...chosen].filter((id) => !known.has(id));
    if (foreign.length) {
      const message = `Shift ${foreign.slice(0, 5).join(", ")} is not a shift of this job.`;
      throw new ValidationError(message, { shifts: [message] });
    }
    shifts = live.filter((s) => chosen.has(s.id));
  }

  const crew = shifts.length
    ? await ctx.db
        .select({
          shiftId: schema.applications.shiftId,
          name: schema.users.name,
          phone: schema.users.phone,
          email: schema.users.email,
          skill: schema.skills.name,
          skillOrder: schema.skills.order,
          status: schema.applications.status,
          checkInAt: schema.applications.checkInAt,
          checkOutAt: schema.applications.checkOutAt,
          hoursStart: schema.reportedHours.startsAt,
          hoursEnd: schema.reportedHours.endsAt,
        })
        .from(schema.applications)
        .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
        .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
        .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
        .leftJoin(
          schema.reportedHours,
          eq(schema.reportedHours.applicationId, schema.applications.id),
        )
        .where(
          and(
            inArray(
              schema.applications.shiftId,
              shifts.map((s) => s.id),
            ),
            isNull(schema.shiftSlots.deletedAt),
            inArray(schema.applications.status, [...FILLED_STATUSES]),
          ),
        )
    : [];

  const venueAddress = [job.venueAddress, [job.venueZip, job.venueCity].filter(Boolean).join(" ")];
  const jobAddress = [job.address, [job.zip, job.city].filter(Boolean).join(" ")];
  // The job's own address when it has one, otherwise the venue's.
  const address = (jobAddress.some(Boolean) ? jobAddress : venueAddress).filter(Boolean).join(", ");
  const source: CrewListSource = {
    job: {
      name: job.name,
      company: job.companyName,
      venue: job.venueName,
      address: address || null,
      timeZone: job.timeZone,
    },
    shifts,
    crew: crew.map((c) => ({
      shiftId: c.shiftId,
      name: c.name,
      phone: c.phone,
      email: c.email,
      skill: c.skill,
      skillOrder: c.skillOrder,
      status: c.status,
      checkInAt: c.checkInAt,
      checkOutAt: c.checkOutAt,
      hours: c.hoursStart && c.hoursEnd ? { startsAt: c.hoursStart, endsAt: c.hoursEnd } : null,
    })),
    printedAt: ctx.now,
  };
  return buildCrewListModel(source, { fields, groupBy: input.group_by ?? "shift" });
}

/** GET crew-list-pdf/{jobId}: the crew list as an A4 PDF named "<job name> crewlist.pdf". */
export async function crewListPdf(
  ctx: Ctx,
  jobId: unknown,
  raw: unknown,
): Promise<{ buffer: Buffer; filename: string }> {
  const model = await crewListModel(ctx, jobId, raw);
  const [branding, logoKey] = await sideBySide(
    ctx.db,
    () => agencyBranding(ctx.db),
    () => getSetting(ctx.db, "agency_logo_key"),
  );
  const logo = logoKey ? await getFile(logoKey) : null;
  const agency = {
    name: branding.name,
    contact: [branding.phone, branding.email].filter(Boolean).join(" · "),
    logo: logo?.body ?? null,
  };
  return {
    buffer: await renderCrewListPdf(model, agency),
    filename: `${model.title} crewlist.pdf`,
  };
}
