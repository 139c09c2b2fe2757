import { and, asc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { quoteNumber } from "@/lib/domain/quotes";
import { shiftInstants } from "@/lib/domain/time";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { ConflictError } from "../errors";
import { clientRatesFor } from "../rates/lookup";
import { copyCardsToJob } from "../rates/job-copy";
import { parseInput } from "../validate";
import { loadQuote, QUOTE_MESSAGES, requireQuoteOffice } from "./access";
import { getQuote, type QuoteView } from "./view";
import { quoteIdInput } from "./schemas";

/**
 * POST job-quotes/convert (quoteId): an Accepted quote becomes a Draft job, once (409 the
 * second time). The job gets the quote's name, client, venue or address, its branch as the
 * job's branch (the pricing branch unless the company has a live default branch — the job's
 * own rate rows price it either way), one shift per distinct date + start + end of the lines
 * (in the branch's zone; overnight ends the next day) with one slot per skill (positions
 * added up), and the quote's prices as the job's client rates (the night window and the
 * assumed worker pay come from the card as it is now). Skills the quote had no price for, and
 * every worker rate, are copied from the cards as for any new job (rates/job-copy.ts).
 */
export async function convertQuote(
  ctx: Ctx,
  raw: unknown,
): Promise<QuoteView & { job_id: number }> {
  const actor = requireQuoteOffice(ctx);
  const input = parseInput(quoteIdInput, raw ?? {});
  const jobId = await withTx(ctx, async (ctx) => {
    const q = await loadQuote(ctx, { companyId: null }, input.quoteId, { lock: true });
    if (q.jobId !== null || q.convertedAt)
      throw new ConflictError(QUOTE_MESSAGES.converted, "quote_converted");
    if (q.status !== "Accepted")
      throw new ConflictError(QUOTE_MESSAGES.notAccepted, "quote_not_accepted");
    const [branch] = await ctx.db
      .select({ countryId: schema.branches.countryId, timeZone: schema.countries.timeZone })
      .from(schema.branches)
      .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
      .where(eq(schema.branches.id, q.branchId));
    const lines = await ctx.db
      .select()
      .from(schema.quoteLines)
      .where(eq(schema.quoteLines.quoteId, q.id))
      .orderBy(
        asc(schema.quoteLines.workDate),
        asc(schema.quoteLines.startTime),
        asc(schema.quoteLines.position),
      );
    const venue = q.venueId
      ? (
          await ctx.db
            .select()
            .from(schema.venues)
            .where(and(eq(schema.venues.id, q.venueId), isNull(schema.venues.deletedAt)))
        )[0]
      : undefined;

    // One shift per distinct date + times; one slot per skill with the positions added up.
    const shifts = new Map<string, { start: Date; end: Date; slots: Map<number, number> }>();
    for (const l of lines) {
      const key = `${l.workDate} ${l.startTime} ${l.endTime}`;
      let s = shifts.get(key);
      if (!s) {
        const [y, m, d] = l.workDate.split("-").map(Number);
        const [sh, sm] = l.startTime.split(":").map(Number);
        const [eh, em] = l.endTime.split(":").map(Number);
        const t = shiftInstants(
          { year: y, month: m, day: d },
          { hour: sh, minute: sm },
          { hour: eh, minute: em },
          branch.timeZone,
        );
        s = { ...t, slots: new Map() };
        shifts.set(key, s);
      }
      s.slots.set(l.skillId, (s.slots.get(l.skillId) ?? 0) + l.positions);
    }
    const all = [...shifts.values()];
    const [job] = await ctx.db
      .insert(schema.jobs)
      .values({
        name: q.name,
        status: "Draft",
        companyId: q.companyId,
        countryId: branch.countryId,
        venueId: venue?.id ?? null,
        address: q.address ?? venue?.address ?? null,
        city: q.address ? null : (venue?.city ?? null),
        zip: q.address ? null : (venue?.zip ?? null),
        startsAt: all.length ? new Date(Math.min(...all.map((s) => s.start.getTime()))) : null,
        endsAt: all.length ? new Date(Math.max(...all.map((s) => s.end.getTime()))) : null,
        createdById: actor.userId,
        createdAt: ctx.now,
      })
      .returning({ id: schema.jobs.id, name: schema.jobs.name });
    await ctx.db.insert(schema.jobBranches).values({ jobId: job.id, branchId: q.branchId });
    if (all.length) {
      const inserted = await ctx.db
        .insert(schema.shifts)
        .values(all.map((s) => ({ jobId: job.id, startsAt: s.start, endsAt: s.end })))
        .returning({ id: schema.shifts.id });
      await ctx.db.insert(schema.shiftSlots).values(
        all.flatMap((s, i) =>
          [...s.slots].map(([skillId, positions]) => ({
            shiftId: inserted[i].id,
            skillId,
            positions,
          })),
        ),
      );
    }

    // The quote's prices become the job's client rates (one row per priced skill).
    const priced = new Map<number, (typeof lines)[number]>();
    for (const l of lines)
      if (l.standardPrice !== null && !priced.has(l.skillId)) priced.set(l.skillId, l);
    if (priced.size) {
      const card = await clientRatesFor(ctx.db, {
        companyId: q.companyId,
        branchId: q.branchId,
        skillIds: [...priced.keys()],
      });
      await ctx.db.insert(schema.clientRates).values(
        [...priced.values()].map((l) => ({
          companyId: q.companyId,
          branchId: q.branchId,
          skillId: l.skillId,
          jobId: job.id,
          currencyCode: q.currencyCode,
          standardPrice: l.standardPrice!,
          weekendPrice: l.weekendPrice,
          nightPrice: l.nightPrice,
          nightStart: card.get(l.skillId)?.nightStart ?? null,
          nightEnd: card.get(l.skillId)?.nightEnd ?? null,
          rateWorker: card.get(l.skillId)?.rateWorker ?? null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })),
      );
    }
    await copyCardsToJob(ctx.db, job.id, ctx.now);

    await ctx.db
      .update(schema.quotes)
      .set({ jobId: job.id, convertedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(schema.quotes.id, q.id));
    const number = quoteNumber(q);
    await logActivity(ctx, {
      logName: "quotes",
      description: `converted quote ${number} for ${q.companyName} to the draft job ${job.name}`,
      subjectType: "quotes",
      subjectId: q.id,
      properties: { number, job_id: job.id },
    });
    await logActivity(ctx, {
      logName: "jobs",
      description: `Created job ${job.name} from quote ${number}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: { status: "Draft", shifts: all.length, quote_id: q.id },
    });
    return job.id;
  });
  return { ...(await getQuote(ctx, input.quoteId)), job_id: jobId };
}
