import { count, countDistinct, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { usageOf, type Usage } from "../master-data";

/**
 * Where branches are used: jobs book from them (book_from_branches), users work from or
 * prefer them, companies have one as their default, client and worker rates and rate presets
 * price work there. Archived jobs and users count too.
 */
export async function branchUsage(db: DbOrTx, ids: number[]): Promise<Map<number, Usage>> {
  if (ids.length === 0) return new Map();
  const jobs = await db
    .select({ id: schema.jobBranches.branchId, n: countDistinct(schema.jobBranches.jobId) })
    .from(schema.jobBranches)
    .where(inArray(schema.jobBranches.branchId, ids))
    .groupBy(schema.jobBranches.branchId);
  const links = db
    .select({ branchId: schema.userBranches.branchId, userId: schema.userBranches.userId })
    .from(schema.userBranches)
    .where(inArray(schema.userBranches.branchId, ids))
    .union(
      db
        .select({
          branchId: schema.userPreferredBranches.branchId,
          userId: schema.userPreferredBranches.userId,
        })
        .from(schema.userPreferredBranches)
        .where(inArray(schema.userPreferredBranches.branchId, ids)),
    )
    .as("links");
  const users = await db
    .select({ id: links.branchId, n: countDistinct(links.userId) })
    .from(links)
    .groupBy(links.branchId);
  const companies = await db
    .select({ id: schema.companies.defaultBranchId, n: count() })
    .from(schema.companies)
    .where(inArray(schema.companies.defaultBranchId, ids))
    .groupBy(schema.companies.defaultBranchId);
  const rates = await db
    .select({ id: sql<number>`rates.branch_id`, n: count() })
    .from(
      db
        .select({ branchId: schema.clientRates.branchId })
        .from(schema.clientRates)
        .where(inArray(schema.clientRates.branchId, ids))
        .unionAll(
          db
            .select({ branchId: sql<number>`${schema.workerRates.branchId}` })
            .from(schema.workerRates)
            .where(inArray(schema.workerRates.branchId, ids)),
        )
        .unionAll(
          db
            .select({ branchId: sql<number>`${schema.ratePresets.branchId}` })
            .from(schema.ratePresets)
            .where(inArray(schema.ratePresets.branchId, ids)),
        )
        .as("rates"),
    )
    .groupBy(sql`rates.branch_id`);
  const byId = (rows: { id: number | null; n: number }[]) =>
    new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  const [j, u, co, r] = [byId(jobs), byId(users), byId(companies), byId(rates)];
  return new Map(
    ids.map((id) => [
      id,
      usageOf([
        [j.get(id) ?? 0, "job"],
        [u.get(id) ?? 0, "user"],
        [co.get(id) ?? 0, "company", "companies"],
        [r.get(id) ?? 0, "rate"],
      ]),
    ]),
  );
}
