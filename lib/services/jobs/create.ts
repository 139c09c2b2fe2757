import { inArray } from "drizzle-orm";
import { schema } from "@/db";
import { formatDateTime } from "@/lib/domain/format";
import { queueMail } from "@/lib/mail";
import { can, requirePermission, requireUser, type Ctx, withTx } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { copyCardsToJob } from "../rates/job-copy";
import { createJobInput } from "./schemas";
import { assertCompanyInScope } from "./scope";
import { checkJobReferences, ReferenceCheck } from "./references";
import { pastShiftIndexes, planShifts } from "./shift-input";
import { fetchJobForView, type JobView } from "./view";

export const BOOKER_FORBIDDEN = "Only users who may choose the booker can set it.";

/** POST jobs: the job, its branches, shifts and slots in one transaction (201 with the job). */
export async function createJob(ctx: Ctx, raw: unknown): Promise<JobView> {
  requirePermission(ctx, "job_create");
  const actor = requireUser(ctx);
  const input = parseInput(createJobInput, raw);
  if (input.booker_id && !can(ctx, "can_select_job_booker"))
    throw new ForbiddenError(BOOKER_FORBIDDEN, "booker_forbidden");
  assertCompanyInScope(actor, input.company_id);

  const check = new ReferenceCheck(ctx);
  const { company, country } = await check.companyAndCountry(input);
  const shifts = planShifts(input.shifts, country.timeZone);
  const past = pastShiftIndexes(shifts, ctx.now, country.timeZone);
  if (past.length && !input.is_past) {
    throw new ValidationError(
      "Some shifts start before today. Confirm that this job is in the past to save it.",
      Object.fromEntries(past.map((i) => [`shifts.${i}.startDate`, ["This date is in the past."]])),
      "past_shifts",
    );
  }
  const venue = await checkJobReferences(
    check,
    company.id,
    input,
    shifts.map((s, i) => ({
      pm: { field: `shifts.${i}.pm`, id: s.pm },
      col: { field: `shifts.${i}.col`, id: s.col },
      dresscode: { field: `shifts.${i}.dresscodeID`, id: s.dresscodeID },
      skills: s.slots.map((slot, k) => ({
        field: `shifts.${i}.slots.${k}.skill_id`,
        id: slot.skill_id,
      })),
    })),
  );

  const jobId = await withTx(ctx, async (ctx) => {
    let venueId = venue?.id ?? null;
    if (!venueId && input.venue_name) {
      const [typed] = await ctx.db
        .insert(schema.venues)
        .values({
          name: input.venue_name,
          countryId: input.country_id,
          companyId: company.id,
          address: input.address ?? null,
          city: input.city ?? null,
          zip: input.zip ?? null,
          province: input.province ?? null,
          entrance: input.entrance ?? null,
          status: "private",
          createdById: actor.userId,
        })
        .returning({ id: schema.venues.id });
      venueId = typed.id;
    }
    const [job] = await ctx.db
      .insert(schema.jobs)
      .values({
        name: input.name,
        status: input.status,
        reason: input.reason ?? null,
        companyId: company.id,
        countryId: input.country_id,
        venueId,
        city: input.city ?? venue?.city ?? null,
        address: input.address ?? venue?.address ?? null,
        zip: input.zip ?? venue?.zip ?? null,
        province: input.province ?? venue?.province ?? null,
        entrance: input.entrance ?? venue?.entrance ?? null,
        invoiceReference: input.invoice_reference ?? null,
        details: input.details ?? null,
        contactOnLocationId: input.contact_on_location_id ?? null,
        projectManagerId: input.project_manager_id ?? null,
        bookerId: input.booker_id ?? null,
        dressCodeId: input.dresscode_id ?? null,
        startsAt: shifts[0].startsAt,
        endsAt: new Date(Math.max(...shifts.map((s) => s.endsAt.getTime()))),
        createdById: actor.userId,
        createdAt: ctx.now,
      })
      .returning({ id: schema.jobs.id });
    if (input.book_from_branches?.length) {
      await ctx.db
        .insert(schema.jobBranches)
        .values(
          [...new Set(input.book_from_branches)].map((branchId) => ({ jobId: job.id, branchId })),
        );
    }
    const inserted = await ctx.db
      .insert(schema.shifts)
      .values(
        shifts.map((s) => ({
          jobId: job.id,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          projectManagerId: s.pm ?? null,
          contactOnLocationId: s.col ?? null,
          dressCodeId: s.dresscodeID ?? null,
          dressCodeNotes: s.dresscodeNotes ?? null,
          notesForWorkers: s.workerNotes ?? null,
          description: s.description ?? null,
        })),
      )
      .returning({ id: schema.shifts.id });
    await ctx.db.insert(schema.shiftSlots).values(
      shifts.flatMap((s, i) =>
        s.slots.map((slot) => ({
          shiftId: inserted[i].id,
          skillId: slot.skill_id,
          positions: slot.qty,
        })),
      ),
    );
    // The job keeps the prices it was sold at: later card changes do not reach it.
    await copyCardsToJob(ctx.db, job.id, ctx.now);
    await logActivity(ctx, {
      logName: "jobs",
      description: `Created job ${input.name}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { status: input.status, shifts: shifts.length },
    });
    if (input.sendEmail)
      await mailNewJob(ctx.db, ctx, job.id, input.name, shifts, country.timeZone, [
        input.project_manager_id,
        input.contact_on_location_id,
      ]);
    return job.id;
  });
  return fetchJobForView(ctx, jobId);
}

/** "Send e-mail" on the job form: tells the project manager and the contact on location. */
async function mailNewJob(
  tx: Parameters<typeof queueMail>[0],
  ctx: Ctx,
  jobId: number,
  name: string,
  shifts: { startsAt: Date; endsAt: Date }[],
  timeZone: string,
  recipients: (number | undefined)[],
) {
  const ids = [...new Set(recipients.filter((v): v is number => typeof v === "number"))];
  if (!ids.length) return;
  const people = await tx
    .select({ email: schema.users.email, name: schema.users.name })
    .from(schema.users)
    .where(inArray(schema.users.id, ids));
  const lines = shifts.map(
    (s) => `  • ${formatDateTime(s.startsAt, timeZone)} – ${formatDateTime(s.endsAt, timeZone)}`,
  );
  for (const p of people) {
    await queueMail(
      tx,
      {
        to: p.email,
        template: "job_created",
        subject: `New job: ${name}`,
        text: [
          `Hi ${p.name},`,
          "",
          `The job "${name}" (#${jobId}) has been created with these shifts:`,
          ...lines,
          "",
          "You can find it in Crewdeck under Jobs.",
        ].join("\n"),
      },
      ctx.now,
    );
  }
}
