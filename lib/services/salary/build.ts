import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { logActivity } from "../activity";
import { requirePermission, withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { lockJobs } from "../applications/locks";
import { missingRatesOf, type MissingRate } from "./approved-hours";
import { computeSalaryLines } from "./lines";
import { jobSalariesInput, salaryPeriodInput } from "./schemas";

/**
 * POST skillsForMissingRates: the skills (with their workers) of the period's approved, unpaid
 * hours that no worker rate prices, for a branch or a country [salary_access]. Reads only.
 */
export async function skillsForMissingRates(
  ctx: Ctx,
  raw: unknown,
): Promise<{ skills: MissingRate[] }> {
  requirePermission(ctx, "salary_access");
  const input = parseInput(salaryPeriodInput, raw ?? {});
  const scope = {
    periodFrom: input.from,
    periodTo: input.to,
    branchId: input.branch_id,
    countryId: input.country_id,
  };
  return { skills: await missingRatesOf(ctx.db, scope) };
}

/** Every shift of a job, whatever its date. */
const ALL_TIME = { periodFrom: "1900-01-01", periodTo: "9999-12-31" };

/**
 * POST jobs/salaries (jobId, replaceZero) [salary_access]: builds the job's salary lines from
 * its approved hours, replacing its draft lines (paid ones stay). Hours without a rate — or with
 * a zero job or custom rate when replaceZero is off or the card has none — refuse it all with
 * 410 type MissingRates naming the skills, and nothing is written. Answers the link to the lines.
 */
export async function buildJobSalaries(
  ctx: Ctx,
  raw: unknown,
): Promise<{ job_id: number; lines: number; workers: number; link: string; message: string }> {
  requirePermission(ctx, "salary_access");
  const input = parseInput(jobSalariesInput, raw ?? {});
  const jobId = input.jobId ?? input.job_id;
  if (!jobId) {
    const message = "The jobId field is required.";
    throw new ValidationError(message, { jobId: [message] });
  }
  return withTx(ctx, async (ctx) => {
    // The job held against a status change (Invoiced) while its lines are written.
    const locked = (await lockJobs(ctx, [jobId], "key share")).get(jobId);
    if (!locked?.live) throw new NotFoundError("Job not found.");
    const [job] = await ctx.db
      .select({ name: schema.jobs.name })
      .from(schema.jobs)
      .where(eq(schema.jobs.id, jobId));
    const result = await computeSalaryLines(ctx.db, {
      ...ALL_TIME,
      jobId,
      replaceZero: input.replaceZero ?? false,
      refuseMissing: true,
    });
    const what = `${result.lines} salary line${result.lines === 1 ? "" : "s"} for ${result.workers} worker${result.workers === 1 ? "" : "s"}`;
    await logActivity(ctx, {
      logName: "salary",
      description: `Built ${what} of ${job.name}`,
      subjectType: "jobs",
      subjectId: jobId,
      properties: {
        lines: result.lines,
        workers: result.workers,
        replaceZero: input.replaceZero ?? false,
      },
    });
    return {
      job_id: jobId,
      lines: result.lines,
      workers: result.workers,
      link: `/salaryreports?job=${jobId}`,
      message: result.lines ? `Built ${what}.` : "No approved hours to pay on this job.",
    };
  });
}
