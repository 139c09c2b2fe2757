import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { ROLE } from "@/lib/domain/permissions";
import {
  applyOn,
  createJobWorld,
  insertJob,
  jobRow,
  jobSnapshot,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { changeJobStatus } from "./status";

const now = new Date("2026-12-20T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
const people: number[] = [];

beforeAll(async () => {
  handle = await testDatabase();
  w = await createJobWorld(handle.db);
  for (let i = 0; i < 4; i++)
    people.push((await createUser(handle.db, { roles: [ROLE.worker], name: `Inv W${i}` })).id);
});
afterAll(async () => handle.close());

const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now });
const day = (d: number, h: number) => new Date(Date.UTC(2026, 11, d, h));

/** A job with one shift of four places, filled with applications in these statuses. */
async function job(status: JobStatus, apps: ApplicationStatus[] = ["Approved"], ref?: string) {
  const j = await insertJob(handle.db, {
    name: `Invoice job ${status}`,
    companyId: w.companyA,
    countryId: w.countryId,
    status,
    shifts: [
      { startsAt: day(1, 7), endsAt: day(1, 15), slots: [{ skillId: w.skill, positions: 4 }] },
    ],
  });
  for (const [i, s] of apps.entries())
    await applyOn(handle.db, j.shifts[0].slots[0].id, people[i], s);
  if (ref)
    await handle.db
      .update(schema.jobs)
      .set({ invoiceReference: ref })
      .where(eq(schema.jobs.id, j.id));
  return j;
}

const logOf = (jobId: number) =>
  handle.db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.subjectType, "jobs"), eq(schema.activityLog.subjectId, jobId)),
    );

describe("Approved → Invoiced", () => {
  it("needs the invoice reference (422 on the field), and writes nothing without it", async () => {
    const j = await job("Approved");
    const before = await jobSnapshot(handle.db, j.id);
    for (const body of [{}, { invoice_reference: "   " }, { invoice_reference: null }, undefined]) {
      const err = await appErrorOf(changeJobStatus(await ctxOf(w.pm), j.id, "Invoiced", body));
      expect(err.status).toBe(422);
      expect(err.message).toBe("Please give the invoice reference.");
      expect(err.errors?.invoice_reference).toEqual(["Please give the invoice reference."]);
    }
    const tooLong = await appErrorOf(
      changeJobStatus(await ctxOf(w.pm), j.id, "Invoiced", { invoice_reference: "x".repeat(300) }),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.errors?.invoice_reference).toBeDefined();
    expect(await jobSnapshot(handle.db, j.id)).toEqual(before);
    expect(await logOf(j.id)).toHaveLength(0);
  });

  it("keeps the reference given and logs the change in a sentence", async () => {
    const j = await job("Approved", ["Approved", "Approved"]);
    const result = await changeJobStatus(await ctxOf(w.pm), j.id, "invoiced", {
      invoice_reference: " INV-2026-17 ",
    });
    expect(result.status).toBe("Invoiced");
    const row = await jobRow(handle.db, j.id);
    expect(row.status).toBe("Invoiced");
    expect(row.invoiceReference).toBe("INV-2026-17");
    const log = await logOf(j.id);
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe(
      "Marked Invoice job Approved as Invoiced with invoice reference INV-2026-17",
    );
    expect(log[0].properties).toMatchObject({
      from: "Approved",
      to: "Invoiced",
      invoice_reference: "INV-2026-17",
    });
    expect(log[0].causerId).toBe(w.pm);
  });

  it("uses the reference already on the job when none is given", async () => {
    const j = await job("Approved", ["Approved"], "PO-55");
    await changeJobStatus(await ctxOf(w.admin), j.id, "Invoiced", {});
    const row = await jobRow(handle.db, j.id);
    expect(row.status).toBe("Invoiced");
    expect(row.invoiceReference).toBe("PO-55");
  });

  it("answers 409 naming how many booked places are not approved, and writes nothing", async () => {
    const j = await job("Approved", ["Approved", "Booked", "Reported", "Denied"]);
    const before = await jobSnapshot(handle.db, j.id);
    const err = await appErrorOf(
      changeJobStatus(await ctxOf(w.pm), j.id, "Invoiced", { invoice_reference: "INV-9" }),
    );
    expect(err.status).toBe(409);
    expect(err.type).toBe("places_not_approved");
    expect(err.message).toBe(
      "2 booked places are not approved yet. Approve their hours or remove them before invoicing the job.",
    );
    expect(await jobSnapshot(handle.db, j.id)).toEqual(before);
    expect((await jobRow(handle.db, j.id)).invoiceReference).toBeNull();
    expect(await logOf(j.id)).toHaveLength(0);
  });

  it("counts a place on a removed shift as removed", async () => {
    const j = await job("Approved", ["Approved", "Report!"]);
    const err = await appErrorOf(
      changeJobStatus(await ctxOf(w.pm), j.id, "Invoiced", { invoice_reference: "INV-10" }),
    );
    expect(err.message).toMatch(/^1 booked place is not approved yet\./);
    await handle.db
      .update(schema.shiftSlots)
      .set({ deletedAt: now })
      .where(eq(schema.shiftSlots.id, j.shifts[0].slots[0].id));
    await changeJobStatus(await ctxOf(w.pm), j.id, "Invoiced", { invoice_reference: "INV-10" });
    expect((await jobRow(handle.db, j.id)).status).toBe("Invoiced");
  });

  it("is refused to a worker, a client contact and a crew handler (403), another company (404)", async () => {
    const j = await job("Approved");
    const body = { invoice_reference: "INV-1" };
    for (const who of [w.worker, w.colA, w.crewHandler]) {
      const err = await appErrorOf(changeJobStatus(await ctxOf(who), j.id, "Invoiced", body));
      expect(err.status).toBe(403);
    }
    const err = await appErrorOf(
      changeJobStatus(await ctxOf(w.colEditorB), j.id, "Invoiced", body),
    );
    expect(err.status).toBe(404);
    expect((await jobRow(handle.db, j.id)).status).toBe("Approved");
    expect(await logOf(j.id)).toHaveLength(0);
  });
});

