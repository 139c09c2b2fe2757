import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { createBranch, deleteBranch } from "../branches";
import { updateJob } from "./edit";
import {
  ctxOf,
  formOf,
  handle,
  makeJob,
  payloadOf,
  setUpEditDatabase,
  w,
} from "./edit.test-support";

setUpEditDatabase();

/**
 * A job keeps what left the pickers after it was made (never a broken job): a branch archived
 * on delete and a country switched to not operational stay on it through an edit, while a
 * new job or a newly chosen branch cannot pick them.
 */
describe("editing a job whose branch was archived and country switched off", () => {
  it("saves the job unchanged and keeps both, but refuses choosing them anew", async () => {
    const admin = await ctxOf(w.admin);
    const kept = await createBranch(admin, { name: "Kept branch", country_id: w.countryId });
    const other = await createBranch(admin, { name: "Other branch", country_id: w.countryId });
    const job = await makeJob(undefined, { book_from_branches: [kept.id] });
    await handle.db.insert(schema.jobBranches).values({ jobId: job.id, branchId: other.id });
    await handle.db
      .update(schema.companies)
      .set({ defaultBranchId: other.id })
      .where(eq(schema.companies.id, w.companyB));
    expect((await deleteBranch(admin, kept.id)).archived).toBe(true);
    expect((await deleteBranch(admin, other.id)).archived).toBe(true);
    await handle.db
      .update(schema.countries)
      .set({ operational: false })
      .where(eq(schema.countries.id, w.countryId));
    try {
      const form = await formOf(job.id);
      expect(form.book_from_branches.sort()).toEqual([kept.id, other.id].sort());
      // Named for the form, which no longer finds them among the live branches.
      expect(form.archived_branches).toEqual([
        { id: kept.id, name: "Kept branch", country_id: w.countryId },
        { id: other.id, name: "Other branch", country_id: w.countryId },
      ]);
      const pm = await ctxOf(w.pm);
      const saved = await updateJob(pm, job.id, payloadOf(form, { name: "Edited" }));
      expect(saved.id).toBe(job.id);
      const links = await handle.db
        .select({ id: schema.jobBranches.branchId })
        .from(schema.jobBranches)
        .where(eq(schema.jobBranches.jobId, job.id));
      expect(links.map((l) => l.id).sort()).toEqual([kept.id, other.id].sort());

      // A job that did not book from the archived branch cannot add it now.
      const fresh = await makeJob().catch((e: unknown) => e);
      expect(fresh).toMatchObject({
        status: 422,
        errors: { country_id: ["The selected country is not operational."] },
      });
      const plain = payloadOf(await formOf(job.id), { book_from_branches: [kept.id] });
      await handle.db.delete(schema.jobBranches).where(eq(schema.jobBranches.branchId, kept.id));
      const err = await appErrorOf(updateJob(pm, job.id, plain));
      expect(err.status).toBe(422);
      expect(err.errors?.book_from_branches).toEqual([`Unknown branch ${kept.id}.`]);
    } finally {
      await handle.db
        .update(schema.countries)
        .set({ operational: true })
        .where(eq(schema.countries.id, w.countryId));
    }
  });
});
