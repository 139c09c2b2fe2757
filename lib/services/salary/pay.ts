import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { schema } from "@/db";
import { formatMoney } from "@/lib/domain/money";
import { lineMinutes, periodLabel, totalsByCurrency } from "@/lib/domain/salary";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { payInput } from "./schemas";

const sl = schema.salaryLines;

export interface PaySlipView {
  id: number;
  user_id: number;
  period_from: string;
  period_to: string;
  period: string;
  totals: { currency_code: string; amount: number; minutes: number }[];
  minutes: number;
  paid_at: string | null;
}

/**
 * POST salary/pay [salary_access]: marks a worker's draft lines of the period (user_id), or the
 * lines chosen (line_ids, each within the period), paid; each worker's pay slip of the period is
 * created or brought up to date with its totals per currency over all its paid lines, and is
 * final (paid_at) once none of the worker's lines in the period is left a draft. Lines
 * already paid are left as they are (calling again pays nothing twice and writes nothing). The
 * lines are locked first (FOR UPDATE), the same rows a change of their hours locks, so hours
 * corrected meanwhile lose their draft line and are not paid with old figures. Logged per worker.
 */
export async function paySalary(
  ctx: Ctx,
  raw: unknown,
): Promise<{ paid: number; already_paid: number; slips: PaySlipView[]; message: string }> {
  requirePermission(ctx, "salary_access");
  const actor = requireUser(ctx);
  const input = parseInput(payInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const lines = await ctx.db
      .select({
        id: sl.id,
        userId: sl.userId,
        workDate: sl.workDate,
        status: sl.status,
        paySlipId: sl.paySlipId,
      })
      .from(sl)
      .where(
        input.line_ids
          ? inArray(sl.id, input.line_ids)
          : and(
              eq(sl.userId, input.user_id!),
              gte(sl.workDate, input.from),
              lte(sl.workDate, input.to),
            ),
      )
      .orderBy(asc(sl.id))
      .for("update");
    if (input.line_ids) {
      const found = new Set(lines.map((l) => l.id));
      const unknown = input.line_ids.filter((id) => !found.has(id));
      if (unknown.length) throw new NotFoundError(`Salary line ${unknown[0]} not found.`);
      const outside = lines.find((l) => l.workDate < input.from || l.workDate > input.to);
      if (outside) {
        const message = `Line ${outside.id} (${outside.workDate}) is outside the period ${periodLabel(input.from, input.to)}.`;
        throw new ValidationError(message, { line_ids: [message] });
      }
      if (input.user_id && lines.some((l) => l.userId !== input.user_id)) {
        const message = "Some lines belong to another worker.";
        throw new ValidationError(message, { line_ids: [message] });
      }
    } else if (!lines.length) {
      const message = `There are no salary lines of this worker in ${periodLabel(input.from, input.to)}. Run the salary first.`;
      throw new ValidationError(message, { user_id: [message] });
    }

    const drafts = lines.filter((l) => l.status === "draft");
    const users = [...new Set(drafts.map((l) => l.userId))];
    const slips: PaySlipView[] = [];
    const period = periodLabel(input.from, input.to);
    for (const userId of users) {
      const [slip] = await ctx.db
        .insert(schema.paySlips)
        .values({
          userId,
          periodFrom: input.from,
          periodTo: input.to,
          paidAt: ctx.now,
          paidById: actor.userId,
          createdAt: ctx.now,
        })
        .onConflictDoUpdate({
          target: [schema.paySlips.userId, schema.paySlips.periodFrom, schema.paySlips.periodTo],
          set: { paidAt: ctx.now, paidById: actor.userId },
        })
        .returning({ id: schema.paySlips.id });
      const ids = drafts.filter((l) => l.userId === userId).map((l) => l.id);
      await ctx.db
        .update(sl)
        .set({ status: "paid", paySlipId: slip.id, paidAt: ctx.now, paidById: actor.userId })
        .where(and(inArray(sl.id, ids), eq(sl.status, "draft")));
      const paidLines = await ctx.db
        .select({
          currencyCode: sl.currencyCode,
          amount: sl.amount,
          standardMinutes: sl.standardMinutes,
          weekendMinutes: sl.weekendMinutes,
          nightMinutes: sl.nightMinutes,
        })
        .from(sl)
        .where(and(eq(sl.paySlipId, slip.id), eq(sl.status, "paid")));
      const totals = totalsByCurrency(paidLines);
      const minutes = paidLines.reduce((s, l) => s + lineMinutes(l), 0);
      // The slip is final (paid_at) once no line of the worker's period is left open.
      const [open] = await ctx.db
        .select({ id: sl.id })
        .from(sl)
        .where(
          and(
            eq(sl.userId, userId),
            eq(sl.status, "draft"),
            gte(sl.workDate, input.from),
            lte(sl.workDate, input.to),
          ),
        )
        .limit(1);
      const [row] = await ctx.db
        .update(schema.paySlips)
        .set({
          totals,
          minutesWorked: minutes,
          paidAt: open ? null : ctx.now,
          paidById: open ? null : actor.userId,
        })
        .where(eq(schema.paySlips.id, slip.id))
        .returning();
      const [worker] = await ctx.db
        .select({ name: schema.users.name })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      const amounts = totals.map((t) => formatMoney(t.amount, t.currency_code)).join(", ");
      await logActivity(ctx, {
        logName: "salary",
        description: `Paid ${ids.length} salary line${ids.length === 1 ? "" : "s"} of ${worker.name} for ${period} (pay slip now ${amounts})`,
        subjectType: "users",
        subjectId: userId,
        properties: { paySlipId: slip.id, lineIds: ids, from: input.from, to: input.to, totals },
      });
      slips.push(slipView(row));
    }
    const already = lines.length - drafts.length;
    return {
      paid: drafts.length,
      already_paid: already,
      slips,
      message: drafts.length
        ? `Marked ${drafts.length} line${drafts.length === 1 ? "" : "s"} paid for ${period}.`
        : `These lines are already paid.`,
    };
  });
}

export function slipView(s: typeof schema.paySlips.$inferSelect): PaySlipView {
  return {
    id: s.id,
    user_id: s.userId,
    period_from: s.periodFrom,
    period_to: s.periodTo,
    period: periodLabel(s.periodFrom, s.periodTo),
    totals: s.totals as PaySlipView["totals"],
    minutes: s.minutesWorked,
    paid_at: s.paidAt?.toISOString() ?? null,
  };
}