describe("Invoiced → Paid and reopening", () => {
  it("marks an invoiced job Paid and logs it", async () => {
    const j = await job("Invoiced", ["Approved"], "INV-3");
    await changeJobStatus(await ctxOf(w.pm), j.id, "Paid", {});
    expect((await jobRow(handle.db, j.id)).status).toBe("Paid");
    expect((await logOf(j.id)).map((l) => l.description)).toEqual([
      "Marked Invoice job Invoiced as Paid",
    ]);
  });

  it.each([
    ["Invoiced", "Approved"],
    ["Paid", "Invoiced"],
  ] as const)("needs a reason to reopen %s → %s (422), and logs it", async (from, to) => {
    const j = await job(from, ["Approved"], "INV-4");
    await handle.db
      .update(schema.jobs)
      .set({ reason: "Shown reason" })
      .where(eq(schema.jobs.id, j.id));
    for (const body of [{}, { reason: "  " }, undefined]) {
      const err = await appErrorOf(changeJobStatus(await ctxOf(w.pm), j.id, to, body));
      expect(err.status).toBe(422);
      expect(err.errors?.reason).toEqual(["Please give a reason for reopening the job."]);
    }
    expect((await jobRow(handle.db, j.id)).status).toBe(from);
    expect(await logOf(j.id)).toHaveLength(0);

    await changeJobStatus(await ctxOf(w.pm), j.id, to, { reason: " Wrong amount invoiced " });
    const row = await jobRow(handle.db, j.id);
    expect(row.status).toBe(to);
    // The reason shown on the job is not replaced; the reopening's reason is in the log.
    expect(row.reason).toBe("Shown reason");
    expect(row.invoiceReference).toBe("INV-4");
    const log = await logOf(j.id);
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe(
      `Reopened Invoice job ${from} from ${from} back to ${to}. Reason: Wrong amount invoiced`,
    );
    expect(log[0].properties).toMatchObject({ from, to, reason: "Wrong amount invoiced" });
  });
});
