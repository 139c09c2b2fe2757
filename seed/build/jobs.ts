import * as schema from "@/db/schema";
import { toLocal } from "@/lib/domain/time";
import { COMPANIES } from "../data/clients";
import { JOBS } from "../data/jobs";
import { between, days, hours, must, plannedInstants, type JobRow, type World } from "./world";

/** Jobs with their branches, shifts and skill slots, all dated from `now`. */
export async function seedJobs(w: World): Promise<void> {
  const { tx, rng, now } = w;
  const names = new Set(JOBS.map((j) => j.name));
  if (names.size !== JOBS.length) throw new Error("Demo seed: job names must be unique");

  const planned = JOBS.map((plan, index) => {
    const company = must(w.companies, plan.company, "company");
    const companyPlan = COMPANIES.find((c) => c.key === plan.company)!;
    const venue = must(w.venues, plan.venue, "venue");
    if (
      venue.status === "declined" ||
      (venue.company !== null && venue.company !== plan.company && venue.status !== "public")
    ) {
      throw new Error(`Demo seed: ${plan.name} cannot use venue ${venue.name}`);
    }
    const tz = company.country.timeZone;
    const shifts = plan.shifts.map((s) => ({
      plan: s,
      ...plannedInstants(now, tz, plan.day + s.day, s.start, s.end),
    }));
    const startsAt = new Date(Math.min(...shifts.map((s) => s.start.getTime())));
    const endsAt = new Date(Math.max(...shifts.map((s) => s.end.getTime())));
    const createdAt =
      startsAt.getTime() > now.getTime() + days(1)
        ? between(
            rng,
            now.getTime() - days(plan.status === "Draft" ? 3 : 24),
            now.getTime() - days(plan.status === "Draft" ? 1 : 4),
          )
        : between(rng, startsAt.getTime() - days(35), startsAt.getTime() - days(12));
    const ukTeam = company.country.iso === "GB" || company.country.iso === "DE";
    const pm = w.staff.pm;
    const row: typeof schema.jobs.$inferInsert = {
      name: plan.name,
      status: plan.status,
      reason: plan.reason ?? null,
      companyId: company.id,
      countryId: company.country.id,
      venueId: venue.id,
      city: venue.city,
      address: venue.address,
      zip: venue.zip,
      province: venue.province ?? null,
      entrance: venue.entrance ?? null,
      invoiceReference: `${companyPlan.poPrefix}-${toLocal(startsAt, tz).year}-${String(101 + index)}`,
      details: plan.details,
      contactOnLocationId: company.contactIds[0],
      projectManagerId: pm,
      bookerId: plan.withBooker ? (ukTeam ? w.staff.handlerUk : w.staff.handler) : null,
      dressCodeId: must(w.dressCodes, plan.dressCode, "dress code"),
      startsAt,
      endsAt,
      createdById: plan.createdBy === "col" ? w.staff.col : pm,
      createdAt,
      updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + hours(rng.int(1, 72)))),
    };
    return { plan, company, shifts, row };
  });

  const jobRows = await tx
    .insert(schema.jobs)
    .values(planned.map((p) => p.row))
    .returning({ id: schema.jobs.id, name: schema.jobs.name });
  const jobId = new Map(jobRows.map((j) => [j.name, j.id]));

  await tx.insert(schema.jobBranches).values(
    planned.flatMap((p) =>
      p.plan.branches.map((b) => ({
        jobId: jobId.get(p.plan.name)!,
        branchId: must(w.branches, b, "branch").id,
      })),
    ),
  );

  const shiftRows = await tx
    .insert(schema.shifts)
    .values(
      planned.flatMap((p) =>
        p.shifts.map((s) => ({
          jobId: jobId.get(p.plan.name)!,
          startsAt: s.start,
          endsAt: s.end,
          projectManagerId: p.row.projectManagerId,
          contactOnLocationId: p.row.contactOnLocationId,
          dressCodeId: p.row.dressCodeId,
          dressCodeNotes: s.plan.dressCodeNotes ?? null,
          notesForWorkers: s.plan.notesForWorkers ?? null,
          description: s.plan.description ?? null,
          createdAt: p.row.createdAt,
        })),
      ),
    )
    .returning({
      id: schema.shifts.id,
      jobId: schema.shifts.jobId,
      startsAt: schema.shifts.startsAt,
    });
  const shiftId = new Map(shiftRows.map((s) => [`${s.jobId}:${s.startsAt.getTime()}`, s.id]));

  const slotRows = await tx
    .insert(schema.shiftSlots)
    .values(
      planned.flatMap((p) =>
        p.shifts.flatMap((s) => {
          const id = shiftId.get(`${jobId.get(p.plan.name)}:${s.start.getTime()}`)!;
          const skills = new Set(s.plan.slots.map(([skill]) => skill));
          if (skills.size !== s.plan.slots.length)
            throw new Error(`Demo seed: ${p.plan.name} repeats a skill in one shift`);
          return s.plan.slots.map(([skill, positions]) => ({
            shiftId: id,
            skillId: must(w.skills, skill, "skill"),
            positions,
            createdAt: p.row.createdAt,
          }));
        }),
      ),
    )
    .returning({
      id: schema.shiftSlots.id,
      shiftId: schema.shiftSlots.shiftId,
      skillId: schema.shiftSlots.skillId,
      positions: schema.shiftSlots.positions,
    });

  w.jobs = planned.map((p): JobRow => {
    const id = jobId.get(p.plan.name)!;
    return {
      id,
      plan: p.plan,
      status: p.plan.status,
      companyId: p.company.id,
      country: p.company.country,
      branchIds: p.plan.branches.map((b) => must(w.branches, b, "branch").id),
      createdAt: p.row.createdAt!,
      startsAt: p.row.startsAt!,
      endsAt: p.row.endsAt!,
      shifts: p.shifts.map((s) => {
        const sid = shiftId.get(`${id}:${s.start.getTime()}`)!;
        return {
          id: sid,
          jobId: id,
          startsAt: s.start,
          endsAt: s.end,
          slots: slotRows.filter((r) => r.shiftId === sid),
        };
      }),
    };
  });
}
