import { and, eq, sql } from "drizzle-orm";
import * as schema from "@/db/schema";
import type { Tx } from "@/db/client";
import { lineMinutes, totalsByCurrency } from "@/lib/domain/salary";
import { fromLocal, toLocal } from "@/lib/domain/time";
import { computeSalaryLines } from "@/lib/services/salary/lines";
import { must, type World } from "./world";

/**
 * A year of history behind the statistics charts (issue 25): for each demo client, one paid job
 * a month from 12 months back to the month before the bookings seed's first job, in its
 * country's currency (DKK, SEK, NOK, EUR, GBP), at its default branch. Each job has one shift
 * with Stagehand and Rigger places filled by the country's workers, their hours approved, an
 * additional cost, and the salary lines the salary run computes for them, paid with a pay slip
 * per worker and month. Deterministic (no dice) and a fixed handful of statements whatever the
 * number of months.
 */

const FIRST_MONTH_BACK = 12;
const COST_CATEGORIES = ["travel", "food", "other"] as const;
const pad = (n: number) => String(n).padStart(2, "0");

export async function seedStatisticsHistory(w: World): Promise<void> {
  const tx = w.tx as Tx;
  const here = toLocal(w.now, "Europe/Copenhagen");
  const monthsBack = (back: number) => {
    const d = new Date(Date.UTC(here.year, here.month - 1 - back, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  };
  // Up to the month before the bookings seed's first job (its months are its own).
  const firstJob = toLocal(
    new Date(Math.min(w.now.getTime(), ...w.jobs.map((j) => j.startsAt.getTime()))),
    "Europe/Copenhagen",
  );
  const LAST_MONTH_BACK = here.year * 12 + here.month - (firstJob.year * 12 + firstJob.month) + 1;
  if (LAST_MONTH_BACK > FIRST_MONTH_BACK) return;
  const stagehand = must(w.skills, "Stagehand", "skill");
  const rigger = must(w.skills, "Rigger", "skill");
  const companies = [...w.companies.values()];

  interface Plan {
    company: (typeof companies)[number];
    name: string;
    start: Date;
    end: Date;
    crew: number[];
    index: number;
  }
  const plans: Plan[] = [];
  companies.forEach((company, ci) => {
    const crewPool = w.workers.filter(
      (x) => x.approved && x.active && x.country === company.country.iso && x.id !== w.staff.worker,
    );
    if (crewPool.length < 2) return;
    for (let back = FIRST_MONTH_BACK; back >= LAST_MONTH_BACK; back--) {
      const { year, month } = monthsBack(back);
      const day = 8 + ci * 3 + (back % 3);
      const startHour = 8 + ((back + ci) % 4);
      const hoursLong = 6 + ((back + ci) % 3);
      const start = fromLocal(
        { year, month, day, hour: startHour, minute: 0 },
        company.country.timeZone,
      );
      const end = new Date(start.getTime() + hoursLong * 3_600_000);
      const size = 2 + ((back + ci) % 3);
      const crew = Array.from(
        { length: size },
        (_, i) => crewPool[(back * 3 + i) % crewPool.length].id,
      );
      plans.push({
        company,
        name: `${company.name} – ${year}-${pad(month)} event`,
        start,
        end,
        crew: [...new Set(crew)],
        index: plans.length,
      });
    }
  });
  if (!plans.length) return;

  const jobs = await tx
    .insert(schema.jobs)
    .values(
      plans.map((p) => ({
        name: p.name,
        status: "Paid" as const,
        companyId: p.company.id,
        countryId: p.company.country.id,
        projectManagerId: w.staff.pm,
        contactOnLocationId: p.company.contactIds[0] ?? null,
        startsAt: p.start,
        endsAt: p.end,
        createdById: w.staff.pm,
        createdAt: new Date(p.start.getTime() - 30 * 86_400_000),
      })),
    )
    .returning({ id: schema.jobs.id });
  await tx
    .insert(schema.jobBranches)
    .values(plans.map((p, i) => ({ jobId: jobs[i].id, branchId: p.company.defaultBranchId })));
  const shifts = await tx
    .insert(schema.shifts)
    .values(
      plans.map((p, i) => ({
        jobId: jobs[i].id,
        startsAt: p.start,
        endsAt: p.end,
        projectManagerId: w.staff.pm,
        createdAt: new Date(p.start.getTime() - 30 * 86_400_000),
      })),
    )
    .returning({ id: schema.shifts.id });
  // One Rigger place, the rest Stagehands.
  const slots = await tx
    .insert(schema.shiftSlots)
    .values(
      plans.flatMap((p, i) => [
        { shiftId: shifts[i].id, skillId: stagehand, positions: p.crew.length - 1 },
        { shiftId: shifts[i].id, skillId: rigger, positions: 1 },
      ]),
    )
    .returning({
      id: schema.shiftSlots.id,
      shiftId: schema.shiftSlots.shiftId,
      skillId: schema.shiftSlots.skillId,
    });
  // Each job's own client rates, copied from its client's card as a new job gets them
  // (copyCardsToJob), in one statement for all the history's jobs.
  await tx.execute(sql`
    insert into client_rates (company_id, branch_id, skill_id, level_id, job_id, currency_code,
                              standard_price, weekend_price, night_price, night_start, night_end,
                              rate_worker, created_at, updated_at)
    select cr.company_id, cr.branch_id, cr.skill_id, null, j.id, cr.currency_code,
           cr.standard_price, cr.weekend_price, cr.night_price, cr.night_start, cr.night_end,
           cr.rate_worker, j.created_at, j.created_at
      from jobs j
      join companies c on c.id = j.company_id
      join client_rates cr on cr.company_id = c.id and cr.branch_id = c.default_branch_id
       and cr.job_id is null and cr.level_id is null and cr.skill_id in (${stagehand}, ${rigger})
     where j.id in (${sql.join(
       jobs.map((j) => sql`${j.id}`),
       sql`, `,
     )})`);
  const slotOf = (shiftId: number, skillId: number) =>
    slots.find((s) => s.shiftId === shiftId && s.skillId === skillId)!.id;

  const places = plans.flatMap((p, i) =>
    p.crew.map((userId, k) => ({
      plan: p,
      shiftId: shifts[i].id,
      slotId: slotOf(shifts[i].id, k === 0 ? rigger : stagehand),
      userId,
    })),
  );
  const apps = await tx
    .insert(schema.applications)
    .values(
      places.map((x) => ({
        shiftSlotId: x.slotId,
        shiftId: x.shiftId,
        assigneeId: x.userId,
        createdById: w.staff.handler,
        bookedById: w.staff.handler,
        status: "Approved" as const,
        bookedAt: new Date(x.plan.start.getTime() - 14 * 86_400_000),
        checkInAt: x.plan.start,
        createdAt: new Date(x.plan.start.getTime() - 14 * 86_400_000),
        // Not the database's now(): a change after the seed's moment reads as one made later
        // (db:check --since after a seed).
        updatedAt: new Date(x.plan.start.getTime() - 14 * 86_400_000),
      })),
    )
    .returning({ id: schema.applications.id });
  await tx.insert(schema.reportedHours).values(
    places.map((x, i) => {
      // Every third worker stayed half an hour longer.
      const end = new Date(x.plan.end.getTime() + (i % 3 === 0 ? 30 * 60_000 : 0));
      return {
        applicationId: apps[i].id,
        shiftSlotId: x.slotId,
        startsAt: x.plan.start,
        endsAt: end,
        createdById: x.userId,
        updatedById: x.userId,
        approvedById: w.staff.pm,
        approvedAt: new Date(end.getTime() + 86_400_000),
        createdAt: new Date(end.getTime() + 3_600_000),
      };
    }),
  );
  await tx.insert(schema.additionalCosts).values(
    plans.map((p, i) => ({
      jobId: jobs[i].id,
      category: COST_CATEGORIES[p.index % COST_CATEGORIES.length],
      description: "Van and parking",
      quantity: 1 + (p.index % 2),
      // 250.00–750.00 in the client's currency.
      unitAmount: 25_000 + (p.index % 5) * 12_500,
      currencyCode: p.company.country.currencyCode,
      createdById: w.staff.pm,
      createdAt: new Date(p.start.getTime() - 7 * 86_400_000),
    })),
  );

  // The salary run of the history (as salary/all computes it), then paid with a slip per month.
  const first = monthsBack(FIRST_MONTH_BACK);
  const last = monthsBack(LAST_MONTH_BACK);
  const periodFrom = `${first.year}-${pad(first.month)}-01`;
  const periodTo = new Date(Date.UTC(last.year, last.month, 0)).toISOString().slice(0, 10);
  await computeSalaryLines(tx, { periodFrom, periodTo, replaceZero: true });
  const lines = await tx
    .select()
    .from(schema.salaryLines)
    .where(
      and(
        eq(schema.salaryLines.status, "draft"),
        sql`${schema.salaryLines.workDate} between ${periodFrom}::date and ${periodTo}::date`,
      ),
    );
  const byWorkerMonth = new Map<string, typeof lines>();
  for (const l of lines) {
    const key = `${l.userId}:${l.workDate.slice(0, 7)}`;
    byWorkerMonth.set(key, [...(byWorkerMonth.get(key) ?? []), l]);
  }
  if (!byWorkerMonth.size) return;
  const slipOf = (ym: string) => {
    const [y, m] = ym.split("-").map(Number);
    const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    return { from: `${ym}-01`, to, paidAt: new Date(`${to}T12:00:00Z`) };
  };
  await tx.insert(schema.paySlips).values(
    [...byWorkerMonth].map(([key, own]) => {
      const s = slipOf(key.split(":")[1]);
      const paidAt = new Date(s.paidAt.getTime() + 5 * 86_400_000);
      return {
        userId: own[0].userId,
        periodFrom: s.from,
        periodTo: s.to,
        totals: totalsByCurrency(own),
        minutesWorked: own.reduce((sum, l) => sum + lineMinutes(l), 0),
        paidAt,
        paidById: w.staff.admin,
        createdAt: paidAt,
      };
    }),
  );
  await tx.execute(sql`
    update salary_lines l set status = 'paid', pay_slip_id = s.id, paid_at = s.paid_at, paid_by_id = s.paid_by_id
      from pay_slips s
     where s.user_id = l.user_id and l.status = 'draft'
       and l.work_date between s.period_from and s.period_to
       and l.work_date between ${periodFrom}::date and ${periodTo}::date`);
}
