import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { DETAILS_MAX, NAME_MAX, NOTE_MAX, SHIFT_TEXT_LIMITS } from "@/lib/domain/text-limits";
import { rowCounts } from "@/lib/testing/row-counts";
import * as jobsRoute from "@/app/api/v2/jobs/route";
import * as jobRoute from "@/app/api/v2/jobs/[id]/route";
import * as notesRoute from "@/app/api/v2/notes/route";
import * as companiesRoute from "@/app/api/v2/companies/route";
import * as companyRoute from "@/app/api/v2/companies/[id]/route";
import * as venuesRoute from "@/app/api/v2/venues/route";
import {
  api,
  db,
  editPayload,
  errorOf,
  jobPayload,
  postJob,
  setUpJobsContractDatabase,
  shift,
  w,
} from "./jobs-contract.test-support";

/*
 * Every text field has a limit (lib/domain/text-limits.ts). Past it the REST call answers 422
 * with the field's error naming the limit, and nothing is written: no row, no activity-log
 * line, the stored text unchanged. A body under the 1 MB JSON limit but far past a field's
 * limit (the 1.2 MB paste of issue 23, cut to fit the JSON limit here) is such a 422 too.
 */

setUpJobsContractDatabase();

/** Tables a call may touch without changing data (the token's last use, sign-in traces). */
const SESSION_TABLES = new Set(["api_tokens", "user_sessions", "auth_attempts"]);
const counts = () => rowCounts(db, SESSION_TABLES);

const over = (max: number) => "x".repeat(max + 1);

async function expect422(
  res: { status: number; body: unknown; contentType: string },
  field: string,
  message: string,
) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(422);
  const body = errorOf(res);
  expect(body.type).toBe("validation_error");
  expect(body.errors?.[field]).toEqual([message]);
}

describe("job texts past their limits", () => {
  it("POST jobs: details past 20,000 characters is a 422 on details; nothing is written", async () => {
    const before = await counts();
    for (const details of [over(DETAILS_MAX), "y".repeat(900_000)]) {
      const res = await api(jobsRoute.POST, "jobs", {
        method: "POST",
        as: "pm",
        json: jobPayload({ details }),
      });
      await expect422(res, "details", "may be at most 20,000 characters");
    }
    expect(await counts()).toEqual(before);
  });

  it("POST jobs: the job's name and a shift's notes for workers name their limits", async () => {
    const before = await counts();
    const name = await api(jobsRoute.POST, "jobs", {
      method: "POST",
      as: "pm",
      json: jobPayload({ name: over(NAME_MAX) }),
    });
    await expect422(name, "name", "The name may be at most 200 characters.");
    const notes = await api(jobsRoute.POST, "jobs", {
      method: "POST",
      as: "pm",
      json: jobPayload({
        shifts: [shift({ workerNotes: over(SHIFT_TEXT_LIMITS.notesForWorkers) })],
      }),
    });
    expect(notes.status).toBe(422);
    expect(errorOf(notes).errors?.["shifts.0.workerNotes"]).toEqual([
      "may be at most 5,000 characters",
    ]);
    expect(await counts()).toEqual(before);
  });

  it("POST jobs: details of exactly 20,000 characters are kept whole", async () => {
    const job = await postJob({ details: "z".repeat(DETAILS_MAX) });
    const [row] = await db
      .select({ details: schema.jobs.details })
      .from(schema.jobs)
      .where(eq(schema.jobs.id, job.id));
    expect(row.details).toHaveLength(DETAILS_MAX);
  });

  it("PUT jobs/{id}: over-long details are a 422 and the stored details stay as they were", async () => {
    const job = await postJob({ details: "Bring gloves." });
    const before = await counts();
    const res = await api(jobRoute.PUT, `jobs/${job.id}`, {
      method: "PUT",
      as: "pm",
      params: { id: String(job.id) },
      json: await editPayload(job.id, { details: over(DETAILS_MAX) }),
    });
    await expect422(res, "details", "may be at most 20,000 characters");
    expect(await counts()).toEqual(before);
    const [row] = await db
      .select({ details: schema.jobs.details })
      .from(schema.jobs)
      .where(eq(schema.jobs.id, job.id));
    expect(row.details).toBe("Bring gloves.");
  });
});

describe("notes, clients and venues past their limits", () => {
  it("POST notes: a note past 5,000 characters is a 422 on comment; no note is written", async () => {
    const job = await postJob();
    const before = await counts();
    const res = await api(notesRoute.POST, "notes", {
      method: "POST",
      as: "pm",
      json: { noteable_id: job.id, noteable_type: "jobs", comment: over(NOTE_MAX) },
    });
    await expect422(res, "comment", "A note may be at most 5,000 characters.");
    expect(await counts()).toEqual(before);
  });

  it("POST companies: a name past 200 characters is a 422 on name; no client is written", async () => {
    const before = await counts();
    const res = await api(companiesRoute.POST, "companies", {
      method: "POST",
      as: "admin",
      json: { name: over(NAME_MAX), countryid: w.countryId },
    });
    await expect422(res, "name", "The name may be at most 200 characters.");
    expect(await counts()).toEqual(before);
  });

  it("PUT companies/{id}: a policy past 5,000 characters is a 422 and the client is unchanged", async () => {
    const before = await counts();
    const res = await api(companyRoute.PUT, `companies/${w.companyA}`, {
      method: "PUT",
      as: "admin",
      params: { id: String(w.companyA) },
      json: { food_policy: over(NOTE_MAX) },
    });
    await expect422(res, "food_policy", "may be at most 5,000 characters");
    expect(await counts()).toEqual(before);
    const [row] = await db
      .select({ name: schema.companies.name, food: schema.companies.foodPolicy })
      .from(schema.companies)
      .where(eq(schema.companies.id, w.companyA));
    expect(row).toEqual({ name: "Company A", food: null });
  });

  it("POST venues: notes past 5,000 characters are a 422 on notes; no venue is written", async () => {
    const before = await counts();
    const res = await api(venuesRoute.POST, "venues", {
      method: "POST",
      as: "admin",
      json: { name: "Long notes hall", country_id: w.countryId, notes: over(NOTE_MAX) },
    });
    await expect422(res, "notes", "may be at most 5,000 characters");
    expect(await counts()).toEqual(before);
  });
});
