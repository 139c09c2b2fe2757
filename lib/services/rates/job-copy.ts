import { and, eq, inArray, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { jobPricing } from "./job-pricing";
import { clientRatesFor } from "./lookup";

/**
 * Copies the cards onto a job (issue 13 "On the job"): the job's own rate rows (the same
 * tables, job_id set) are what its rate tabs show and edit, so a later change to a card does
 * not reprice a job that is already sold. Runs inside the caller's transaction when a job is
 * created and when an edit adds a slot whose skill the job has no rows for.
 *
 * For each skill of the job's live slots that has no job row yet (client and worker side
 * decided separately):
 * - client: the rate `clientRatesFor` picks now at the job's pricing branch (the skill's card
 *   row, else its parent's), written as a row for the slot's skill;
 * - worker: every card row for the skill at the pricing branch without a user (all levels).
 * A skill with no card gets no row: the lookups then find nothing, which is what the booking
 * check reports. A job without a pricing branch gets nothing. A fixed number of queries.
 */
export async function copyCardsToJob(
  db: DbOrTx,
  jobId: number,
  now: Date,
): Promise<{ client: number; worker: number }> {
  const none = { client: 0, worker: 0 };
  const pricing = await jobPricing(db, jobId);
  if (!pricing?.branchId) return none;
  const branchId = pricing.branchId;
  const slotSkills = await db
    .selectDistinct({ skillId: schema.shiftSlots.skillId })
    .from(schema.shiftSlots)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .where(
      and(
        eq(schema.shifts.jobId, jobId),
        isNull(schema.shifts.deletedAt),
        isNull(schema.shiftSlots.deletedAt),
      ),
    );
  const skillIds = slotSkills.map((s) => s.skillId);
  if (!skillIds.length) return none;

  const cr = schema.clientRates;
  const wr = schema.workerRates;
  const haveClient = await db
    .selectDistinct({ skillId: cr.skillId })
    .from(cr)
    .where(and(eq(cr.jobId, jobId), inArray(cr.skillId, skillIds)));
  const haveWorker = await db
    .selectDistinct({ skillId: wr.skillId })
    .from(wr)
    .where(and(eq(wr.jobId, jobId), isNull(wr.userId), inArray(wr.skillId, skillIds)));
  const clientMissing = skillIds.filter((id) => !haveClient.some((r) => r.skillId === id));
  const workerMissing = skillIds.filter((id) => !haveWorker.some((r) => r.skillId === id));

  let client = 0;
  if (clientMissing.length) {
    const rates = await clientRatesFor(db, {
      companyId: pricing.companyId,
      branchId,
      skillIds: clientMissing,
    });
    const rows: (typeof cr.$inferInsert)[] = [...rates].map(([skillId, r]) => ({
      companyId: pricing.companyId,
      branchId,
      skillId,
      levelId: null,
      jobId,
      currencyCode: r.currencyCode,
      standardPrice: r.standard,
      weekendPrice: r.weekend,
      nightPrice: r.night,
      nightStart: r.nightStart,
      nightEnd: r.nightEnd,
      rateWorker: r.rateWorker,
      createdAt: now,
      updatedAt: now,
    }));
    if (rows.length) await db.insert(cr).values(rows);
    client = rows.length;
  }

  let worker = 0;
  if (workerMissing.length) {
    const cards = await db
      .select()
      .from(wr)
      .where(
        and(
          isNull(wr.jobId),
          isNull(wr.userId),
          eq(wr.branchId, branchId),
          inArray(wr.skillId, workerMissing),
        ),
      );
    const rows: (typeof wr.$inferInsert)[] = cards.map((r) => ({
      skillId: r.skillId,
      levelId: r.levelId,
      branchId: r.branchId,
      countryId: r.countryId,
      userId: null,
      jobId,
      currencyCode: r.currencyCode.trim(),
      amount: r.amount,
      weekendAmount: r.weekendAmount,
      nightAmount: r.nightAmount,
      nightStart: r.nightStart,
      nightEnd: r.nightEnd,
      createdAt: now,
      updatedAt: now,
    }));
    if (rows.length) await db.insert(wr).values(rows);
    worker = rows.length;
  }
  return { client, worker };
}
