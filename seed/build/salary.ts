import { and, eq, isNotNull, sql } from "drizzle-orm";
import * as schema from "@/db/schema";
import type { Tx } from "@/db/client";
import { lineMinutes, totalsByCurrency } from "@/lib/domain/salary";
import { computeSalaryLines } from "@/lib/services/salary/lines";
import type { World } from "./world";

const lastDay = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
};

/**
 * Salary (issue 24): of the months before this one that have approved hours, the latest is left
 * ready for a run (no lines yet), and the one before it is run (the same computation as the
 * salary run, zero job or custom rates paid at the card rate) and paid by the administrator,
 * each worker with a final pay slip — the inserts `salary/pay` makes.
 */
export async function seedSalary(w: World): Promise<void> {
  const tx = w.tx as Tx;
  const rh = schema.reportedHours;
  const month = sql<string>`to_char(${schema.shifts.startsAt} at time zone ${schema.countries.timeZone}, 'YYYY-MM')`;
  const thisMonth = w.now.toISOString().slice(0, 7);
  const months = (
    await tx
      .selectDistinct({ month })
      .from(rh)
      .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, rh.shiftSlotId))
      .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
      .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
      .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
      .where(isNotNull(rh.approvedAt))
  )
    .map((r) => r.month)
    .filter((m) => m < thisMonth)
    .sort()
    .reverse();
  const paidMonth = months[1];
  if (!paidMonth) return;
  const periodFrom = `${paidMonth}-01`;
  const periodTo = lastDay(paidMonth);
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
  const paidAt = new Date(`${lastDay(paidMonth)}T12:00:00Z`);
  paidAt.setUTCDate(paidAt.getUTCDate() + 5);
  const paidById = w.staff.admin;
  const users = [...new Set(lines.map((l) => l.userId))];
  if (!users.length) return;
  await tx.insert(schema.paySlips).values(
    users.map((userId) => {
      const own = lines.filter((l) => l.userId === userId);
      return {
        userId,
        periodFrom,
        periodTo,
        totals: totalsByCurrency(own),
        minutesWorked: own.reduce((s, l) => s + lineMinutes(l), 0),
        paidAt,
        paidById,
        createdAt: paidAt,
      };
    }),
  );
  await tx.execute(sql`
    update salary_lines l set status = 'paid', pay_slip_id = s.id, paid_at = ${paidAt}, paid_by_id = ${paidById}
      from pay_slips s
     where s.user_id = l.user_id and s.period_from = ${periodFrom}::date and s.period_to = ${periodTo}::date
       and l.status = 'draft' and l.work_date between ${periodFrom}::date and ${periodTo}::date`);
}
