import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { matchesPlan } from "@/lib/domain/hours-plan";
import { requirePermission, requireUser, type Ctx } from "../context";
import { AppError } from "../errors";
import { parseInput } from "../validate";
import { approveApplication } from "./approve";
import { approvalsWhere } from "./filters";
import { approvalsListInput } from "./schemas";

/** How many reports one "Approve all that match the plan" looks at. */
export const APPROVE_MATCHING_LIMIT = 500;

/**
 * The approvals filters (job, company, shift dates); the tab is always "awaiting". Unlike the
 * list, which leaves an unknown filter out, this approves: a misspelt filter must be a 422,
 * not a wider set of approvals.
 */
export const approveMatchingInput = z
  .object({
    filter: approvalsListInput.shape.filter
      .unwrap()
      .unwrap()
      .strict()
      .optional()
      .default({ status: "awaiting" }),
  })
  .strict();

export interface ApproveMatchingResult {
  approved: number[];
  /** Reports further than 15 minutes from the plan: left for a look. */
  left: number;
  failed: { id: number; message: string }[];
  message: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * POST approvals/approve-matching: approves every awaiting report in the viewer's scope (and
 * the list's filters) whose start and end are each within 15 minutes of the plan, and leaves
 * the others for a look. Each row is approved in its own transaction through the single
 * approve verb, which re-checks the viewer's right to approve that job and the row's state.
 */
export async function approveMatching(ctx: Ctx, raw: unknown): Promise<ApproveMatchingResult> {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  const { filter } = parseInput(approveMatchingInput, raw);
  const where = approvalsWhere(ctx, actor, { ...filter, status: "awaiting" });
  const rows = await ctx.db
    .select({
      id: schema.applications.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      hoursStart: schema.reportedHours.startsAt,
      hoursEnd: schema.reportedHours.endsAt,
    })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .innerJoin(schema.reportedHours, eq(schema.reportedHours.applicationId, schema.applications.id))
    .where(where)
    .orderBy(asc(schema.shifts.startsAt), asc(schema.applications.id))
    .limit(APPROVE_MATCHING_LIMIT);

  const matching = rows.filter((r) =>
    matchesPlan({ start: r.startsAt, end: r.endsAt }, { start: r.hoursStart, end: r.hoursEnd }),
  );
  const out: ApproveMatchingResult = {
    approved: [],
    left: rows.length - matching.length,
    failed: [],
    message: "",
  };
  // One transaction per row: a row refused (taken back meanwhile, not this viewer's to
  // approve) does not undo the others.
  for (const r of matching) {
    try {
      await approveApplication(ctx, r.id);
      out.approved.push(r.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.failed.push({ id: r.id, message: err.message });
    }
  }
  const parts = [
    `Approved ${plural(out.approved.length, "report", "reports")} that match the plan`,
  ];
  if (out.left)
    parts.push(
      out.left === 1
        ? "1 report differs and waits for a look"
        : `${out.left} reports differ and wait for a look`,
    );
  if (out.failed.length) parts.push(`${out.failed.length} could not be approved`);
  out.message = `${parts.join("; ")}.`;
  return out;
}
